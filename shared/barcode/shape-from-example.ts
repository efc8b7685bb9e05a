/**
 * A barcode shape from one example code, for technicians who do not write regular expressions: every
 * character but a digit is kept as it is, each run of digits becomes that many digits. P000123 is
 * `^P\d{6}$`, said "P then 6 digits"; FRZ-0042 is `^FRZ-\d{4}$`, "FRZ- then 4 digits".
 */
export interface ProposedShape {
  pattern: string;
  /** The shape in plain words. */
  words: string;
}

/** Characters that mean something in a regular expression, escaped so the example's own are taken as they are. */
const SPECIAL = /[.*+?^${}()|[\]\\/]/g;

/** Null for an empty example (or one of spaces only): there is nothing to make a shape from. */
export function shapeFromExample(example: string): ProposedShape | null {
  const text = example.trim();
  if (text === '') return null;
  const parts = text.match(/\d+|\D+/g) ?? [];
  const body = parts.map((p) => (/^\d/.test(p) ? `\\d{${p.length}}` : p.replace(SPECIAL, '\\$&'))).join('');
  const pattern = `^${body}$`;
  return { pattern, words: shapeWords(pattern) ?? pattern };
}

/** One piece of a shape as shapeFromExample writes it: `\d{6}`, `\d+`, or literal text with escapes. */
const PIECE = /\\d\{(\d+)\}|\\d\+|\\(.)|([^\\^$.*+?()[\]{}|])/gy;

/**
 * A shape in plain words ("P then 6 digits", "FRZ- then 4 digits"), when it is one shapeFromExample
 * could write (letters, punctuation and runs of digits, whole code); null for any other regular
 * expression, which the screen then shows as it is.
 */
export function shapeWords(pattern: string): string | null {
  if (!pattern.startsWith('^') || !pattern.endsWith('$') || pattern.endsWith('\\$')) return null;
  const body = pattern.slice(1, -1);
  if (body === '') return null;
  const words: string[] = [];
  let literal = '';
  PIECE.lastIndex = 0;
  while (PIECE.lastIndex < body.length) {
    const at = PIECE.lastIndex;
    const m = PIECE.exec(body);
    if (!m || m.index !== at) return null;
    const [, count, escaped, plain] = m;
    if (escaped !== undefined && /[A-Za-z0-9]/.test(escaped)) return null; // \w, \s, \1…: not a literal
    if (escaped !== undefined || plain !== undefined) {
      literal += escaped ?? plain;
      continue;
    }
    if (literal) words.push(literal);
    literal = '';
    words.push(count === undefined ? 'digits' : `${count} digit${count === '1' ? '' : 's'}`);
  }
  if (literal) words.push(literal);
  return words.join(' then ');
}
