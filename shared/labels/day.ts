import { benchDay, ISO_DATE_TIME } from '../bench-clock.js';

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/**
 * An ISO date-time written as midnight in UTC ("2026-03-04T00:00:00Z", "…T00:00:00.000+00:00"): how a
 * date-only value comes when it is sent as a date-time.
 */
const UTC_MIDNIGHT = /^\d{4}-\d{2}-\d{2}T00:00(:00(\.0+)?)?(Z|[+-]00:?00)$/i;
/** A date-only value sent as an instant is midnight UTC: its day is read in UTC, not on the bench's calendar. */
const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * A row's date cell as a label prints it, `YYYY-MM-DD` where it can be read as one, or undefined where
 * it is no date (the label then keeps its print date). The spec lets a DATE cell come as epoch ms: a
 * whole UTC day is a date-only value and prints as that day. So does an ISO date-time written as
 * midnight UTC (read on the bench's calendar, it printed the day before west of UTC). Any other instant,
 * like an ISO date-time with a time of day or written in another zone, prints as the day it was on the
 * bench's calendar: "2026-03-04T19:00:00-05:00" is an evening of the 4th, not a date of the 5th. Other
 * text with digits is printed as written.
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
    if (Number.isNaN(at.getTime())) return text;
    return UTC_MIDNIGHT.test(text) ? utcDay(at) : benchDay(at);
  }
  return /\d/.test(text) ? text : undefined;
}
