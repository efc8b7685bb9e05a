const pad = (n: number): string => String(n).padStart(2, '0');

/** The bench's local date, `YYYY-MM-DD`: an expiry date is a day on the calendar where the bench is. */
export function localDay(at: Date = new Date()): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/**
 * When something happened, as a list of queued work says it: the time alone for today, the date before
 * it for any other day. The Outbox said only the time, so an entry failing since Friday read as today's.
 */
export function whenSaid(at: Date, now: Date = new Date()): string {
  const time = at.toLocaleTimeString();
  return localDay(at) === localDay(now) ? time : `${localDay(at)} ${time}`;
}
