import type { Logger } from '../common/logger.js';

export interface RefusalLogLimits {
  /** Warn lines written per window; refusals beyond that are only counted. */
  max: number;
  windowMs: number;
}
export const DEFAULT_REFUSAL_LOG: RefusalLogLimits = Object.freeze({ max: 20, windowMs: 10_000 });

export interface RefusalLog {
  warn(msg: string, fields: Record<string, unknown>): void;
  /** Writes the summary of what is still unreported now (on close). */
  flush(): void;
}

/**
 * Refused messages come from whoever sends them, as fast as they like: each one logged would let a
 * page grow the log without bound (20,000 junk messages once wrote 2.9 MB). The first `max` of a
 * window are written in full; the rest are counted, and one summary line says how many were not.
 */
export function createRefusalLog(
  log: Logger,
  limits: RefusalLogLimits = DEFAULT_REFUSAL_LOG,
  now: () => number = Date.now,
): RefusalLog {
  let windowStart = -Infinity;
  let written = 0;
  let suppressed = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;

  function flush(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    if (suppressed > 0)
      log.warn('ipc messages rejected without a log line (too many at once)', {
        count: suppressed,
        windowMs: limits.windowMs,
      });
    suppressed = 0;
  }

  return {
    warn(msg, fields) {
      const t = now();
      if (t - windowStart >= limits.windowMs) {
        flush();
        windowStart = t;
        written = 0;
      }
      if (written < limits.max) {
        written += 1;
        log.warn(msg, fields);
        return;
      }
      suppressed += 1;
      // A flood that stops still gets its summary at the end of the window.
      if (!timer) {
        timer = setTimeout(flush, Math.max(0, windowStart + limits.windowMs - t));
        timer.unref?.();
      }
    },
    flush,
  };
}
