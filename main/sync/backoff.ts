export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
}

/**
 * 0.5 s doubling to 3 min: with MAX_ANSWERED_FAILURES = 8 an entry a failing service keeps refusing
 * gives up after about four minutes of answered attempts (time offline does not count).
 */
export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 500, maxMs: 180_000 };

/**
 * Exponential backoff with "equal jitter": half the window fixed, half random, so many clients
 * recovering together spread out without ever retrying immediately. A server's Retry-After is a
 * floor, never shortened by jitter.
 */
export function backoffDelay(
  failures: number,
  random: () => number,
  options: BackoffOptions = DEFAULT_BACKOFF,
  retryAfterMs?: number,
): number {
  const window = Math.min(options.maxMs, options.baseMs * 2 ** Math.max(0, failures - 1));
  const jittered = window / 2 + random() * (window / 2);
  return Math.round(retryAfterMs !== undefined ? Math.max(retryAfterMs, jittered) : jittered);
}
