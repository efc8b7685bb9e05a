/**
 * The longest wait a service's Retry-After holds a lane or the whole queue for. A longer one (a day, or a
 * bogus 99999999 s: three years) held every scan of the bench without end, while the line said a time that
 * read as now; the service is asked again after this instead, and the Outbox says it asked for longer.
 */
export const MAX_RETRY_AFTER_MS = 60 * 60_000;

/** What of a failure's Retry-After is waited (`ms`), and what the service asked for when that was longer (`asked`). */
export interface HonouredRetryAfter {
  ms: number | undefined;
  asked?: number;
}

export function honouredRetryAfter(retryAfterMs: number | undefined): HonouredRetryAfter {
  if (retryAfterMs === undefined || retryAfterMs <= MAX_RETRY_AFTER_MS) return { ms: retryAfterMs };
  return { ms: MAX_RETRY_AFTER_MS, asked: retryAfterMs };
}
