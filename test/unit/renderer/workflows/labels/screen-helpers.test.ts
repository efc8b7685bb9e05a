import { describe, expect, it } from 'vitest';
import { defaultTemplates } from '../../../../../shared/labels/index.js';
import { createNavigation } from '../../../../../renderer/lib/navigation.js';
import { safeFileName } from '../../../../../renderer/workflows/labels/file-name.js';
import { printProblem, problemFrom, reasonsOf } from '../../../../../renderer/workflows/labels/label-errors.js';
import { parseCreatedLocations } from '../../../../../renderer/workflows/labels/locations-paste.js';
import { columnsFor } from '../../../../../renderer/workflows/labels/row-columns.js';
import { idFromName, parseDraft, toDraft } from '../../../../../renderer/workflows/labels/template-draft.js';

const UUID = '3f2b8a1c-4d5e-4f60-8a9b-0c1d2e3f4a5b';

describe('Labels screen helpers', () => {
  it('splits a LabelError message back into one reason per label, the count in the title', () => {
    const error = {
      code: 'failed' as const,
      message: '2 labels cannot be made:\n- Label 1 (ID "Ä"): no\n- Label 3 (ID "Ö"): no',
    };
    expect(reasonsOf(error)).toEqual({
      summary: '2 labels cannot be made',
      reasons: ['Label 1 (ID "Ä"): no', 'Label 3 (ID "Ö"): no'],
    });
    expect(problemFrom('Export PDF failed', error).title).toBe('Export PDF failed: 2 labels cannot be made');
    expect(problemFrom('Export PDF failed', { code: 'failed', message: 'The printer refused.' })).toEqual({
      title: 'Export PDF failed',
      reasons: ['The printer refused.'],
    });
    expect(
      reasonsOf({
        code: 'invalid-message',
        message: 'Invalid payload',
        issues: [{ path: 'printer.host', message: 'A printer address is a host name or an IP address' }],
      }).reasons,
    ).toEqual(['printer.host: A printer address is a host name or an IP address']);
  });

  it('reads created locations from the status JSON, its created array, or "uuid name" lines', () => {
    const status = JSON.stringify({
      status: 'COMPLETED',
      requestId: 'r1',
      result: { created: [{ name: 'Box 9', uuid: UUID }] },
    });
    expect(parseCreatedLocations(status)).toEqual({ ok: true, locations: [{ name: 'Box 9', uuid: UUID }] });
    expect(parseCreatedLocations(JSON.stringify([{ name: 'Box 9', uuid: UUID }]))).toMatchObject({ ok: true });
    expect(parseCreatedLocations(`Kühlschrank 4\t${UUID}\n\n${UUID.replace('3f', '4f')} Box 10`)).toEqual({
      ok: true,
      locations: [
        { uuid: UUID, name: 'Kühlschrank 4' },
        { uuid: UUID.replace('3f', '4f'), name: 'Box 10' },
      ],
    });
    expect(parseCreatedLocations('Box 9 without an id')).toEqual({
      ok: false,
      reason: 'Line 1 has no location uuid: "Box 9 without an id".',
    });
    expect(parseCreatedLocations('{"created": [')).toMatchObject({ ok: false, reason: /does not parse/ });
    expect(parseCreatedLocations('{"__proto__": {"created": [1]}}')).toMatchObject({ ok: false });
  });

  it('a print cut off by a lost connection may have printed: it says so, and to check before sending again', () => {
    const lost = { code: 'disconnected' as const, message: 'Lost the connection to the Benchlink host.' };
    const problem = printProblem(lost);
    expect(problem.title).toBe('Printing may have finished');
    expect(problem.reasons.join(' ')).toMatch(/may have printed.*Check the printer.*before sending any again/);
    expect(printProblem({ code: 'failed', message: 'The printer refused.' })).toEqual({
      title: 'Printing did not finish',
      reasons: ['The printer refused.'],
    });
  });

  it('the same location pasted twice gets one label, and the paste says so', () => {
    const other = UUID.replace('3f', '4f');
    const twice = parseCreatedLocations(`Box 9 ${UUID}\nBox 10 ${other}\nBox 9 ${UUID}\n${UUID} Box 9`);
    expect(twice).toEqual({
      ok: true,
      locations: [
        { uuid: UUID, name: 'Box 9' },
        { uuid: other, name: 'Box 10' },
      ],
      note: '2 pasted lines repeat locations already in the list (Box 9); each location gets one label.',
    });
    const json = JSON.stringify({
      created: [
        { name: 'Box 9', uuid: UUID },
        { name: 'Box 9', uuid: UUID },
      ],
    });
    expect(parseCreatedLocations(json)).toMatchObject({ ok: true, locations: [{ uuid: UUID }] });
  });

  it('maps a row to label fields: ID and barcode columns as the cache knows them, the rest by header', () => {
    const headers = ['uuid', 'Sample ID', 'Tube Barcode', 'Volume uL', 'Status', 'Received', 'Notes'];
    expect(columnsFor({ headers, idColumn: 'Sample ID', barcodeColumn: 'Tube Barcode' })).toEqual({
      id: 'Sample ID',
      barcode: 'Tube Barcode',
      volume: 'Volume uL',
      date: 'Received',
    });
    expect(
      columnsFor({ headers: ['Reagent ID', 'Name', 'Expires'], idColumn: 'Reagent ID', barcodeColumn: null }),
    ).toEqual({ id: 'Reagent ID', name: 'Name' });
  });

  it('edits a template in its own unit and refuses through the shared schema, naming the field', () => {
    const tube = defaultTemplates()[0]!;
    const draft = toDraft(tube);
    expect(draft).toMatchObject({ unit: 'in', width: 1, height: 0.5, lines: '{id}\n{name}' });
    expect(parseDraft(draft)).toEqual({ ok: true, template: tube });
    expect(parseDraft({ ...draft, width: 1.5 })).toMatchObject({ ok: true, template: { widthMm: 38.1 } });
    expect(parseDraft({ ...draft, lines: '{id}\n{nmae}' })).toMatchObject({
      ok: false,
      issues: [expect.stringMatching(/^Text lines \(line 2\): Unknown field \{nmae\}/)],
    });
    expect(parseDraft({ ...draft, width: 0.1 })).toEqual({
      ok: false,
      issues: ['Width: must be between 5 and 300 mm (0.2 to 11.8 in)'],
    });
    expect(idFromName('Tube 1.5 × 0.5 in — Müller', [])).toBe('tube-1-5-0-5-in-muller');
    expect(idFromName('Cryotube', ['cryotube', 'cryotube-2'])).toBe('cryotube-3');
    expect(idFromName('µµ', [])).toBe('template');
  });

  it('names downloads safely whatever the plate is called', () => {
    expect(safeFileName('PL-0001-wells', 'pdf')).toBe('PL-0001-wells.pdf');
    expect(safeFileName('../../etc/passwd', 'zpl')).toBe('etc-passwd.zpl');
    expect(safeFileName('Kühl schrank', 'pdf')).toBe('K-hl-schrank.pdf');
    expect(safeFileName('', 'pdf')).toBe('labels.pdf');
  });

  it('navigation hands a screen its parameters once', () => {
    const shown: string[] = [];
    const nav = createNavigation((id) => shown.push(id));
    nav.go('labels', { plate: { uuid: 'u-1' } });
    expect(shown).toEqual(['labels']);
    expect(nav.take('labels')).toEqual({ plate: { uuid: 'u-1' } });
    expect(nav.take('labels')).toBeNull();
    nav.go('well-fill');
    expect(shown).toEqual(['labels', 'well-fill']);
  });
});
