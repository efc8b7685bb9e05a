import type { EntryError } from '../outbox/entry.js';
import { backoffDelay, type BackoffOptions } from './backoff.js';
import { honouredRetryAfter } from './retry-after.js';

/** A lane waiting out its backoff: when it goes again, and the failure that set it aside. */
export interface LaneHold {
  until: number;
  reason: EntryError;
  /** The wait the service asked for (Retry-After) when it was longer than the one honoured (retry-after.ts). */
  asked?: number;
  /**
   * The moment the hold was read, on the engine's clock: `until` is said with its day when that is not
   * this moment's (near midnight). Absent, the time alone is said.
   */
  now?: number;
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
  /**
   * The lane failed again on `service`: it waits, at least `retryAfterMs` when the service asked for that
   * (at most MAX_RETRY_AFTER_MS of it).
   */
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
  type Held = { until: number; reason: EntryError; asked: number | undefined; failures: number };
  const holds = new Map<string, Map<string, Held>>();
  const of = (service: string) => holds.get(service) ?? new Map<string, Held>();
  return {
    failed(service, target, now, retryAfterMs, reason) {
      const lanes = of(service);
      const failures = (lanes.get(target)?.failures ?? 0) + 1;
      const { ms, asked } = honouredRetryAfter(retryAfterMs);
      lanes.set(target, { failures, until: now + backoffDelay(failures, random, options, ms), reason, asked });
      holds.set(service, lanes);
    },
    passed: (service, target) => void holds.get(service)?.delete(target),
    held(service, target, now) {
      const h = holds.get(service)?.get(target);
      if (!h || h.until <= now) return null;
      return { until: h.until, reason: h.reason, now, ...(h.asked !== undefined ? { asked: h.asked } : {}) };
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
