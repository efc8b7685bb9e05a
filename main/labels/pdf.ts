import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import {
  mmToPoints,
  prepareLabels,
  sheetGrid,
  sheetSpec,
  type LabelRecordInput,
  type LabelTemplate,
  type PreparedLabel,
  type SheetSpecInput,
} from '../../shared/labels/index.js';
import { measureWithBwip } from './measure.js';
import { barcodePng } from './png.js';

export type PdfPageLayout = { kind: 'per-label' } | { kind: 'sheet'; sheet: SheetSpecInput };

export interface PdfOptions {
  layout: PdfPageLayout;
  /** Resolution the barcode images are drawn for; 600 dpi keeps every module several pixels wide. */
  imageDpi?: number;
}

export interface PdfResult {
  pdf: Uint8Array;
  pages: number;
  notes: string[];
}

/** Baseline below the top of a line, as a fraction of the font size (Helvetica's ascent plus half the leading). */
const BASELINE = 0.8;
/** Printed text is never shrunk below this to fit; it is reported instead. */
const MIN_FONT_PT = 4;

async function drawLabel(page: PDFPage, font: PDFFont, label: PreparedLabel, originMm: { x: number; y: number }, pageHeightMm: number, imageDpi: number, fontSizePt: number, notes: string[]): Promise<void> {
  // PDF space starts bottom-left in points; our layout is top-left in millimetres.
  const px = (mm: number): number => mmToPoints(originMm.x + mm);
  const py = (mm: number): number => mmToPoints(pageHeightMm - originMm.y - mm);

  const p = label.placement;
  const pxPerModule = Math.max(2, Math.ceil((p.moduleMm * imageDpi) / 25.4));
  const image = await page.doc.embedPng((await barcodePng(label.bwip, { pxPerModule })).png);
  page.drawImage(image, { x: px(p.x), y: py(p.y + p.h), width: mmToPoints(p.w), height: mmToPoints(p.h) });

  const t = label.layout.text;
  const available = mmToPoints(t.w);
  for (const [i, line] of label.lines.entries()) {
    if (line === '') continue;
    const natural = font.widthOfTextAtSize(line, fontSizePt);
    let size = fontSizePt;
    if (natural > available) {
      size = Math.max(MIN_FONT_PT, (fontSizePt * available) / natural);
      notes.push(
        size * natural / fontSizePt > available
          ? `Label ${label.index + 1} (ID "${label.recordId}"): "${line}" is wider than the label even at ${MIN_FONT_PT} pt and is cut off at the edge.`
          : `Label ${label.index + 1} (ID "${label.recordId}"): "${line}" printed at ${size.toFixed(1)} pt to fit the label width.`,
      );
    }
    page.drawText(line, { x: px(t.x), y: py(t.y + i * t.lineHeightMm + t.fontSizeMm * BASELINE), size, font });
  }
}

/**
 * Labels as a PDF for the system print dialog: one label per page at the stock's true size (label
 * printers) or a grid on A4/Letter sheets (office printers with label sheets).
 */
export async function labelsToPdf(template: LabelTemplate, records: readonly LabelRecordInput[], options: PdfOptions): Promise<PdfResult> {
  const { labels, notes } = prepareLabels(template, records, { measure: measureWithBwip });
  const doc = await PDFDocument.create();
  doc.setTitle(`Labels — ${template.name}`);
  doc.setCreator('Benchlink');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const imageDpi = options.imageDpi ?? 600;

  if (options.layout.kind === 'per-label') {
    for (const label of labels) {
      const page = doc.addPage([mmToPoints(template.widthMm), mmToPoints(template.heightMm)]);
      await drawLabel(page, font, label, { x: 0, y: 0 }, template.heightMm, imageDpi, template.fontSizePt, notes);
    }
  } else {
    const spec = sheetSpec.parse(options.layout.sheet);
    const grid = sheetGrid(spec, template.widthMm, template.heightMm);
    let page: PDFPage | undefined;
    let slot = spec.skip % grid.slots.length;
    for (const label of labels) {
      if (page === undefined || slot === 0) page = doc.addPage([mmToPoints(grid.pageWidthMm), mmToPoints(grid.pageHeightMm)]);
      await drawLabel(page, font, label, grid.slots[slot]!, grid.pageHeightMm, imageDpi, template.fontSizePt, notes);
      slot = (slot + 1) % grid.slots.length;
    }
  }
  return { pdf: await doc.save(), pages: doc.getPageCount(), notes };
}
