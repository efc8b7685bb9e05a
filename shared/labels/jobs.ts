import { z } from 'zod';
import { labelRecord } from './record.js';
import { sheetSpec } from './sheet.js';
import { labelTemplate } from './template.js';

/**
 * IPC payloads for label work (labels.exportPdf, labels.exportZpl, labels.sendToPrinter), parsed
 * in main before anything is drawn or sent: the renderer is never trusted (DESIGN.md).
 */

/** More than two full 384-well plates, beyond any bench batch; small enough that a PDF stays reasonable. */
export const MAX_LABELS_PER_JOB = 1000;

export const labelJob = z.strictObject({
  template: labelTemplate,
  records: z.array(labelRecord).min(1, 'Choose at least one thing to label').max(MAX_LABELS_PER_JOB),
});

export const pdfPageLayout = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('per-label') }),
  z.strictObject({ kind: z.literal('sheet'), sheet: sheetSpec }),
]);
export type PdfPageLayoutInput = z.input<typeof pdfPageLayout>;

export const zplDpi = z.union([z.literal(203), z.literal(300), z.literal(600)]);

/**
 * Label printers print at 203, 300 or 600 dpi. More buys nothing on a label and costs main dearly:
 * 2D barcodes are drawn one pixel per printer dot, so 2400 dpi is 16× the pixels of 600.
 */
export const MAX_PDF_DPI = 600;

/**
 * 2D barcode pixels one PDF job may draw (at about a second per megapixel, a couple of minutes of
 * work, with main answering between labels). 1,000 labels with a 30 mm QR code fit at 300 dpi
 * (0.12 Mpx each); at 600 dpi (0.5 Mpx each) about 250 per job.
 */
export const MAX_PDF_BARCODE_MEGAPIXELS = 128;

export const pdfJob = labelJob.extend({
  layout: pdfPageLayout,
  printDpi: z
    .number()
    .int()
    .min(150)
    .max(MAX_PDF_DPI, `Label printers print at up to ${MAX_PDF_DPI} dpi; choose ${MAX_PDF_DPI} or less.`)
    .optional(),
});
export type PdfJob = z.output<typeof pdfJob>;

export const zplJob = labelJob.extend({ dpi: zplDpi.default(203) });
export type ZplJob = z.output<typeof zplJob>;

/** A network label printer's raw port; a host name or an IPv4/IPv6 address, nothing else. */
export const printerTarget = z.strictObject({
  host: z
    .string()
    .trim()
    .min(1)
    .max(253)
    .regex(/^[A-Za-z0-9.\-:[\]]+$/, 'A printer address is a host name or an IP address'),
  port: z.number().int().min(1).max(65535).default(9100),
  dpi: zplDpi.default(203),
  timeoutMs: z.number().int().min(500).max(120_000).default(10_000),
});
export type PrinterTarget = z.output<typeof printerTarget>;

export const printJob = labelJob.extend({ printer: printerTarget });
export type PrintJob = z.output<typeof printJob>;
