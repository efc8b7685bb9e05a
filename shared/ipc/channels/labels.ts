import { z } from 'zod';
import { labelJob, drawnPreview, labelTemplate, pdfJob, previewJob, zplJob } from '../../labels/index.js';
import { channel } from '../channel.js';

/**
 * Largest PDF handed to the window. Bytes travel base64 in the answer (a third larger), so 20 MB
 * is about 27 MB of JSON: fine for one message, and far beyond a bench batch (1,000 labels of
 * Code 128 is well under 1 MB). A bigger one means "print in parts", said clearly.
 */
export const MAX_PDF_BYTES = 20 * 1024 * 1024;

/**
 * A label job carries up to 1,000 records plus the template: more than the 256 KB default, kept
 * under the browser host's 1 MiB WebSocket frame so both transports accept the same jobs.
 */
export const MAX_LABEL_JOB_BYTES = 1_000_000;

export const templateList = z.strictObject({
  /** Saved templates, with every built-in one the file lacks added back. */
  templates: z.array(labelTemplate),
  /** Ids of the built-in templates: "Reset" rather than "Delete" for these. */
  builtIn: z.array(z.string()),
  /** The saved file was unreadable and was moved aside: why and where, for the user. */
  recovered: z.string().nullable(),
});
export type TemplateList = z.infer<typeof templateList>;

const notes = z.array(z.string());

export const labelsChannels = {
  'labels.templates.list': channel({ request: z.strictObject({}), response: templateList, readOnly: true }),
  /** Insert or replace by id (saving a built-in's id keeps the user's version of it). */
  'labels.templates.save': channel({ request: z.strictObject({ template: labelTemplate }), response: templateList }),
  /** Deletes a user template; for a built-in one, drops the user's changes (back to the default). */
  'labels.templates.remove': channel({
    request: z.strictObject({ id: z.string().min(1).max(64) }),
    response: templateList,
  }),
  /**
   * The labels as the PDF or a Zebra would print them, symbols drawn: main draws them, so the page holds
   * no barcode encoder. Asked again on every change of the job; nothing is written.
   */
  'labels.preview': channel({
    request: previewJob,
    response: drawnPreview,
    maxBytes: MAX_LABEL_JOB_BYTES,
    readOnly: true,
  }),
  'labels.exportPdf': channel({
    request: pdfJob,
    response: z.strictObject({
      /** The PDF's bytes, base64. */
      pdfBase64: z.string().max(Math.ceil(MAX_PDF_BYTES / 3) * 4),
      bytes: z.number().int().positive(),
      pages: z.number().int().positive(),
      notes,
    }),
    maxBytes: MAX_LABEL_JOB_BYTES,
    readOnly: true,
  }),
  'labels.exportZpl': channel({
    request: zplJob,
    response: z.strictObject({ zpl: z.string(), labels: z.number().int().positive(), notes }),
    maxBytes: MAX_LABEL_JOB_BYTES,
    readOnly: true,
  }),
  /**
   * ZPL sent to a printer set up in Settings (by its id: the page never names an address); answers
   * once the printer has every byte.
   */
  'labels.sendToPrinter': channel({
    request: labelJob.extend({ printerId: z.string().min(1).max(64) }),
    response: z.strictObject({ labels: z.number().int().positive(), bytes: z.number().int().positive(), notes }),
    maxBytes: MAX_LABEL_JOB_BYTES,
  }),
};
