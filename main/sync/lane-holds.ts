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
 * is one target, so skipping it never reorders its own entries. A hold belongs to the service that
 * failed the lane: after a switch, the lane of the same name on the other service (a labsheet called
 * Samples on both) has never failed there and goes at once, while a switch back finds the hold still
 * running.
 */
export interface LaneHolds {
  /** The lane failed again on `service`: it waits, at least `retryAfterMs` when the service asked for that. */
  failed(service: string, target: string, now: number, retryAfterMs: number | undefined, reason: EntryError): void;
  /** The lane went through on `service` (or has nothing left to send): its backoff starts over. */
  passed(service: string, target: string): void;
  /** The lane's hold on `service` when it still waits at `now`, else null (the Outbox says why an entry waits). */
  held(service: string, target: string, now: number): LaneHold | null;
  /** Lanes of `service` still waiting at `now`. */
  waiting(service: string, now: number): Set<string>;
  /** When the first lane of `service` still waiting at `now` may go again, or null when none waits. */
  nextDue(service: string, now: number): number | null;
  clear(): void;
}

export function createLaneHolds(random: () => number, options: BackoffOptions): LaneHolds {
  type Held = LaneHold & { failures: number };
  const holds = new Map<string, Map<string, Held>>();
  const of = (service: string) => holds.get(service) ?? new Map<string, Held>();
  return {
    failed(service, target, now, retryAfterMs, reason) {
      const lanes = of(service);
      const failures = (lanes.get(target)?.failures ?? 0) + 1;
      lanes.set(target, { failures, until: now + backoffDelay(failures, random, options, retryAfterMs), reason });
      holds.set(service, lanes);
    },
    passed: (service, target) => void holds.get(service)?.delete(target),
    held(service, target, now) {
      const h = holds.get(service)?.get(target);
      return h && h.until > now ? { until: h.until, reason: h.reason } : null;
    },
    waiting: (service, now) => new Set([...of(service)].filter(([, h]) => h.until > now).map(([t]) => t)),
    // A lane whose wait is over keeps its count (a next failure waits longer) but wakes nobody.
    nextDue(service, now) {
      let first: number | null = null;
      for (const h of of(service).values()) if (h.until > now && (first === null || h.until < first)) first = h.until;
      return first;
    },
    clear: () => holds.clear(),
  };
}
