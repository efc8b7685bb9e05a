import type { EntryError } from '../outbox/entry.js';
import { backoffDelay, type BackoffOptions } from './backoff.js';

/** A lane waiting out its backoff: when it goes again, and the failure that set it aside. */
export interface LaneHold {
  until: number;
  reason: EntryError;
}

/**
 * Lanes the service answered with a failure (a 5xx on one plate, a timeout while it was reachable):
 * each waits out its own backoff, growing while it keeps failing, while the other lanes go. A lane
 * is one target, so skipping it never reorders its own entries.
 */
export interface LaneHolds {
  /** The lane failed again: it waits, at least `retryAfterMs` when the service asked for that. */
  failed(target: string, now: number, retryAfterMs: number | undefined, reason: EntryError): void;
  /** The lane went through (or has nothing left to send): its backoff starts over. */
  passed(target: string): void;
  /** The lane's hold when it still waits at `now`, else null (the Outbox says why an entry waits). */
  held(target: string, now: number): LaneHold | null;
  /** Lanes still waiting at `now`. */
  waiting(now: number): Set<string>;
  /** When the first lane still waiting at `now` may go again, or null when none waits. */
  nextDue(now: number): number | null;
  clear(): void;
}

export function createLaneHolds(random: () => number, options: BackoffOptions): LaneHolds {
  const holds = new Map<string, LaneHold & { failures: number }>();
  return {
    failed(target, now, retryAfterMs, reason) {
      const failures = (holds.get(target)?.failures ?? 0) + 1;
      holds.set(target, { failures, until: now + backoffDelay(failures, random, options, retryAfterMs), reason });
    },
    passed: (target) => void holds.delete(target),
    held(target, now) {
      const h = holds.get(target);
      return h && h.until > now ? { until: h.until, reason: h.reason } : null;
    },
    waiting: (now) => new Set([...holds].filter(([, h]) => h.until > now).map(([t]) => t)),
    // A lane whose wait is over keeps its count (a next failure waits longer) but wakes nobody.
    nextDue(now) {
      let first: number | null = null;
      for (const h of holds.values()) if (h.until > now && (first === null || h.until < first)) first = h.until;
      return first;
    },
    clear: () => holds.clear(),
  };
}
