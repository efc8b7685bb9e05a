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

/**
 * The time a day and clock of the bench's (localDay, localClock: `2026-11-27`, `140209`) name, or null
 * when they name none. An hour the clock goes through twice reads as its first.
 */
export function localTimeOf(day: string, clock: string): number | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const c = /^(\d{2}):?(\d{2}):?(\d{2})$/.exec(clock);
  if (!d || !c) return null;
  const [y, mo, da] = [Number(d[1]), Number(d[2]) - 1, Number(d[3])];
  const [h, mi, s] = [Number(c[1]), Number(c[2]), Number(c[3])];
  const at = new Date(y, mo, da, h, mi, s);
  // Not a date the clock shows (a 31st of April, 25 o'clock): no time.
  return at.getFullYear() === y && at.getMonth() === mo && at.getDate() === da && at.getHours() === h
    ? at.getTime()
    : null;
}

/** "40 s", "5 min", "3 h", "2 d": how long ago a saved copy was made, as the screens say the age of one. */
export function ageSaid(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.round(s / 60)} min`;
  if (s < 86_400) return `${Math.round(s / 3600)} h`;
  return `${Math.round(s / 86_400)} d`;
}
