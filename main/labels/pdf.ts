import { nextTurn } from '../common/next-turn.js';
import {
  clip,
  endPath,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  StandardFonts,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import {
  LabelError,
  MAX_PDF_BARCODE_MEGAPIXELS,
  mmToPoints,
  preparingLabels,
  sheetGrid,
  sheetSpec,
  type LabelRecordInput,
  type LabelTemplate,
  type PreparedLabel,
  type PdfPageLayoutInput,
} from '../../shared/labels/index.js';
import { measureWithBwip } from './measure.js';
import { linearBars } from './bars.js';
import { barcodePng } from './png.js';
import { finishInTurns } from './turns.js';

export type PdfPageLayout = PdfPageLayoutInput;

export interface PdfOptions {
  layout: PdfPageLayout;
  /**
   * The printer's resolution. Modules, barcode positions and image pixels are whole dots of it, so
   * no bar is resampled to a different width; 300 also lands exactly on 600 and 1200 dpi printers.
   */
  printDpi?: number;
}

export interface PdfResult {
  pdf: Uint8Array;
  pages: number;
  notes: string[];
}

const BLACK = rgb(0, 0, 0);

/** Baseline below the top of a line, as a fraction of the font size (Helvetica's ascent plus half the leading). */
const BASELINE = 0.8;

interface DrawContext {
  font: PDFFont;
  widthMm: number;
  heightMm: number;
  pageHeightMm: number;
  dotMm: number;
}

async function drawLabel(
  page: PDFPage,
  label: PreparedLabel,
  originMm: { x: number; y: number },
  ctx: DrawContext,
): Promise<void> {
  page.pushOperators(pushGraphicsState());
  try {
    // Clip to the label: over-long text must not print onto the next label of a sheet.
    const { widthMm, heightMm } = ctx;
    page.pushOperators(
      rectangle(
        mmToPoints(originMm.x),
        mmToPoints(ctx.pageHeightMm - originMm.y - heightMm),
        mmToPoints(widthMm),
        mmToPoints(heightMm),
      ),
      clip(),
      endPath(),
    );
    await drawLabelContent(page, label, originMm, ctx);
  } finally {
    page.pushOperators(popGraphicsState());
  }
}

async function drawLabelContent(
  page: PDFPage,
  label: PreparedLabel,
  originMm: { x: number; y: number },
  ctx: DrawContext,
): Promise<void> {
  const { font, pageHeightMm, dotMm } = ctx;
  // PDF space starts bottom-left in points; our layout is top-left in millimetres.
  const px = (mm: number): number => mmToPoints(originMm.x + mm);
  const py = (mm: number): number => mmToPoints(pageHeightMm - originMm.y - mm);
  const snap = (mm: number): number => Math.round(mm / dotMm) * dotMm;

  const p = label.placement;
  const left = snap(originMm.x + p.x) - originMm.x;
  const top = snap(originMm.y + p.y) - originMm.y;
  if (label.symbol.heightModules === null) {
    let x = left;
    for (const [i, modules] of linearBars(label.bwip).entries()) {
      const w = modules * p.moduleMm;
      if (i % 2 === 0)
        page.drawRectangle({ x: px(x), y: py(top + p.h), width: mmToPoints(w), height: mmToPoints(p.h), color: BLACK });
      x += w;
    }
  } else {
    // 2D as an image with one pixel per printer dot, so nothing is resampled at the printer's resolution.
    const image = await page.doc.embedPng(
      (await barcodePng(label.bwip, { pxPerModule: Math.round(p.moduleMm / dotMm) })).png,
    );
    page.drawImage(image, { x: px(left), y: py(top + p.h), width: mmToPoints(p.w), height: mmToPoints(p.h) });
  }

  const t = label.layout.text;
  for (const [i, line] of label.lines.entries()) {
    if (line === '') continue;
    // At the size the label was prepared with (fitLines), as the ZPL and the preview draw it.
    const size = label.lineSizesPt[i]!;
    page.drawText(line, { x: px(t.x), y: py(t.y + i * t.lineHeightMm + t.fontSizeMm * BASELINE), size, font });
  }
}

/** The 2D barcode pixels a job would draw (one per printer dot); linear bars are vectors and cost nothing here. */
function barcodePixels(labels: readonly PreparedLabel[], dotMm: number): number {
  let total = 0;
  for (const l of labels) {
    if (l.symbol.heightModules === null) continue;
    total += Math.ceil(l.placement.w / dotMm) * Math.ceil(l.placement.h / dotMm);
  }
  return total;
}

/**
 * Labels as a PDF for the system print dialog: one label per page at the stock's true size (label
 * printers) or a grid on A4/Letter sheets (office printers with label sheets).
 */
export async function labelsToPdf(
  template: LabelTemplate,
  records: readonly LabelRecordInput[],
  options: PdfOptions,
): Promise<PdfResult> {
  const printDpi = options.printDpi ?? 300;
  // Prepared a few labels a turn: main answers scans meanwhile, as it does between the labels it draws.
  const { labels, notes } = await finishInTurns(
    preparingLabels(template, records, { measure: measureWithBwip, dpi: printDpi }),
  );
  // An empty PDF would open a print dialog for nothing; say so instead.
  if (labels.length === 0) throw new LabelError(['Nothing to print: no records were chosen.']);
  // Refused before drawing anything: a job's cost is known from its placements.
  const megapixels = barcodePixels(labels, 25.4 / printDpi) / 1e6;
  if (megapixels > MAX_PDF_BARCODE_MEGAPIXELS) {
    throw new LabelError([
      `These ${labels.length} labels would need ${Math.ceil(megapixels)} megapixels of barcode images at ${printDpi} dpi, more than the ${MAX_PDF_BARCODE_MEGAPIXELS} one PDF may take: print them in smaller batches, at a lower dpi, or with a smaller barcode.`,
    ]);
  }
  const doc = await PDFDocument.create();
  doc.setTitle(`Labels — ${template.name}`);
  doc.setCreator('Benchlink');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const ctx = (pageHeightMm: number): DrawContext => ({
    font,
    widthMm: template.widthMm,
    heightMm: template.heightMm,
    pageHeightMm,
    dotMm: 25.4 / printDpi,
  });

  if (options.layout.kind === 'per-label') {
    for (const label of labels) {
      const page = doc.addPage([mmToPoints(template.widthMm), mmToPoints(template.heightMm)]);
      await drawLabel(page, label, { x: 0, y: 0 }, ctx(template.heightMm));
      await nextTurn();
    }
  } else {
    const spec = sheetSpec.parse(options.layout.sheet);
    const grid = sheetGrid(spec, template.widthMm, template.heightMm);
    // A sheet has no more used slots than it has: 70 on a sheet of 21 is a slip, and wrapping it
    // (to slot 7) would print over labels the user meant to keep.
    if (spec.skip >= grid.slots.length)
      throw new LabelError([
        `${spec.skip} used labels to skip, but a sheet of these has ${grid.slots.length}: give how many of this sheet are used (0 to ${grid.slots.length - 1}).`,
      ]);
    let page: PDFPage | undefined;
    let slot = spec.skip;
    for (const label of labels) {
      if (page === undefined || slot === 0)
        page = doc.addPage([mmToPoints(grid.pageWidthMm), mmToPoints(grid.pageHeightMm)]);
      await drawLabel(page, label, grid.slots[slot]!, ctx(grid.pageHeightMm));
      await nextTurn();
      slot = (slot + 1) % grid.slots.length;
    }
  }
  return { pdf: await doc.save(), pages: doc.getPageCount(), notes };
}
