const UNITS = ['KB', 'MB', 'GB'] as const;

/**
 * A file's size as a person reads it: exact bytes below 1 KB (an 8-byte file shown as "1 KB" looks
 * like the wrong file), then KB, MB and GB (1024 each), with one decimal under 10 so "1.4 MB" and
 * "1 MB" are told apart. Used by the Upload screen and the Outbox's line for an upload alike.
 */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  let n = bytes / 1024;
  let unit = 0;
  // Rounded first, so 1023.7 KB reads "1 MB", never "1024 KB".
  while (unit < UNITS.length - 1 && Math.round(n) >= 1024) {
    n /= 1024;
    unit++;
  }
  const shown = n < 10 ? Math.round(n * 10) / 10 : Math.round(n);
  return `${shown} ${UNITS[unit]}`;
}
