import { helveticaWidth } from './helvetica.js';
import type { PreparedLabel } from './prepare.js';

/** Printed text is never shrunk below this to fit; it is reported instead. */
export const MIN_FONT_PT = 4;

/** Width in points of `text` at `sizePt`, in the font an output draws (or a safe estimate of it). */
export type MeasureText = (text: string, sizePt: number) => number;

export interface TextFit {
  sizePt: number;
  /** What the user must know about this line (shrunk, or cut off at the edge), or null. */
  note: string | null;
}

/**
 * The size a text line is printed at so it fits `availablePt`: shrunk as far as MIN_FONT_PT, then
 * left cut off at the label's edge.
 */
export function fitTextLine(
  label: Pick<PreparedLabel, 'index' | 'recordId'>,
  line: string,
  sizePt: number,
  availablePt: number,
  measure: MeasureText,
): TextFit {
  const natural = measure(line, sizePt);
  if (natural <= availablePt) return { sizePt, note: null };
  const size = Math.max(MIN_FONT_PT, (sizePt * availablePt) / natural);
  const who = `Label ${label.index + 1} (ID "${label.recordId}")`;
  return {
    sizePt: size,
    note:
      (size * natural) / sizePt > availablePt
        ? `${who}: "${line}" is wider than the label even at ${MIN_FONT_PT} pt and is cut off at the edge.`
        : `${who}: "${line}" printed at ${size.toFixed(1)} pt to fit the label width.`,
  };
}

/**
 * Each line of a label fitted once, when the label is prepared: the PDF, the ZPL and the preview all
 * draw these sizes, so they shrink alike, cut alike and say so in the same words. Measured in
 * Helvetica (helvetica.ts), the PDF's font and never narrower than a Zebra's font 0. An empty line keeps
 * the template's size.
 */
export function fitLines(
  label: Pick<PreparedLabel, 'index' | 'recordId'>,
  lines: readonly string[],
  sizePt: number,
  availablePt: number,
): TextFit[] {
  return lines.map((line) =>
    line === '' ? { sizePt, note: null } : fitTextLine(label, line, sizePt, availablePt, helveticaWidth),
  );
}
