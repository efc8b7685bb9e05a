import { describe, expect, it } from 'vitest';
import { barcodePng, labelsToPdf, labelsToZplInTurns, measureWithBwip } from '../../../../main/labels/index.js';
import {
  defaultTemplates,
  LabelError,
  prepareLabels,
  QUIET_ZONE_MODULES,
  type LabelTemplate,
  type Symbology,
} from '../../../../shared/labels/index.js';
import { crop, decode, pdfPagesToPng, rasterFromPng } from './decode.js';
import { issuesOf } from './label-issues.js';

const byId = (id: string): LabelTemplate => defaultTemplates().find((t) => t.id === id)!;
const withPolicy = (t: LabelTemplate, nonEncodable: 'refuse' | 'transliterate'): LabelTemplate => ({
  ...t,
  nonEncodable,
});

async function decodeFromPng(template: LabelTemplate, id: string): Promise<string> {
  const { labels } = prepareLabels(template, [{ id }], { measure: measureWithBwip });
  const { png } = await barcodePng(labels[0]!.bwip, {
    pxPerModule: 4,
    quietZoneModules: QUIET_ZONE_MODULES[template.symbology],
  });
  return decode(rasterFromPng(png), template.symbology);
}

async function decodeFromPdf(template: LabelTemplate, id: string, symbology: Symbology): Promise<string> {
  const { labels } = prepareLabels(template, [{ id }], { measure: measureWithBwip, dpi: 300 });
  const { pdf } = await labelsToPdf(template, [{ id }], { layout: { kind: 'per-label' } });
  const page = rasterFromPng(pdfPagesToPng(pdf)[0]!);
  const p = labels[0]!.placement;
  const qz = QUIET_ZONE_MODULES[symbology] * p.moduleMm;
  const k = 300 / 25.4;
  return decode(crop(page, (p.x - qz) * k, (p.y - qz) * k, (p.w + 2 * qz) * k, (p.h + 2 * qz) * k), symbology);
}

describe('non-ASCII values in Code 128', () => {
  const template = byId('plate-side-code128');

  it('refuses by default, naming the character and what to do', () => {
    const issues = issuesOf(() =>
      prepareLabels(template, [{ id: 'OK-1' }, { id: 'Probe-Müller' }], { measure: measureWithBwip }),
    );
    expect(issues).toEqual([
      'Label 2 (ID "Probe-Müller"): Code 128 can only hold ASCII letters, digits and punctuation; "ü" (U+00FC) in "Probe-Müller" cannot be encoded. Allow transliteration (ü → ue), use DataMatrix or QR, or change the value.',
    ]);
  });

  it('transliterates when the template allows it, says so, and the barcode reads the spelled value', async () => {
    const t = withPolicy(template, 'transliterate');
    const { notes, labels } = prepareLabels(t, [{ id: 'Zelllinie-Müller-é' }], { measure: measureWithBwip });
    expect(notes).toEqual([
      'Label 1 (ID "Zelllinie-Müller-é"): Code 128 cannot hold "ü", "é", so the barcode reads "Zelllinie-Mueller-e" (ü → ue, é → e), not "Zelllinie-Müller-é".',
    ]);
    expect(labels[0]!.barcodeValue).toBe('Zelllinie-Mueller-e');
    expect(await decodeFromPng(t, 'Zelllinie-Müller-é')).toBe('Zelllinie-Mueller-e');
    expect(await decodeFromPdf(t, 'Zelllinie-Müller-é', 'code128')).toBe('Zelllinie-Mueller-e');
  });

  it('refuses a character with no safe spelling even when transliteration is on', () => {
    const issues = issuesOf(() =>
      prepareLabels(withPolicy(template, 'transliterate'), [{ id: 'α-7' }], { measure: measureWithBwip }),
    );
    expect(issues).toEqual([
      'Label 1 (ID "α-7"): Code 128 can only hold ASCII letters, digits and punctuation; "α" (U+03B1) in "α-7" cannot be encoded. It has no safe ASCII spelling; use QR or change the value.',
    ]);
  });

  it('refuses control characters (a tab would scan as a field jump)', () => {
    expect(issuesOf(() => prepareLabels(template, [{ id: 'A\tB' }], { measure: measureWithBwip }))[0]).toContain(
      '"\t" (U+0009)',
    );
  });
});

describe('non-ASCII values in DataMatrix and QR', () => {
  it('DataMatrix holds Latin-1 exactly ("Müller" scans as "Müller")', async () => {
    const t = byId('cryotube-datamatrix');
    expect(await decodeFromPng(t, 'Müller-7')).toBe('Müller-7');
    expect(await decodeFromPdf(t, 'Müller-7', 'datamatrix')).toBe('Müller-7');
  });

  it('DataMatrix refuses beyond Latin-1 and suggests the spelling', () => {
    const issues = issuesOf(() =>
      prepareLabels(byId('cryotube-datamatrix'), [{ id: 'Łódź-1' }], { measure: measureWithBwip }),
    );
    expect(issues).toEqual([
      'Label 1 (ID "Łódź-1"): DataMatrix can only hold Western European (ISO-8859-1) characters; "Ł" (U+0141) in "Łódź-1" cannot be encoded. Allow transliteration (Ł → L), use QR, or change the value.',
    ]);
  });

  it('QR holds any Unicode exactly (UTF-8 with ECI)', async () => {
    // The ID cannot be printed as text (fonts are Latin-1), so this template prints only the name.
    const t = { ...byId('box-lid-qr'), lines: ['{name}'] };
    const id = 'Zellkultur-Müller-αβ-東京';
    expect(await decodeFromPng(t, id)).toBe(id);
    expect(await decodeFromPdf(t, id, 'qrcode')).toBe(id);
  });

  it('QR keeps a "^" literally (it is the ECI escape inside bwip-js)', async () => {
    expect(await decodeFromPng(byId('box-lid-qr'), 'A^B-é')).toBe('A^B-é');
  });
});

describe('printed text', () => {
  const template = byId('cryotube-datamatrix');

  it('keeps Latin-1, spells the rest safely and says so', () => {
    const { labels, notes } = prepareLabels(template, [{ id: 'T1', name: 'Łódź Müller' }], {
      measure: measureWithBwip,
    });
    expect(labels[0]!.lines).toEqual(['T1', 'Lódz Müller', '']);
    expect(notes).toEqual([
      'Label 1 (ID "T1"): printed "Łódź Müller" as "Lódz Müller" (Ł → L, ź → z); the label fonts cannot print the original.',
    ]);
  });

  it('refuses text the fonts cannot print, naming the character', () => {
    expect(
      issuesOf(() => prepareLabels(template, [{ id: 'T1', name: 'β-Gal' }], { measure: measureWithBwip })),
    ).toEqual([
      'Label 1 (ID "T1"): the text "β-Gal" has "β" (U+03B2), which the label fonts cannot print and which has no safe spelling; change the value.',
    ]);
  });
});

describe('length limits per stock', () => {
  it('refuses an ID too long for Code 128 on a 1" tube, saying why and what to do', () => {
    const issues = issuesOf(() =>
      prepareLabels(byId('cryotube-code128'), [{ id: 'TB-000123-ABC' }], { measure: measureWithBwip, dpi: 300 }),
    );
    expect(issues).toEqual([
      'Label 1 (ID "TB-000123-ABC"): "TB-000123-ABC" is too long for Code 128 on the 25.4 × 12.7 mm label at 300 dpi: it would need 0.128 mm modules (the narrowest that scans reliably is 0.165 mm). Shorten the ID, use a wider label, or use DataMatrix.',
    ]);
  });

  it('the same ID fits the 2" plate label', () => {
    expect(
      prepareLabels(byId('plate-side-code128'), [{ id: 'TB-000123-ABC' }], { measure: measureWithBwip, dpi: 300 })
        .labels,
    ).toHaveLength(1);
  });

  it('a 203 dpi printer cannot print the cryotube Code 128 at all: two dots are 0.25 mm', () => {
    expect(
      issuesOf(() =>
        prepareLabels(byId('cryotube-code128'), [{ id: 'TB-000123' }], { measure: measureWithBwip, dpi: 203 }),
      ),
    ).toEqual([
      'Label 1 (ID "TB-000123"): "TB-000123" is too long for Code 128 on the 25.4 × 12.7 mm label at 203 dpi: its 0.181 mm modules can only be printed as 1 dot(s) (0.125 mm), narrower than the 0.165 mm that scans reliably. Shorten the ID, use a wider label, or use DataMatrix.',
    ]);
  });

  it('refuses a DataMatrix ID too long for the tube', () => {
    const id = 'Ab3-'.repeat(60);
    expect(issuesOf(() => prepareLabels(byId('cryotube-datamatrix'), [{ id }], { measure: measureWithBwip }))).toEqual([
      `Label 1 (ID "${id}"): "${id}" is too long for DataMatrix on the 25.4 × 12.7 mm label: it would need 0.158 mm modules (the narrowest that scans reliably is 0.165 mm). Shorten the ID, or use a larger label.`,
    ]);
  });

  it('lists every bad label at once, and an empty barcode field', () => {
    const issues = issuesOf(() =>
      prepareLabels(
        byId('cryotube-code128'),
        [{ id: 'Ä' }, { id: 'OK' }, { id: 'T', barcode: '' }, { id: 'Y'.repeat(40) }],
        { measure: measureWithBwip },
      ),
    );
    expect(issues).toHaveLength(2);
    const barcodeTemplate = { ...byId('plate-side-code128'), barcodeField: '{barcode}' };
    expect(issuesOf(() => prepareLabels(barcodeTemplate, [{ id: 'T' }], { measure: measureWithBwip }))).toEqual([
      'Label 1 (ID "T"): the barcode field {barcode} is empty for this record',
    ]);
  });
});

describe('printed text that is wider than the label', () => {
  it('is shrunk to fit and reported, or reported as cut off below 4 pt', async () => {
    const template = byId('cryotube-datamatrix');
    const { notes } = await labelsToPdf(
      template,
      [
        { id: 'T1', name: 'HeLa P12 passage' },
        { id: 'T2', name: 'An extremely long sample name nobody can read' },
      ],
      { layout: { kind: 'per-label' } },
    );
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatch(/^Label 1 \(ID "T1"\): "HeLa P12 passage" printed at \d\.\d pt to fit the label width\.$/);
    expect(notes[1]).toBe(
      'Label 2 (ID "T2"): "An extremely long sample name nobody can read" is wider than the label even at 4 pt and is cut off at the edge.',
    );
  });

  it('ZPL shrinks and reports them in the same words as the PDF, never cuts them off silently', async () => {
    const template = byId('cryotube-datamatrix');
    const long = 'HeLa-S3 passage 12 thawed 2024-05-11 by MK';
    const { zpl, notes } = await labelsToZplInTurns(template, [{ id: 'TB-1', name: long }], { dpi: 300 });
    const pdf = await labelsToPdf(template, [{ id: 'TB-1', name: long }], { layout: { kind: 'per-label' } });
    expect(notes).toEqual([
      `Label 1 (ID "TB-1"): "${long}" is wider than the label even at 4 pt and is cut off at the edge.`,
    ]);
    expect(notes).toEqual(pdf.notes);
    // Printed at the 4 pt floor: 4 pt is 16.7 dots at 300 dpi.
    expect(zpl).toContain(`^A0N,17,17^FH^FD${long}^FS`);
    const shrunk = await labelsToZplInTurns(template, [{ id: 'T1', name: 'HeLa P12 passage' }], { dpi: 300 });
    expect(shrunk.notes).toHaveLength(1);
    expect(shrunk.notes[0]).toMatch(
      /^Label 1 \(ID "T1"\): "HeLa P12 passage" printed at \d\.\d pt to fit the label width\.$/,
    );
    // Text that fits keeps its size and has no note.
    expect((await labelsToZplInTurns(template, [{ id: 'T2', name: 'HeLa' }], { dpi: 300 })).notes).toEqual([]);
  });
});

describe('what a refusal of several problems says', () => {
  it('counts the labels, not the problems: two lines of one label it cannot print are "1 label cannot be made"', () => {
    const oneLabel = new LabelError(['Label 1 (ID "α-01"): line one', 'Label 1 (ID "α-01"): line two']);
    expect(oneLabel.message).toBe(
      '1 label cannot be made:\n- Label 1 (ID "α-01"): line one\n- Label 1 (ID "α-01"): line two',
    );
    expect(new LabelError(['Label 1: x', 'Label 3: y', 'Label 3: z']).message).toMatch(/^2 labels cannot be made:\n/);
  });
});

describe('the value a barcode holds', () => {
  it('is the ID as the record has it, spacing and all: the label scanned back names the same row', async () => {
    const template = byId('plate-side-code128');
    const { labels, notes } = prepareLabels(template, [{ id: 'S-0001  A' }, { id: ' S-0002' }], {
      measure: measureWithBwip,
    });
    expect(labels.map((l) => l.barcodeValue)).toEqual(['S-0001  A', ' S-0002']);
    expect(notes).toEqual([]);
    expect(await decodeFromPng(template, 'S-0001  A')).toBe('S-0001  A');
  });
});

describe('a printed line whose value holds a tab or a line break (a cell pasted from a spreadsheet)', () => {
  it('prints it with a space there; on the old code one such name refused the whole batch', () => {
    const template = byId('cryotube-datamatrix');
    const { labels, notes } = prepareLabels(
      template,
      [
        { id: 'TB-1', name: 'HeLa\tP12' },
        { id: 'TB-2', name: 'HeLa\nP12' },
        { id: 'TB-3', name: 'HeLa\r\nP12' },
      ],
      { measure: measureWithBwip },
    );
    expect(labels.map((l) => l.lines.find((line) => line.startsWith('HeLa')))).toEqual([
      'HeLa P12',
      'HeLa P12',
      'HeLa P12',
    ]);
    expect(notes).toEqual([]);
  });
});

describe('text beside the barcode taller than the label', () => {
  it('is refused with the heights, where the last lines were drawn past the label’s foot unsaid', () => {
    const template = { ...byId('cryotube-datamatrix'), fontSizePt: 12 };
    expect(() =>
      prepareLabels(template, [{ id: 'TB-1', name: 'HeLa', date: '2026-11-27' }], { measure: measureWithBwip }),
    ).toThrow(
      /^Template ".*": \d+ text lines at 12 pt need [\d.]+ mm, but the 25\.4 × 12\.7 mm label has [\d.]+ mm inside its margins; use fewer lines, a smaller font or smaller margins\.$/,
    );
    // The template as it comes fits.
    expect(
      prepareLabels(byId('cryotube-datamatrix'), [{ id: 'TB-1', name: 'HeLa', date: '2026-11-27' }], {
        measure: measureWithBwip,
      }).labels,
    ).toHaveLength(1);
  });
});
