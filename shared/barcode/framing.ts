import { codeOf } from './lookalikes.js';
import { VISIBLE_ASCII, type ScanInputSettings } from './scanner-settings.js';

export type ScanFraming = Pick<ScanInputSettings, 'prefix' | 'suffix'>;

/**
 * A read without the characters its scanner is programmed to put around each code (Settings → Scanners).
 * Only where they are: a code typed by hand has none, and is taken as typed.
 */
export function unframe(text: string, { prefix, suffix }: ScanFraming): string {
  let t = text;
  if (prefix !== '' && t.length > prefix.length && t.startsWith(prefix)) t = t.slice(prefix.length);
  if (suffix !== '' && t.length > suffix.length && t.endsWith(suffix)) t = t.slice(0, -suffix.length);
  return t;
}

/** Whether the text typed so far ends with the scanner's suffix: the read is complete (no Enter may follow). */
export function endsWithSuffix(text: string, { suffix }: ScanFraming): boolean {
  return suffix !== '' && text.length > suffix.length && text.endsWith(suffix);
}

/** ASCII's names for its control characters (0x00–0x1F), as a scanner's manual names its framing. */
// prettier-ignore
const CONTROL_NAMES = [
  'NUL', 'SOH', 'STX', 'ETX', 'EOT', 'ENQ', 'ACK', 'BEL', 'BS', 'HT', 'LF', 'VT', 'FF', 'CR', 'SO', 'SI',
  'DLE', 'DC1', 'DC2', 'DC3', 'DC4', 'NAK', 'SYN', 'ETB', 'CAN', 'EM', 'SUB', 'ESC', 'FS', 'GS', 'RS', 'US',
] as const;

/** One character of a frame as a reader can see it: `"~"`, or `STX (U+0002)` for one that shows as nothing. */
function charSaid(ch: string): string {
  if (VISIBLE_ASCII.test(ch)) return `"${ch}"`;
  const code = ch.codePointAt(0)!;
  const name = code < 0x20 ? CONTROL_NAMES[code] : code === 0x7f ? 'DEL' : code === 0x20 ? 'a space' : null;
  return name === null ? `"${ch}" (${codeOf(ch)})` : `${name} (${codeOf(ch)})`;
}

/** Characters a scanner adds, in words: `"~*"`, or each by name where one is not plain to see (`STX (U+0002)`). */
function framingSaid(text: string): string {
  return VISIBLE_ASCII.test(text) ? `"${text}"` : [...text].map(charSaid).join(', ');
}

/**
 * Characters found around a code, in words: `"j" in front`, `"~" in front and "*" after it`,
 * `STX (U+0002) in front and ETX (U+0003) after it`.
 */
export function aroundSaid({ before, after }: { before: string; after: string }): string {
  return [before ? `${framingSaid(before)} in front` : null, after ? `${framingSaid(after)} after it` : null]
    .filter((s) => s !== null)
    .join(' and ');
}
