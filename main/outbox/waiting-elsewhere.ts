import { toWriteError } from '../common/write-error.js';
import { DISCARDABLE_ELSEWHERE } from './statements.js';
import type { DependencyChain } from './dependency-chain.js';
import type { StoreContext } from './store-context.js';
import type { Outbox, WaitingElsewhere } from './outbox-types.js';
import type { EntryState } from './entry.js';
import { shownOfFailed } from './failed-shown.js';

/**
 * Entries are bound to the service they were queued for: what waits for one not in use now, and the
 * user giving that up.
 */
export function servicesElsewhere(
  { db, st, events, now, service, reread }: StoreContext,
  { failDependents }: Pick<DependencyChain, 'failDependents'>,
): Pick<Outbox, 'waitingElsewhere' | 'discardWaiting'> & { openElsewhere(): number } {
  return {
    /** How many open entries other services hold, for every count: their split is not read for it. */
    openElsewhere() {
      const current = service();
      return st.openByService.all().reduce((n, r) => (r.service === current ? n : n + r.n), 0);
    },
    waitingElsewhere() {
      const current = service();
      const by = new Map<string, WaitingElsewhere>();
      for (const r of st.openByService.all()) {
        if (r.service === current) continue;
        const w = by.get(r.service) ?? {
          service: r.service,
          waiting: 0,
          failed: 0,
          uncertain: 0,
          discardable: 0,
          sending: 0,
        };
        if (r.state === 'failed' || r.state === 'uncertain') w[r.state] += r.n;
        else w.waiting += r.n;
        if (r.state === 'sending') w.sending += r.n;
        if (DISCARDABLE_ELSEWHERE.includes(r.state as EntryState)) w.discardable += r.n;
        by.set(r.service, w);
      }
      // A failed one that may be on the service is said unsure, as its row says it once switched back
      // (shownOfFailed, the counts' rule): "retry it" would send it again unlooked.
      for (const w of by.values()) {
        if (w.failed === 0) continue;
        const unsure = st.failedSaidOfService
          .all(w.service)
          .reduce((n, r) => (shownOfFailed(r.kind, r.attempts) === 'uncertain' ? n + r.n : n), 0);
        w.failed -= unsure;
        w.uncertain += unsure;
      }
      return [...by.values()];
    },
    discardWaiting(of) {
      if (of === service()) return [];
      let gone: number[] = [];
      let dependents: number[] = [];
      try {
        const t = now();
        db.transaction(() => {
          gone = st.discardableOfService
            .all(of)
            .filter((r) => st.setState.run('discarded', t, r.id, r.state).changes === 1)
            .map((r) => r.id);
          dependents = failDependents(gone, t);
        }).immediate();
      } catch (err) {
        throw toWriteError(err, 'The discard');
      }
      if (gone.length > 0) events.emit('changed', reread([...gone, ...dependents]));
      return gone;
    },
  };
}
