/**
 * Advance widths of Helvetica, the PDF's standard font, in 1/1000 em, for every character a label
 * prints (ISO-8859-1: charset.ts lets no other through). Taken from the font's AFM as pdf-lib has it, and
 * checked against pdf-lib in test. Without kerning, because the PDF draws text without it (pdf-lib writes
 * each line as one string), and a Zebra's font 0 is a condensed face, narrower than this.
 */
const ASCII_WIDTHS = [
  // U+0020–U+007E
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
  556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
  260, 334, 584,
];
const LATIN1_WIDTHS = [
  // U+00A0–U+00FF
  278, 333, 556, 556, 556, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 333, 400, 584, 333, 333, 333, 556, 537,
  278, 333, 333, 365, 556, 834, 834, 834, 611, 667, 667, 667, 667, 667, 667, 1000, 722, 667, 667, 667, 667, 278, 278,
  278, 278, 722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611, 556, 556, 556, 556, 556,
  556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278, 556, 556, 556, 556, 556, 556, 556, 584, 611, 556, 556, 556,
  556, 500, 556, 500,
];
/**
 * Any other character (none reaches a printed line) counts as the widest, so a line is never thought
 * narrower than it is.
 */
const WIDEST = 1015;

function widthOf(cp: number): number {
  if (cp >= 0x20 && cp <= 0x7e) return ASCII_WIDTHS[cp - 0x20]!;
  if (cp >= 0xa0 && cp <= 0xff) return LATIN1_WIDTHS[cp - 0xa0]!;
  return WIDEST;
}

/** Width in points of `text` printed in Helvetica at `sizePt`. */
export function helveticaWidth(text: string, sizePt: number): number {
  let units = 0;
  for (const ch of text) units += widthOf(ch.codePointAt(0)!);
  return (units * sizePt) / 1000;
}
