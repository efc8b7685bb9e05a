/**
 * A record's day and time as the bench's clock reads them (this computer's time zone): a plate filed at
 * 01:00 in Auckland belongs to that morning, not to the UTC day before, in its names and its words.
 */
const two = (n: number) => String(n).padStart(2, '0');

/** `2026-11-27`. */
export const localDay = (at: number): string => {
  const d = new Date(at);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
};

/** `14:02:09`. */
export const localClock = (at: number): string => {
  const d = new Date(at);
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
};

/** `UTC+13:00`: which clock a local time is read on, so a record read elsewhere says when it was. */
export const localOffset = (at: number): string => {
  const east = -new Date(at).getTimezoneOffset();
  const m = Math.abs(east);
  return `UTC${east < 0 ? '-' : '+'}${two(Math.floor(m / 60))}:${two(m % 60)}`;
};
