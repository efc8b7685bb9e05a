import type { Classification } from './classify.js';
import { gs1Date, type Gs1Data } from './gs1.js';
import { aiRule } from './gs1-rules.js';

/**
 * What workflows say about and do with a GS1 read: a one-line description, whether it has
 * expired, values in readable form, and the reason a read cannot stand in for a tube, sample or
 * plate ID. Kept apart from parsing so the screens share one wording.
 */

/** A value as a person reads it: dates as ISO, date-times with a space, measures with their decimals. */
export function gs1DisplayValue(ai: string, value: string, year?: number): string {
  const rule = aiRule(ai);
  const first = rule?.parts[0];
  if (first?.linters.some((l) => l === 'yymmdd' || l === 'yymmd0') && value.length >= 6) {
    const date = gs1Date(value.slice(0, 6), year) ?? value.slice(0, 6);
    const time = value.slice(6);
    if (time.length < 4) return date;
    return `${date} ${time.slice(0, 2)}:${time.slice(2, 4)}${time.length >= 6 ? `:${time.slice(4, 6)}` : ''}`;
  }
  // 31xx–36xx: the fourth digit says how many of the six digits are decimals.
  if (/^3[1-6]\d\d$/.test(ai) && /^\d{6}$/.test(value)) {
    const decimals = Number(ai[3]);
    const n = Number(value) / 10 ** decimals;
    return n.toFixed(decimals);
  }
  return value;
}

const lowerFirst = (s: string): string => s.charAt(0).toLowerCase() + s.slice(1);

/** "product 09506000134352, lot ABC123, expires 2027-11-30". */
export function describeGs1(data: Gs1Data): string {
  const parts: string[] = [];
  if (data.gtin) parts.push(`product ${data.gtin}`);
  else if (data.sscc) parts.push(`shipping container ${data.sscc}`);
  else if (data.key) parts.push(`${lowerFirst(data.key.name)} ${data.key.value}`);
  if (data.lot) parts.push(`lot ${data.lot}`);
  if (data.serial) parts.push(`serial ${data.serial}`);
  if (data.expiry) parts.push(`expires ${data.expiry}${data.expiryTime ? ` ${data.expiryTime}` : ''}`);
  if (parts.length === 0) {
    for (const f of data.fields.slice(0, 3)) parts.push(`${lowerFirst(f.name)} ${gs1DisplayValue(f.ai, f.value)}`);
  }
  return parts.join(', ');
}

/** One line per field for the scanner test panel: "(17) Expiry date: 2027-11-30". */
export function gs1FieldLines(data: Gs1Data): string[] {
  return data.fields.map((f) => `(${f.ai}) ${f.name}: ${gs1DisplayValue(f.ai, f.value)}`);
}

/**
 * True when the read's expiry has passed on `today`, the bench's local date `YYYY-MM-DD` (a
 * date-time `YYYY-MM-DDTHH:MM` also compares the (7003) time). GS1's expiry date is the last
 * day of use, so it has not expired on that day. False when the read carries no expiry.
 */
export function isExpired(data: Gs1Data, today: string): boolean {
  if (!data.expiry || !/^\d{4}-\d\d-\d\d$/.test(data.expiry)) return false;
  const day = today.slice(0, 10);
  if (day !== data.expiry || !data.expiryTime || today.length < 16) return day > data.expiry;
  return today.slice(11, 16) > data.expiryTime;
}

/**
 * Why this read cannot be recorded as a tube, sample, plate or box ID, or null when it can
 * (a pattern match, or an unknown code the workflow may offer to use anyway). A refused read
 * gives its own reason; a GS1 read says what it is, so "scan the tube, not the box" is clear:
 * "product 09506000134352, lot ABC123, expires 2027-11-30 — not a tube ID".
 */
export function notAnIdReason(c: Classification, idName = 'an ID', today?: string): string | null {
  if (c.rejected) return c.reason ?? c.why;
  if (c.kind !== 'gs1' || !c.gs1) return null;
  const expired = today !== undefined && isExpired(c.gs1, today) ? ' (expired)' : '';
  return `${describeGs1(c.gs1)}${expired} — not ${idName}`;
}
