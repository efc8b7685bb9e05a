import type { EntryError } from '../outbox/entry.js';
import type { Classified } from './classify.js';

/**
 * Why the whole queue waits, when it does: every lane would meet the same, so every waiting entry
 * waits for this (the Outbox says it on each). A lane the service failed alone is a LaneHold instead.
 * - token-refused: paused until the user gives a token;
 * - offline: no answer at all, a few times in a row; sent when the service answers again;
 * - slow-down: the service answered 429; the queue goes again at `until`;
 * - retrying: no answer once (not offline yet), or our own disk failed; the queue goes again at `until`.
 */
export type QueueHold =
  | { kind: 'token-refused' }
  | { kind: 'offline'; since: number | null }
  | { kind: 'slow-down'; until: number }
  | { kind: 'retrying'; until: number; reason: EntryError };

/** What the engine knows of the whole queue's wait, read at one moment. */
export interface QueueState {
  paused: boolean;
  online: boolean;
  /** When this computer last saw the service go from answering to not answering. */
  offlineSince: number | null;
  /** The drain's backoff for the whole queue: until when, and the failure that set it. */
  held: { until: number; failure: Classified } | null;
}

export function queueHoldOf(q: QueueState): QueueHold | null {
  if (q.paused) return { kind: 'token-refused' };
  if (!q.online) return { kind: 'offline', since: q.offlineSince };
  if (q.held === null) return null;
  return q.held.failure.rateLimited
    ? { kind: 'slow-down', until: q.held.until }
    : { kind: 'retrying', until: q.held.until, reason: q.held.failure.error };
}
