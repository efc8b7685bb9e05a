import { GS } from './gs1.js';
import { codeOf, INVISIBLE_AT_ENDS } from './lookalikes.js';

export type SanitizeResult = { ok: true; text: string } | { ok: false; reason: string };

/** Control characters a scan may legitimately carry: GS1/ISO 15434 separators (GS, RS, EOT). */
const ALLOWED_CONTROL = new Set([GS, '\x1e', '\x04']);

/** A read's ends: a scanner's terminator (CR/LF/Tab), spaces, and invisible characters a pasted code brings. */
const ENDS = new RegExp(`^[ \\r\\n\\t${INVISIBLE_AT_ENDS}]+|[ \\r\\n\\t${INVISIBLE_AT_ENDS}]+$`, 'g');

/**
 * Serial transmission's frame, STX before the data and ETX after it, which a scanner set up for a serial
 * line sends over USB as well (HID POS): the read is what is between. Either alone is no frame.
 */
const STX_ETX = /^\x02([^]*)\x03$/;

/** A read without its terminator (CR/LF/Tab), surrounding spaces, invisible ends, and an STX…ETX frame. */
export function readEnds(raw: string): string {
  const trimmed = raw.replace(ENDS, '');
  const framed = STX_ETX.exec(trimmed);
  return framed ? framed[1]!.replace(ENDS, '') : trimmed;
}

/**
 * Strips the terminator a scanner appends (CR/LF/Tab), surrounding spaces and an STX…ETX frame, then
 * refuses reads that cannot be a barcode: empty, too long, or carrying control characters that mean a
 * garbled transmission (a misconfigured scanner or a keyboard-layout mismatch).
 */
export function sanitizeScan(raw: string, maxLength: number): SanitizeResult {
  const text = readEnds(raw);
  if (text.length === 0) return { ok: false, reason: 'empty scan' };
  if (text.length > maxLength)
    return { ok: false, reason: `scan is ${text.length} characters, longer than the limit of ${maxLength}` };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const code = ch.charCodeAt(0);
    const control = code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0);
    if (control && !ALLOWED_CONTROL.has(ch)) {
      return {
        ok: false,
        reason: `control character ${codeOf(ch)} at position ${i + 1}`,
      };
    }
    if (code === 0xfffd) return { ok: false, reason: `undecodable byte (U+FFFD) at position ${i + 1}` };
  }
  return { ok: true, text };
}
