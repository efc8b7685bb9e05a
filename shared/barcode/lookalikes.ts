/**
 * Characters that look like a code's own but are not, as they reach the scan field from outside a
 * scanner: full-width forms an input method (IME) types for a keyboard scanner, letters of another
 * alphabet and typographic dashes from a code copied out of a document, and invisible characters a copy
 * carries along. No barcode we read holds them, so a read with them matches no pattern and was refused
 * "no pattern matched" while it looked exactly like TB000011. The plain form is only for saying why:
 * the read itself is never recorded as its plain form (nothing a scanner sends is read as something else).
 */

/** Cyrillic and Greek letters drawn like a Latin one. */
// prettier-ignore
const LATIN_OF: Readonly<Record<string, string>> = {
  // Cyrillic
  А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', Х: 'X', У: 'Y',
  І: 'I', Ј: 'J', Ѕ: 'S', а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', х: 'x', у: 'y', і: 'i', ј: 'j', ѕ: 's',
  // Greek
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T',
  Υ: 'Y', Χ: 'X', ο: 'o',
};

/** Dashes and minus signs a word processor puts where a hyphen was typed. */
const DASHES = new Set(['\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\u2212']);

/** Invisible characters, by name: spaces other than the ASCII one, and format characters. */
const INVISIBLE: Readonly<Record<string, string>> = {
  '\u00a0': 'no-break space',
  '\u00ad': 'soft hyphen',
  '\u2007': 'figure space',
  '\u200b': 'zero-width space',
  '\u200c': 'zero-width non-joiner',
  '\u200d': 'zero-width joiner',
  '\u200e': 'left-to-right mark',
  '\u200f': 'right-to-left mark',
  '\u202f': 'narrow no-break space',
  '\u2060': 'word joiner',
  '\ufeff': 'byte order mark',
};

/**
 * Characters trimmed from a read's ends with its terminator (sanitize.ts): invisible ones a copy brings
 * along at the end of a pasted cell, which say nothing about the code.
 */
export const INVISIBLE_AT_ENDS = `${Object.keys(INVISIBLE).join('')}\u3000`;

/** A character's Unicode code point as a reader can look it up: `U+2013`. */
export const codeOf = (ch: string): string => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

export interface PlainForm {
  /** The read with each look-alike replaced by the character it looks like, and invisible ones left out. */
  text: string;
  /** What was replaced or left out, in words. */
  found: string[];
  /** Full-width forms were among them: an input method typed the read. */
  typedByInputMethod: boolean;
}

/** The read in plain characters, or null when it holds none of the look-alikes above. */
export function plainForm(read: string): PlainForm | null {
  let text = '';
  let fullWidth = false;
  const letters = new Map<string, string[]>();
  const dashes: string[] = [];
  const invisible: string[] = [];
  let position = 0;
  for (const ch of read) {
    position++;
    const code = ch.codePointAt(0)!;
    if (code >= 0xff01 && code <= 0xff5e) {
      text += String.fromCodePoint(code - 0xfee0);
      fullWidth = true;
    } else if (code === 0x3000) {
      text += ' ';
      fullWidth = true;
    } else if (LATIN_OF[ch] !== undefined) {
      text += LATIN_OF[ch];
      const script = code < 0x400 ? 'Greek' : 'Cyrillic';
      letters.set(script, [...(letters.get(script) ?? []), ch]);
    } else if (DASHES.has(ch)) {
      text += '-';
      dashes.push(ch);
    } else if (INVISIBLE[ch] !== undefined) {
      invisible.push(`an invisible ${INVISIBLE[ch]} (${codeOf(ch)}) is at position ${position}`);
    } else {
      text += ch;
    }
  }
  const found: string[] = [];
  if (fullWidth) found.push('it was typed in full-width characters');
  for (const [script, chars] of letters) {
    const unique = [...new Set(chars)];
    found.push(
      unique.length === 1 ? `${unique[0]} is a ${script} letter` : `${unique.join(', ')} are ${script} letters`,
    );
  }
  for (const dash of new Set(dashes)) found.push(`${dash} (${codeOf(dash)}) is a dash`);
  found.push(...invisible);
  return found.length === 0 ? null : { text, found, typedByInputMethod: fullWidth };
}
