import { SYMBOLOGY_NAMES } from './symbol.js';
import type { Symbology } from './template.js';

/** What else to try when the largest symbol of a symbology cannot hold a value. */
const ROOMIER: Readonly<Record<Symbology, string>> = {
  code128: 'use DataMatrix or QR, or shorten the value',
  datamatrix: 'use QR (it holds more), or shorten the value',
  qrcode: 'shorten the value',
};

/** The start of a value too long to quote whole in a sentence someone has to read. */
const QUOTED_CHARS = 24;

/**
 * The barcode encoder's refusal of a value, in the words of the other label issues (without the
 * label's name, which the caller puts first); null when `error` is not the encoder's refusal.
 *
 * bwip-js refuses data with a plain Error whose message starts "bwipp.<code>": a value over a
 * symbology's capacity is such a refusal, and it is the value's problem, not a fault of the app.
 * Anything else thrown while measuring is a fault and is not dressed up as the user's.
 */
export function encoderRefusal(error: unknown, symbology: Symbology, value: string): string | null {
  if (!(error instanceof Error)) return null;
  const refusal = /^bwipp\.(\w+?)(?:#\d+)?: (.*)$/s.exec(error.message);
  if (!refusal) return null;
  const [, code = '', words = ''] = refusal;
  const name = SYMBOLOGY_NAMES[symbology];
  const chars = [...value];
  const quoted = chars.length > QUOTED_CHARS ? `${chars.slice(0, QUOTED_CHARS).join('')}…` : value;
  if (/TooLong|TooMuchData|NoValidSymbol/i.test(code)) {
    return `the value "${quoted}" is too long for ${name} (${chars.length} characters): even the largest ${name} symbol cannot hold it; ${ROOMIER[symbology]}.`;
  }
  return `${name} cannot encode "${quoted}" (${words.replace(/\.$/, '')}); change the value.`;
}
