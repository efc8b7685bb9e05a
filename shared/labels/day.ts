import { benchDay, ISO_DATE_TIME } from '../bench-clock.js';

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A date-only value sent as epoch ms is midnight UTC: its day is read in UTC, not on the bench's calendar. */
const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * A row's date cell as a label prints it, `YYYY-MM-DD` where it can be read as one, or undefined where
 * it is no date (the label then keeps its print date). The spec lets a DATE cell come as epoch ms: a
 * whole UTC day is a date-only value and prints as that day; any other instant, like an ISO date-time,
 * prints as the day it was on the bench's calendar. Other text with digits is printed as written.
 */
export function labelDay(value: unknown): string | undefined {
  if (typeof value === 'number') {
    const at = new Date(value);
    if (Number.isNaN(at.getTime())) return undefined;
    return value % DAY_MS === 0 ? utcDay(at) : benchDay(at);
  }
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (ISO_DAY.test(text)) return text;
  if (ISO_DATE_TIME.test(text)) {
    const at = new Date(Date.parse(text));
    return Number.isNaN(at.getTime()) ? text : benchDay(at);
  }
  return /\d/.test(text) ? text : undefined;
}
