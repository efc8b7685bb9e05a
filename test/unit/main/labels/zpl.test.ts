import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { measureWithBwip } from '../../../../main/labels/index.js';
import {
  defaultTemplates,
  LabelError,
  type LabelRecordInput,
  type LabelTemplate,
  toZpl,
  type ZplDpi,
} from '../../../../shared/labels/index.js';

/** ZPL as main makes it (labelsToZplInTurns: the same steps, with bwip-js measuring), in one go. */
const labelsToZpl = (template: LabelTemplate, records: readonly LabelRecordInput[], options: { dpi?: ZplDpi } = {}) =>
  toZpl(template, records, { ...options, measure: measureWithBwip });

const fixtures = (name: string): string => fileURLToPath(new URL(`../../../fixtures/labels/${name}`, import.meta.url));
const byId = (id: string): LabelTemplate => defaultTemplates().find((t) => t.id === id)!;

/** Records per template, with the characters ZPL could misread (^ ~ _ \) and non-ASCII text. */
const CASES: Record<string, { dpi: ZplDpi; records: LabelRecordInput[] }> = {
  // 300 dpi: a 203 dpi printer cannot print this stock's Code 128 (see values.test.ts).
  'cryotube-code128': {
    dpi: 300,
    records: [
      { id: 'TB-000123', name: 'HeLa P12' },
      { id: 'TB-9_^~', name: 'Müller \\ 5' },
    ],
  },
  'cryotube-datamatrix': {
    dpi: 203,
    records: [
      { id: 'TB-000123', name: 'HeLa P12', date: '2026-11-23' },
      { id: 'Müller-7`|', name: 'Zelllinie Ø' },
    ],
  },
  'plate-side-code128': { dpi: 203, records: [{ id: 'PLATE-0042', name: 'Assay A', date: '2026-11-23' }] },
  'box-lid-qr': {
    dpi: 203,
    records: [
      { id: 'BOX-7', name: 'Freezer 3 – Rack 2', date: '2026-11-23' },
      { id: 'BOX-8', name: 'Gäste' },
    ],
  },
};

describe('ZPL goldens', () => {
  it('covers every default template', () => {
    expect(Object.keys(CASES).sort()).toEqual(
      defaultTemplates()
        .map((t) => t.id)
        .sort(),
    );
  });

  for (const [id, { dpi, records }] of Object.entries(CASES)) {
    it(`${id} at ${dpi} dpi matches test/fixtures/labels/${id}.zpl exactly`, () => {
      const { zpl } = labelsToZpl(byId(id), records, { dpi });
      const golden = fixtures(`${id}.zpl`);
      // Regenerate deliberately, then review the diff: UPDATE_LABEL_GOLDENS=1 npx vitest run test/unit/labels
      if (process.env['UPDATE_LABEL_GOLDENS'] === '1') writeFileSync(golden, zpl);
      expect(existsSync(golden), `missing golden ${golden}`).toBe(true);
      expect(zpl).toBe(readFileSync(golden, 'utf8'));
    });
  }
});

describe('ZPL details', () => {
  it('one ^XA…^XZ block per label, sized in dots for the dpi', () => {
    const template = byId('plate-side-code128');
    const at203 = labelsToZpl(template, [{ id: 'A1' }, { id: 'A2' }, { id: 'A3' }], { dpi: 203 }).zpl;
    expect(at203.match(/\^XA/g)).toHaveLength(3);
    expect(at203.match(/\^XZ/g)).toHaveLength(3);
    expect(at203).toContain('^PW406\n^LL203'); // 2" × 1" at 203 dpi
    const at300 = labelsToZpl(template, [{ id: 'A1' }], { dpi: 300 }).zpl;
    expect(at300).toContain('^PW600\n^LL300');
  });

  it('escapes command characters so a value can never end the field or start a command', () => {
    const { zpl } = labelsToZpl(byId('plate-side-code128'), [{ id: 'A^XZ~JR_\\', name: 'n' }], { dpi: 203 });
    expect(zpl).toContain('^FH^FDA_5EXZ_7EJR_5F_5C^FS');
    // Exactly one label start and end: the ^XZ inside the value did not survive as a command.
    expect(zpl.match(/\^XZ/g)).toHaveLength(1);
  });

  it('QR carries UTF-8 (^CI28) bytes; Code 128 and DataMatrix Latin-1 (^CI27)', () => {
    // A QR value outside ASCII is refused for ZPL (zebraWouldAlter, below); its text lines carry UTF-8.
    const qr = labelsToZpl(byId('box-lid-qr'), [{ id: 'BOX-1', name: 'Gäste' }], { dpi: 203 }).zpl;
    expect(qr).toContain('^CI28');
    expect(qr).toContain('^FDG_C3_A4ste^FS');
    const dm = labelsToZpl(byId('cryotube-datamatrix'), [{ id: 'é' }], { dpi: 203 }).zpl;
    expect(dm).toContain('^CI27');
    expect(dm).toMatch(/\^FH\^FD_E9\^FS/);
  });

  it('reports transliterated text as a note alongside the ZPL', () => {
    const { notes } = labelsToZpl(byId('box-lid-qr'), [{ id: 'BOX-7', name: 'Freezer 3 – Rack 2' }], { dpi: 203 });
    expect(notes).toEqual([
      'Label 1 (ID "BOX-7"): printed "Freezer 3 – Rack 2" as "Freezer 3 - Rack 2" (– → -); the label fonts cannot print the original.',
    ]);
  });

  it('refuses instead of writing ZPL for a value the printer cannot hold', () => {
    expect(() => labelsToZpl(byId('plate-side-code128'), [{ id: 'Ä-1' }], { dpi: 203 })).toThrow(LabelError);
    expect(() => labelsToZpl(byId('plate-side-code128'), [], { dpi: 203 })).toThrow(
      'Nothing to print: no records were chosen.',
    );
  });
});

describe('values a Zebra would encode otherwise than the PDF', () => {
  it('are refused for ZPL with why and what to do, every one named; the PDF path is not concerned', () => {
    const code128 = byId('cryotube-code128');
    expect(() =>
      labelsToZpl(code128, [{ id: 'A>8B', name: 'x' }, { id: 'TB-1' }, { id: 'LOT>51' }], { dpi: 300 }),
    ).toThrow(
      new LabelError([
        'Label 1 (ID "A>8B"): "A>8B" has ">", which a Zebra printer reads as the start of a code in a Code 128 ' +
          'barcode (the label would scan as another ID): print the PDF instead, or use a template with another barcode.',
        'Label 3 (ID "LOT>51"): "LOT>51" has ">", which a Zebra printer reads as the start of a code in ' +
          'a Code 128 barcode (the label would scan as another ID): print the PDF instead, or use a template with ' +
          'another barcode.',
      ]),
    );
    expect(() => labelsToZpl({ ...byId('box-lid-qr'), lines: [] }, [{ id: 'Box-é-東' }])).toThrow(
      /"Box-é-東" has characters outside ASCII, which a Zebra printer's QR code does not encode as the PDF does/,
    );
    expect(() => labelsToZpl(byId('cryotube-datamatrix'), [{ id: 'a`|@#$%&*b' }])).toThrow(
      /holds every character a Zebra DataMatrix field could use to escape/,
    );
    // The same characters elsewhere are fine: ">" in a DataMatrix, "東" in a text line of a QR label.
    expect(labelsToZpl(byId('cryotube-datamatrix'), [{ id: 'A>8B' }]).zpl).toContain('^FDA>8B^FS');
    expect(labelsToZpl(byId('box-lid-qr'), [{ id: 'BOX-9', name: 'Gäste' }]).zpl).toContain('^FDMA,BOX-9^FS');
  });
});

describe('Code 128 module width at 600 dpi', () => {
  it('stays within ^BY 1-10 dots, re-centred, and within the template minimum', () => {
    const template = byId('plate-side-code128');
    const { zpl, notes } = labelsToZpl(template, [{ id: 'P1' }], { dpi: 600 });
    const by = Number(/\^BY(\d+)/.exec(zpl)![1]);
    expect(by).toBeGreaterThanOrEqual(1);
    expect(by).toBeLessThanOrEqual(10);
    expect((by * 25.4) / 600).toBeGreaterThanOrEqual(template.minModuleMm);
    expect(notes).toEqual([]);
    // Narrower than planned, so moved right by half the difference: the symbol stays centred.
    const x = Number(/\^FO(\d+),\d+\^BY/.exec(zpl)![1]);
    const { widthModules } = measureWithBwip({ bcid: 'code128', text: 'P1' });
    expect(Math.abs(x + (by * widthModules) / 2 - (template.widthMm / 25.4) * 300)).toBeLessThanOrEqual(1);
  });

  it('says so when ten dots are narrower than the template minimum', () => {
    const template = { ...byId('plate-side-code128'), minModuleMm: 0.45 };
    const { zpl, notes } = labelsToZpl(template, [{ id: 'P1' }], { dpi: 600 });
    expect(zpl).toContain('^BY10');
    expect(notes).toEqual([
      'Label 1 (ID "P1"): a Zebra printer draws Code 128 modules at most 10 dots wide, 0.423 mm at 600 dpi, narrower than the 0.45 mm this template asks for; check that it scans, or print at a lower dpi.',
    ]);
  });
});
