import { z } from 'zod';
import { labelJob, MAX_LABELS_PER_JOB, zplDpi } from './jobs.js';
import { labelRecord } from './record.js';

/**
 * The preview main draws for the Labels screen: the same prepared labels the PDF and the ZPL print,
 * with each symbol already drawn as SVG, so the page carries no barcode encoder (bwip-js's encoders
 * were three quarters of the Labels screen's code).
 */

/** Labels drawn at most: the rest are counted, so a 384-well plate does not draw 384 symbols. */
export const MAX_PREVIEW_DRAWN = 96;

export const previewJob = labelJob.extend({
  /**
   * A record without an ID is taken here: the preview names it among the labels that cannot be made
   * ("Label 3 (ID "")…", as prepareLabels checks each record), where the outputs refuse the whole job.
   */
  records: z
    .array(labelRecord.extend({ id: z.union([z.string(), z.number()]) }))
    .min(1)
    .max(MAX_LABELS_PER_JOB),
  /** 300 is the PDF's; a Zebra's is 203, 300 or 600. Modules snap to its dots as the output's do. */
  dpi: z.union([z.literal(300), zplDpi]),
  drawn: z.number().int().min(1).max(MAX_PREVIEW_DRAWN),
});
export type PreviewJob = z.output<typeof previewJob>;

const mm = z.number().finite();
const box = z.strictObject({ x: mm, y: mm, w: mm, h: mm });

/**
 * An SVG bwip-js drew: the page puts it in the DOM as markup, so only an <svg> element of paths is
 * taken (it holds no text: includetext is off, the record's strings never reach it).
 */
const symbolSvg = z
  .string()
  .max(2_000_000)
  .regex(/^<svg [^]*<\/svg>\s*$/, 'not an SVG')
  .refine((svg) => !/<(?!\/?(svg|path|rect)\b)|\bon\w+\s*=|javascript:/i.test(svg), 'not a plain drawing');

export const drawnLabel = z.strictObject({
  index: z.number().int().nonnegative(),
  barcodeValue: z.string(),
  /** Where the symbol sits on the label (mm from its top-left corner). */
  symbol: box,
  /** Linear symbols' bars stretch to the box's height; a matrix keeps its square modules. */
  linear: z.boolean(),
  svg: symbolSvg,
  text: z.strictObject({ x: mm, y: mm, w: mm, lineHeightMm: mm }),
  lines: z.array(z.string()),
  /** Each line at the size it prints at (fitted to the label's width, as the PDF and ZPL do). */
  lineSizesPt: z.array(z.number().positive()),
});
export type DrawnLabel = z.infer<typeof drawnLabel>;

export const drawnPreview = z.discriminatedUnion('ok', [
  z.strictObject({
    ok: z.literal(true),
    /** The label's size (mm), as the job's template had it: the answer stands on its own while the next is drawn. */
    widthMm: mm,
    heightMm: mm,
    /** The first `drawn` labels. */
    labels: z.array(drawnLabel),
    notes: z.array(z.string()),
  }),
  /** Labels that cannot be printed as the template stands, one reason each (LabelError's issues). */
  z.strictObject({ ok: z.literal(false), issues: z.array(z.string()).min(1) }),
]);
export type DrawnPreview = z.infer<typeof drawnPreview>;
