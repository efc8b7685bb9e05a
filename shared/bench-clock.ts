/** An ISO date-time as a service writes it ("2026-11-24T04:20:09.619Z"): a date, then a time. */
export const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * The bench's calendar day, `YYYY-MM-DD`: a label's date, an expiry, "today" in a list are days where the
 * bench is, not in UTC (a day off for hours each evening in America).
 */
export function benchDay(at: Date = new Date()): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/**
 * A service's ISO date-time as the bench's clock reads it: a user in UTC−5 reading "04:20:09.619Z" at
 * 23:25 would take it for hours old. `seconds` where they tell two changes apart (a held plate's last
 * change), minutes where a person only reads the time (a row's stamp). Null for text that is not an
 * ISO date-time, which the caller says as the service wrote it.
 */
export function onBenchClock(stamp: string, o: { seconds: boolean; locale?: string | undefined }): string | null {
  if (!ISO_DATE_TIME.test(stamp)) return null;
  const at = Date.parse(stamp);
  if (Number.isNaN(at)) return null;
  return new Date(at).toLocaleString(o.locale, { dateStyle: 'medium', timeStyle: o.seconds ? 'medium' : 'short' });
}
