const pad = (n: number): string => String(n).padStart(2, '0');

/** The bench's local date, `YYYY-MM-DD`: an expiry date is a day on the calendar where the bench is. */
export function localDay(at: Date = new Date()): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}
