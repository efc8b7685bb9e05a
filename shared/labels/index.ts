/**
 * Label templates and their checks, shared by main (PDF, ZPL, printing, the preview's drawing) and the
 * renderer (templates, what to label, the preview's shape).
 */
export { LabelError } from './errors.js';
export { SYMBOLOGIES, PLACEHOLDERS, labelTemplate, labelTemplateInput, placeholdersIn } from './template.js';
export type { LabelTemplate, LabelTemplateInput, Symbology, Placeholder } from './template.js';
export { defaultTemplates } from './defaults.js';
export { labelRecord, recordFromRow } from './record.js';
export type { LabelRecord, LabelRecordInput, ColumnMap } from './record.js';
export { recordForPlate, recordsForWells, recordsForLocations } from './sources.js';
export { fitToCharset, BARCODE_CHARSET } from './charset.js';
export { fillFields } from './fill.js';
export { bwipRequestFor, symbolSizeFromRaw, QUIET_ZONE_MODULES, SYMBOLOGY_NAMES } from './symbol.js';
export type { BwipRequest, BwipRaw, MeasureSymbol, SymbolSize } from './symbol.js';
export { layoutLabel, placeSymbol } from './layout.js';
export type { Box, LabelLayout, Placement, TextLayout } from './layout.js';
export { prepareLabels, preparingLabels } from './prepare.js';
export { finish } from './steps.js';
export type { Steps } from './steps.js';
export type { PreparedLabel, PreparedLabels, PrepareOptions } from './prepare.js';
export { toZpl, zplSteps, ZPL_DPIS } from './zpl.js';
export { fitLines, fitTextLine, MIN_FONT_PT } from './text-fit.js';
export { helveticaWidth } from './helvetica.js';
export type { MeasureText, TextFit } from './text-fit.js';
export type { ZplDpi, ZplOptions, ZplResult } from './zpl.js';
export { sheetSpec, sheetGrid, PAPER_MM } from './sheet.js';
export type { SheetSpec, SheetSpecInput, SheetGrid } from './sheet.js';
export { toMm, fromMm, mmToPoints, pointsToMm, mmToDots, MM_PER_INCH } from './units.js';
export {
  labelJob,
  pdfJob,
  zplJob,
  printJob,
  printerTarget,
  pdfPageLayout,
  zplDpi,
  MAX_LABELS_PER_JOB,
  MAX_PDF_DPI,
  MAX_PDF_BARCODE_MEGAPIXELS,
} from './jobs.js';
export type { PdfJob, ZplJob, PrintJob, PrinterTarget, PdfPageLayoutInput } from './jobs.js';
export { previewJob, drawnPreview, drawnLabel, MAX_PREVIEW_DRAWN } from './preview.js';
export type { PreviewJob, DrawnPreview, DrawnLabel } from './preview.js';
