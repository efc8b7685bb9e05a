import type { EntryError } from '../outbox/entry.js';
import type { Classified } from './classify.js';

/**
 * Why the whole queue waits, when it does: every lane would meet the same, so every waiting entry
 * waits for this (the Outbox says it on each). A lane the service failed alone is a LaneHold instead.
 * - token-refused: paused until the user gives a token;
 * - offline: no answer at all, a few times in a row; sent when the service answers again;
 * - slow-down: the service answered 429; the queue goes again at `until`;
 * - retrying: no answer once (not offline yet), or our own disk failed; the queue goes again at `until`.
 * `asked`: the wait the service asked for (Retry-After) when it was longer than the one honoured
 * (retry-after.ts). `now`: the moment the hold was read, on the engine's clock, so a time is said with
 * its day when that is not this moment's; absent, the time alone is said.
 */
export type QueueHold =
  | { kind: 'token-refused' }
  | { kind: 'offline'; since: number | null; now?: number }
  | { kind: 'slow-down'; until: number; asked?: number; now?: number }
  | { kind: 'retrying'; until: number; reason: EntryError; asked?: number; now?: number };

/** What the engine knows of the whole queue's wait, read at one moment (`now`). */
export interface QueueState {
  now: number;
  paused: boolean;
  online: boolean;
  /** When this computer last saw the service go from answering to not answering. */
  offlineSince: number | null;
  /** The drain's backoff for the whole queue: until when, the failure that set it, and a longer wait it asked for. */
  held: { until: number; failure: Classified; asked?: number | undefined } | null;
}

export function queueHoldOf(q: QueueState): QueueHold | null {
  if (q.paused) return { kind: 'token-refused' };
  if (!q.online) return { kind: 'offline', since: q.offlineSince, now: q.now };
  if (q.held === null) return null;
  const asked = q.held.asked !== undefined ? { asked: q.held.asked } : {};
  return q.held.failure.rateLimited
    ? { kind: 'slow-down', until: q.held.until, ...asked, now: q.now }
    : { kind: 'retrying', until: q.held.until, reason: q.held.failure.error, ...asked, now: q.now };
}
