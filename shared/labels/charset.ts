import type { Symbology } from './template.js';

/**
 * What each output can hold, and safe ASCII spellings for characters that do not fit.
 * Barcodes: Code 128 is ASCII; DataMatrix is ISO-8859-1 (its default character set, read correctly
 * without ECI by every decoder); QR is any Unicode (UTF-8 with ECI 26).
 * Printed text: ISO-8859-1, the overlap of the PDF standard fonts (WinAnsi) and Zebra code page 1252.
 */

const TRANSLITERATIONS: Readonly<Record<string, string>> = {
  Ä: 'Ae',
  Ö: 'Oe',
  Ü: 'Ue',
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  ß: 'ss',
  ẞ: 'SS',
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  Ø: 'O',
  ø: 'o',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ð: 'D',
  ð: 'd',
  Þ: 'Th',
  þ: 'th',
  ı: 'i',
  // Lab text: "µL" is conventionally "uL" in ASCII systems.
  µ: 'u',
  μ: 'u',
  '\u00a0': ' ',
  '–': '-',
  '—': '-',
  '‐': '-',
  '‑': '-',
  '‘': "'",
  '’': "'",
  '‚': "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '×': 'x',
  '·': '.',
  '…': '...',
};

export type Charset = 'ascii' | 'latin1' | 'unicode';

export const BARCODE_CHARSET: Readonly<Record<Symbology, Charset>> = {
  code128: 'ascii',
  datamatrix: 'latin1',
  qrcode: 'unicode',
};

const CHARSET_LABEL: Readonly<Record<Charset, string>> = {
  ascii: 'ASCII letters, digits and punctuation',
  latin1: 'Western European (ISO-8859-1) characters',
  unicode: 'printable characters',
};

function fits(ch: string, charset: Charset): boolean {
  const cp = ch.codePointAt(0)!;
  if (cp < 0x20 || cp === 0x7f || (cp >= 0x80 && cp < 0xa0)) return false; // control characters never belong on a label
  if (charset === 'ascii') return cp < 0x7f;
  if (charset === 'latin1') return cp <= 0xff;
  return !(cp >= 0xd800 && cp <= 0xdfff);
}

/** An ASCII spelling that reads the same to a person, or null when there is none (Greek, CJK, …). */
function transliterate(ch: string, charset: Charset): string | null {
  const table = TRANSLITERATIONS[ch];
  if (table !== undefined) return table;
  // "é" → "e" + combining accent → "e"; only accepted when what is left fits.
  const stripped = ch.normalize('NFD').replace(/\p{M}/gu, '');
  if (stripped !== ch && stripped.length > 0 && [...stripped].every((c) => fits(c, charset))) return stripped;
  return null;
}

export function codePoint(ch: string): string {
  return `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

export type CharsetResult =
  | { ok: true; value: string; replaced: Array<[from: string, to: string]> }
  | { ok: false; char: string; suggestion: string | null; charsetName: string };

/**
 * Fit `value`, composed (NFC), into `charset`. With `allowTransliteration` each foreign character is
 * replaced by its safe spelling and reported; without it (or when none exists) the first offender is
 * reported.
 */
export function fitToCharset(value: string, charset: Charset, allowTransliteration: boolean): CharsetResult {
  let out = '';
  const replaced: Array<[string, string]> = [];
  // "Café" stored as "e" + U+0301 (some systems and exports write accents so) is the text "Café": checked
  // letter by letter it was refused for an invisible mark. Composed first, and the composed text is what
  // comes back, so what is printed or encoded is what was checked.
  for (const ch of value.normalize('NFC')) {
    if (fits(ch, charset)) {
      out += ch;
      continue;
    }
    const spelled = transliterate(ch, charset);
    if (spelled === null || !allowTransliteration) {
      return { ok: false, char: ch, suggestion: spelled, charsetName: CHARSET_LABEL[charset] };
    }
    if (!replaced.some(([from]) => from === ch)) replaced.push([ch, spelled]);
    out += spelled;
  }
  return { ok: true, value: out, replaced };
}

export function describeReplacements(replaced: ReadonlyArray<[string, string]>): string {
  return replaced.map(([from, to]) => `${from} → ${to}`).join(', ');
}
