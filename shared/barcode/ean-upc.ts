import { gs1CheckDigit } from './gs1-linters.js';

/**
 * EAN/UPC reads by their AIM modifier (ISO/IEC 15420): `]E0` EAN-13, UPC-A or UPC-E (13 digits;
 * some scanners send UPC-A as 12 and UPC-E as 8), `]E3` the same with a 2- or 5-digit add-on,
 * `]E4` EAN-8, `]E1`/`]E2` an add-on read alone. The check digit is the only defence these
 * symbols have against a misread, so a wrong one is refused.
 */
export type EanFormat = 'EAN-13' | 'UPC-A' | 'UPC-E' | 'EAN-8';

export type EanResult =
  | {
      ok: true;
      format: EanFormat;
      /** The number as printed, e.g. 8 digits for UPC-E. */
      printed: string;
      /** The GTIN it carries, as GTIN-14 (zero-padded), the form GS1 AI (01) uses. */
      gtin: string;
      /** Restricted circulation number: a company's or region's own numbering, not a product. */
      restricted: boolean;
      addOn?: string;
    }
  | { ok: false; reason: string };

/** UPC-E (number system, six digits, check digit) written out as the 12-digit UPC-A it stands for. */
export function expandUpcE(upcE: string): string | null {
  if (!/^[01]\d{7}$/.test(upcE)) return null;
  const m = upcE.slice(1, 7);
  const last = m[5]!;
  let body: string;
  if (last <= '2') body = `${m.slice(0, 2)}${last}0000${m.slice(2, 5)}`;
  else if (last === '3') body = `${m.slice(0, 3)}00000${m.slice(3, 5)}`;
  else if (last === '4') body = `${m.slice(0, 4)}00000${m[4]}`;
  else body = `${m.slice(0, 5)}0000${last}`;
  return `${upcE[0]}${body}${upcE[7]}`;
}

/**
 * GS1 prefixes 02, 04 and 20–29 (GTIN-13) and 0 or 2 (GTIN-8) are restricted circulation numbers:
 * in-store and company-internal numbering, which a lab may use for its own items.
 */
export function isRestrictedCirculation(gtin14: string): boolean {
  if (gtin14.startsWith('000000')) return gtin14[6] === '0' || gtin14[6] === '2';
  const g13 = gtin14.slice(1);
  return g13.startsWith('02') || g13.startsWith('04') || g13.startsWith('2');
}

function checked(format: EanFormat, printed: string, digits: string, addOn?: string): EanResult {
  const want = gs1CheckDigit(digits.slice(0, -1));
  if (Number(digits.at(-1)) !== want) {
    return { ok: false, reason: `${format} ${printed} has a wrong check digit (the last digit should be ${want})` };
  }
  const gtin = digits.padStart(14, '0');
  const result: EanResult = { ok: true, format, printed, gtin, restricted: isRestrictedCirculation(gtin) };
  return addOn ? { ...result, addOn } : result;
}

function primary(payload: string, addOn?: string): EanResult {
  if (payload.length === 13) return checked(payload.startsWith('0') ? 'UPC-A' : 'EAN-13', payload, payload, addOn);
  if (payload.length === 12) return checked('UPC-A', payload, payload, addOn);
  if (payload.length === 8) {
    const upcA = expandUpcE(payload);
    if (!upcA) return { ok: false, reason: `UPC-E ${payload} must start with 0 or 1` };
    return checked('UPC-E', payload, upcA, addOn);
  }
  return { ok: false, reason: `an EAN/UPC read of ${payload.length} digits (EAN-13 has 13, UPC-A 12, UPC-E 8)` };
}

/**
 * Validates the payload of an `]E` read; `modifier` is the AIM modifier character. A refused read that,
 * with its check digit added, is a whole EAN-13, UPC-A or EAN-8 says so too: a scanner set not to send
 * the check digit sends every product code one digit short, and "a wrong check digit" (12 digits read as
 * a UPC-A) or "must have 8 digits" sent the user looking at a label that was fine.
 */
export function parseEanUpc(modifier: string, payload: string): EanResult {
  const asSent = parseAsSent(modifier, payload);
  if (asSent.ok || modifier === '3' || !/^\d+$/.test(payload)) return asSent;
  const whole = parseAsSent(modifier, `${payload}${gs1CheckDigit(payload)}`);
  if (!whole.ok) return asSent;
  return {
    ok: false,
    reason:
      `${asSent.reason}; or the scanner leaves its check digit out: with it this is ${whole.format} ${whole.printed} ` +
      '(set the scanner to send the check digit, a barcode in its manual)',
  };
}

function parseAsSent(modifier: string, payload: string): EanResult {
  if (!/^\d+$/.test(payload)) return { ok: false, reason: 'EAN/UPC data must be digits only' };
  switch (modifier) {
    case '4':
      return payload.length === 8
        ? checked('EAN-8', payload, payload)
        : { ok: false, reason: `an EAN-8 read must have 8 digits, not ${payload.length}` };
    case '1':
    case '2':
      return { ok: false, reason: `an EAN/UPC add-on (${payload.length} digits) read without its main symbol` };
    case '3':
      if (payload.length === 15 || payload.length === 18) return primary(payload.slice(0, 13), payload.slice(13));
      return { ok: false, reason: `an EAN/UPC read with add-on must have 15 or 18 digits, not ${payload.length}` };
    default:
      return primary(payload);
  }
}
