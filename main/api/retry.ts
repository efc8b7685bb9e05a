import { setTimeout as delay } from 'node:timers/promises';
import { ApiError, NetworkError, RateLimitedError, RetryAfterError, ServerError, TimeoutError } from './errors.js';

/** `attempts` counts every try, the first included: 1 means "never retry". */
export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /**
   * A Retry-After (429 or 503) longer than this is not waited out inside one call: the error goes
   * back to the caller (the outbox schedules it) instead of holding a request open for minutes.
   */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 4, baseDelayMs: 300, maxDelayMs: 8_000, maxRetryAfterMs: 30_000 };

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** Real sleep; rejects with the signal's AbortError when cancelled so a backoff never outlives its call. */
export const realSleep: Sleep = async (ms, signal) => {
  await delay(ms, undefined, signal ? { signal } : undefined);
};

/** Statuses a gateway or overloaded server uses for "try again"; plain 500 means the operation itself failed. */
const RETRYABLE_STATUS = new Set([408, 429, 502, 503, 504]);

/**
 * Whether an error may be retried automatically. Only idempotent endpoints are: resending a
 * labsheet creation or an upload after a lost answer could apply it twice.
 */
export function isRetryable(error: ApiError, idempotent: boolean): boolean {
  if (!idempotent) return false;
  if (error instanceof NetworkError || error instanceof TimeoutError || error instanceof RateLimitedError) return true;
  return error instanceof ServerError && error.status !== undefined && RETRYABLE_STATUS.has(error.status);
}

/**
 * Exponential backoff with full jitter (a uniform wait in [0, min(max, base·2^n))), so many
 * clients recovering at once do not hammer the service in lock-step. `retryNumber` starts at 0.
 */
export function backoffDelay(retryNumber: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retryNumber);
  return Math.floor(random() * ceiling);
}

/**
 * How long to wait before retry number `retryNumber` after `error`, or null when the call should
 * give up now (Retry-After beyond the cap). A server's Retry-After is a floor: never retry sooner.
 */
export function retryDelay(
  error: ApiError,
  retryNumber: number,
  policy: RetryPolicy,
  random: () => number,
): number | null {
  const jittered = backoffDelay(retryNumber, policy, random);
  const retryAfterMs = error instanceof RetryAfterError ? error.retryAfterMs : undefined;
  if (retryAfterMs !== undefined) {
    if (retryAfterMs > policy.maxRetryAfterMs) return null;
    return Math.max(retryAfterMs, jittered);
  }
  return jittered;
}

/**
 * Retry-After is either delta-seconds or an HTTP-date (RFC 9110 §10.2.3). Returns milliseconds
 * from `now`, 0 for a date in the past, undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

export function normalizePolicy(partial: Partial<RetryPolicy> | undefined): RetryPolicy {
  const p = { ...DEFAULT_RETRY, ...partial };
  return { ...p, attempts: Math.max(1, Math.floor(p.attempts)) };
}
