import { describe, expect, it } from 'vitest';
import { barcodePng, labelsToPdf, measureWithBwip } from '../../../../main/labels/index.js';
import {
  defaultTemplates,
  prepareLabels,
  QUIET_ZONE_MODULES,
  type LabelRecordInput,
  type LabelTemplate,
  type PreparedLabel,
} from '../../../../shared/labels/index.js';
import { crop, decode, pdfPagesToPng, rasterFromPng, type Raster } from './decode.js';

const templates = defaultTemplates();

/** Per template: the longest ID that still fits (found by hand; the "too long" test checks one more fails). */
const LONG_IDS: Record<string, string> = {
  'cryotube-code128': 'TB12345678',
  'cryotube-datamatrix': 'SAMPLE-2026-11-23-PLATE-0042-WELL-H12-REPL-3',
  'plate-side-code128': 'PLATE-2026-000042-X',
  'box-lid-qr': 'BOX-2026-FREEZER-7-RACK-3-SHELF-2-POSITION-0017-' + 'X'.repeat(60),
};

const records = (t: LabelTemplate): LabelRecordInput[] => [
  { id: 'TB-000123', name: 'HeLa P12', date: '2026-11-23', volume: '50' },
  { id: LONG_IDS[t.id]!, name: 'Long one', date: '2026-11-23' },
  { id: '42', name: 'numeric' },
];

/** The label's barcode (with its quiet zone) cut out of a page rendered at `dpi`. */
function barcodeRegion(
  page: Raster,
  label: PreparedLabel,
  originMm: { x: number; y: number },
  dpi: number,
  t: LabelTemplate,
): Raster {
  const pxPerMm = dpi / 25.4;
  const qz = QUIET_ZONE_MODULES[t.symbology] * label.placement.moduleMm;
  const p = label.placement;
  return crop(
    page,
    (originMm.x + p.x - qz) * pxPerMm,
    (originMm.y + p.y - qz) * pxPerMm,
    (p.w + 2 * qz) * pxPerMm,
    (p.h + 2 * qz) * pxPerMm,
  );
}

describe.each(templates.map((t) => [t.id, t] as const))('template %s decodes back exactly', (_id, template) => {
  const recs = records(template);
  const { labels } = prepareLabels(template, recs, { measure: measureWithBwip });

  it('prepares every record (including the long ID) with the value unchanged', () => {
    expect(labels.map((l) => l.barcodeValue)).toEqual(recs.map((r) => String(r.id)));
  });

  it('from the rendered PNG', async () => {
    for (const label of labels) {
      const { png } = await barcodePng(label.bwip, {
        pxPerModule: 4,
        quietZoneModules: QUIET_ZONE_MODULES[template.symbology],
      });
      expect(decode(rasterFromPng(png), template.symbology)).toBe(label.barcodeValue);
    }
  });

  it('from PDF pages at true size, rendered at 300 dpi', async () => {
    const { pdf, pages } = await labelsToPdf(template, recs, { layout: { kind: 'per-label' } });
    expect(pages).toBe(recs.length);
    const images = pdfPagesToPng(pdf, 300);
    expect(images).toHaveLength(recs.length);
    for (const [i, label] of labels.entries()) {
      const page = rasterFromPng(images[i]!);
      // True size: the page is the stock, 25.4 mm = 300 px at 300 dpi.
      expect(page.width).toBe(Math.round((template.widthMm / 25.4) * 300));
      expect(decode(barcodeRegion(page, label, { x: 0, y: 0 }, 300, template), template.symbology)).toBe(
        label.barcodeValue,
      );
    }
  });
});

describe('sheets of labels', () => {
  it('places labels in an A4 grid, skipping used slots, and every one decodes', async () => {
    const template = templates.find((t) => t.id === 'cryotube-datamatrix')!;
    const recs = Array.from({ length: 12 }, (_, i) => ({
      id: `TB-${String(i + 1).padStart(6, '0')}`,
      name: `Tube ${i + 1}`,
    }));
    const sheet = {
      paper: 'A4' as const,
      columns: 4,
      rows: 2,
      marginTopMm: 15,
      marginLeftMm: 12,
      gapXMm: 5,
      gapYMm: 3,
      skip: 3,
    };
    const { pdf, pages } = await labelsToPdf(template, recs, { layout: { kind: 'sheet', sheet } });
    // 8 slots per page, 3 skipped: 5 on page one, 7 on page two.
    expect(pages).toBe(2);
    const images = pdfPagesToPng(pdf, 300).map(rasterFromPng);
    const { labels } = prepareLabels(template, recs, { measure: measureWithBwip });
    for (const [i, label] of labels.entries()) {
      const slot = i + 3;
      const page = images[Math.floor(slot / 8)]!;
      const col = (slot % 8) % 4;
      const row = Math.floor((slot % 8) / 4);
      const origin = { x: 12 + col * (template.widthMm + 5), y: 15 + row * (template.heightMm + 3) };
      expect(decode(barcodeRegion(page, label, origin, 300, template), 'datamatrix')).toBe(label.barcodeValue);
    }
  });
});

describe('every symbology on every stock', () => {
  const symbologies = ['code128', 'datamatrix', 'qrcode'] as const;
  // A linear symbol beside the text gets under half the width; such stock puts it on top.
  const combos = templates.flatMap((t) =>
    symbologies.map(
      (s) =>
        [
          `${t.id} as ${s}`,
          { ...t, symbology: s, layout: s === 'code128' ? ('barcode-top' as const) : t.layout },
        ] as const,
    ),
  );

  it.each(combos)('%s decodes back from its PDF page', async (_name, template) => {
    // Short enough for Code 128 on a 1" tube at 300 dpi; a name with non-ASCII for the text lines.
    const recs = [{ id: 'S-7781', name: 'Müller', date: '2026-11-23' }];
    const { labels } = prepareLabels(template, recs, { measure: measureWithBwip, dpi: 300 });
    const { pdf } = await labelsToPdf(template, recs, { layout: { kind: 'per-label' } });
    const page = rasterFromPng(pdfPagesToPng(pdf, 300)[0]!);
    expect(decode(barcodeRegion(page, labels[0]!, { x: 0, y: 0 }, 300, template), template.symbology)).toBe('S-7781');
  });
});
