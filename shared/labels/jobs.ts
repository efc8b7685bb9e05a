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

const ipv4 = z.ipv4();
const ipv6 = z.ipv6();
/** Labels of letters, digits, '-' and '_' (Windows and NetBIOS names use it), none starting or ending with '-'. */
const HOST_NAME = /^(?=.{1,253}$)(?!-)[A-Za-z0-9_-]{1,63}(?<!-)(\.(?!-)[A-Za-z0-9_-]{1,63}(?<!-))*\.?$/;
const ADDRESS_WITH_PORT = /^(\[[0-9A-Fa-f:.]+\]|[^:]+):\d+$/;

/**
 * Why `host` can never reach a printer, or null when it is a host name, an IPv4 address or a bare IPv6
 * one: what is saved here is what the print job connects to, so a wrong one fails only at print time.
 */
export function printerHostProblem(host: string): string | null {
  if (ipv4.safeParse(host).success || ipv6.safeParse(host).success) return null;
  if (ADDRESS_WITH_PORT.test(host)) return 'Put only the address here and the port in the Port field.';
  if (/^\[.*\]$/.test(host)) return 'Write an IPv6 address without the [ ] brackets.';
  // All digits and dots but not an IPv4 address (10.0.0.256, 10.0.7): a mistyped address, not a name.
  if (HOST_NAME.test(host) && !/^[\d.]+$/.test(host)) return null;
  return 'A printer address is a host name (zebra-bench-3), an IPv4 address (10.0.0.7) or an IPv6 address.';
}

/** A network label printer's raw port; a host name or an IPv4/IPv6 address, nothing else. */
export const printerTarget = z.strictObject({
  host: z
    .string()
    .trim()
    .min(1)
    .max(253)
    .superRefine((host, ctx) => {
      const problem = printerHostProblem(host);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  port: z.number().int().min(1).max(65535).default(9100),
  dpi: zplDpi.default(203),
  timeoutMs: z.number().int().min(500).max(120_000).default(10_000),
});
export type PrinterTarget = z.output<typeof printerTarget>;

export const printJob = labelJob.extend({ printer: printerTarget });
export type PrintJob = z.output<typeof printJob>;
