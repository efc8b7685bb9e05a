import { ApiError, RateLimitedError } from '../api/errors.js';
import type { EntryError } from '../outbox/entry.js';

/**
 * What the engine does with a failure:
 * - transient: keep order, back off, try again (network, timeout, 5xx, 429, malformed answer);
 * - pause: the token is missing or refused; nothing can succeed until the user gives one;
 * - reject: the server refused this content (400/404/409/422); isolate and park it.
 */
export type FailureAction = 'transient' | 'pause' | 'reject';

export interface Classified {
  action: FailureAction;
  /** The request may have reached the server (only meaningful for non-idempotent calls). */
  uncertain: boolean;
  /** Counts toward "offline" detection. */
  network: boolean;
  retryAfterMs: number | undefined;
  error: EntryError;
}

export function classify(err: unknown, at: number): Classified {
  if (err instanceof ApiError) {
    const action: FailureAction = err.kind === 'auth' ? 'pause' : err.transient || err.kind === 'cancelled' ? 'transient' : 'reject';
    return {
      action,
      uncertain: err.uncertain,
      network: err.kind === 'network' || err.kind === 'timeout',
      retryAfterMs: err instanceof RateLimitedError ? err.retryAfterMs : undefined,
      error: {
        kind: err.kind,
        ...(err.status !== undefined ? { status: err.status } : {}),
        ...(err.serverMessage !== undefined ? { serverMessage: err.serverMessage } : {}),
        ...(err.reason !== undefined ? { reason: err.reason } : {}),
        message: err.message,
        at,
      },
    };
  }
  // Not one of the client's typed errors: we cannot know whether anything was sent, so treat it as
  // transient for idempotent calls and as uncertain for the others.
  const message = err instanceof Error ? err.message : String(err);
  return { action: 'transient', uncertain: true, network: false, retryAfterMs: undefined, error: { kind: 'unknown', message, at } };
}

/** A failure on our side (disk full or read-only outbox, a bug): retried with backoff like a transient one. */
export function localFailure(err: unknown, at: number): Classified {
  const message = `Sync stopped by a local error: ${err instanceof Error ? err.message : String(err)}`;
  return { action: 'transient', uncertain: false, network: false, retryAfterMs: undefined, error: { kind: 'local', message, at } };
}
