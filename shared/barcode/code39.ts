import type { AimInfo } from './aim.js';

/** What to do about a check character sent as data, the same wherever it is found. */
export const CHECK_CHARACTER_FIX =
  "set the scanner to check Code 39's check character and take it off (a barcode in its manual) and scan again";

/** Code 39's 43 characters in the order of their values (ISO/IEC 16388), for its modulo 43 check character. */
const CODE39 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. $/+%';

/** The modulo 43 check character of `symbols` (Code 39's own characters), or null for any other character. */
export function code39CheckCharacter(symbols: string): string | null {
  let sum = 0;
  for (const ch of symbols) {
    const value = CODE39.indexOf(ch);
    if (value < 0) return null;
    sum += value;
  }
  return CODE39[sum % 43]!;
}

/**
 * A character as Full ASCII Code 39 draws it, as one or two of the 43 (`a` is `+A`, `:` is `/Z`): the
 * check character is reckoned from what is drawn, not from what it stands for.
 */
function fullAsciiSymbols(ch: string): string {
  const c = ch.charCodeAt(0);
  const letter = (from: number, first: string) => String.fromCharCode(first.charCodeAt(0) + c - from);
  if (c === 0) return '%U';
  if (c <= 26) return `$${letter(1, 'A')}`;
  if (c <= 31) return `%${letter(27, 'A')}`;
  if (c === 32 || c === 45 || c === 46 || (c >= 48 && c <= 57) || (c >= 65 && c <= 90)) return ch;
  if (c <= 44) return `/${letter(33, 'A')}`;
  if (c === 47) return '/O';
  if (c === 58) return '/Z';
  if (c <= 63) return `%${letter(59, 'F')}`;
  if (c === 64) return '%V';
  if (c <= 95) return `%${letter(91, 'K')}`;
  if (c === 96) return '%W';
  if (c <= 122) return `+${letter(97, 'A')}`;
  if (c <= 127) return `%${letter(123, 'P')}`;
  return '\u0000'; // no Code 39 character: the check below fails
}

/**
 * AIM modifiers 1 and 5 (5: Full ASCII): the reader checked the label's modulo 43 check character and sent
 * it after the data (ISO/IEC 15424); 3 and 7 say it was checked and taken off, 0 and 4 that none was
 * looked for. It is no part of the code: TB000011 came as TB000011%.
 */
export function sendsCode39Check(aim: AimInfo | null): boolean {
  return aim?.aim === ']A1' || aim?.aim === ']A5';
}

/**
 * The data of a read sent with its check character, and that character; null when the last character
 * is not the data's check character (the read is then left as it came). A check character that is a
 * space went with the read's trailing spaces, as every read's do: then the whole read is the data.
 */
export function code39Data(sent: string, fullAscii: boolean): { data: string; check: string } | null {
  const check = (data: string) => code39CheckCharacter(fullAscii ? [...data].map(fullAsciiSymbols).join('') : data);
  const data = sent.slice(0, -1);
  if (data.length > 0 && check(data) === sent.slice(-1)) return { data, check: sent.slice(-1) };
  if (check(sent) === ' ') return { data: sent, check: ' ' };
  return null;
}
