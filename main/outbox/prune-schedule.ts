import type { Outbox } from './outbox-store.js';
import { NODE_INTERVALS, type IntervalTimers } from '../common/interval-timers.js';
import { FINISHED_KEPT_MS } from '../../shared/outbox/finished-kept.js';

export { FINISHED_KEPT_MS };
const PRUNE_EVERY_MS = 24 * 60 * 60 * 1000;

export interface OutboxPruningOptions {
  outbox: Pick<Outbox, 'pruneFinished'>;
  keepMs?: number;
  everyMs?: number;
  log: {
    info(msg: string, fields?: Record<string, unknown>): void;
    warn(msg: string, fields?: Record<string, unknown>): void;
  };
  /**
   * What is kept only for entries and goes with them, run right after each prune (the read cache's
   * names of plates no entry names any more): `what` for the log, `prune` answers how many went.
   */
  alongside?: { what: string; prune: () => number };
  /** Injected so tests run the schedule without waiting a day. */
  timers?: IntervalTimers;
}

/**
 * Finished entries are history: without pruning, outbox.db grows by every scan ever made, sent or
 * taken back. Only done, cancelled and discarded entries older than `keepMs` go (with their request
 * log), and none an open entry still names; pending, failed and uncertain ones stay until the user
 * acts on them; then what was kept only for the entries gone goes too (`alongside`). Runs at start and
 * then once a day; returns the stop.
 */
export function scheduleOutboxPruning(o: OutboxPruningOptions): () => void {
  const timers = o.timers ?? NODE_INTERVALS;
  const keepMs = o.keepMs ?? FINISHED_KEPT_MS;
  const prune = () => {
    try {
      const { done, cancelled, discarded } = o.outbox.pruneFinished(keepMs);
      if (done + cancelled + discarded > 0)
        o.log.info('pruned finished outbox entries', {
          synced: done,
          cancelled,
          discarded,
          olderThanDays: Math.round(keepMs / 86_400_000),
        });
    } catch (err) {
      // Housekeeping only: a busy or read-only file must not take the app down; the next run tries again.
      o.log.warn('could not prune finished outbox entries', {
        error: err instanceof Error ? err.message : String(err),
      });
    }
    // Even when the prune failed: what entries still name is read from those kept, so nothing they need goes.
    if (o.alongside) {
      const { what, prune: pruneAlongside } = o.alongside;
      try {
        const removed = pruneAlongside();
        if (removed > 0) o.log.info(`pruned ${what}`, { removed });
      } catch (err) {
        o.log.warn(`could not prune ${what}`, { error: err instanceof Error ? err.message : String(err) });
      }
    }
  };
  prune();
  const id = timers.setInterval(prune, o.everyMs ?? PRUNE_EVERY_MS);
  return () => timers.clearInterval(id);
}
