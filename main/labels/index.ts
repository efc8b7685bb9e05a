/** Label output in main: PDF, ZPL, barcode PNGs, raw printing and saved templates. No electron here. */
export { measureWithBwip } from './measure.js';
export { barcodePng } from './png.js';
export type { BarcodePng, BarcodePngOptions } from './png.js';
export { labelsToPdf } from './pdf.js';
export type { PdfOptions, PdfPageLayout, PdfResult } from './pdf.js';
export { labelsToZplInTurns } from './zpl.js';
export { sendRawToPrinter, PrinterError } from './raw-printer.js';
export type { RawPrintJob, RawPrintResult } from './raw-printer.js';
export { createTemplateStore, TEMPLATE_FILE } from './template-store.js';
export type { LoadedTemplates, TemplateStore, TemplateStoreOptions } from './template-store.js';
export { keptSymbols, previewLabels } from './preview.js';
export type { DrawSymbol, PreviewSymbols } from './preview.js';
export { exportPdf, exportZpl, sendToPrinter } from './jobs.js';
export { finishInTurns, STEPS_PER_TURN } from './turns.js';
export type { PrintResult } from './jobs.js';
