import { toWriteError } from '../common/write-error.js';
import { DISCARDABLE_ELSEWHERE } from './statements.js';
import type { DependencyChain } from './dependency-chain.js';
import type { StoreContext } from './store-context.js';
import type { Outbox, WaitingElsewhere } from './outbox-types.js';
import type { EntryState } from './entry.js';
import { shownOfFailed } from './failed-shown.js';
import { noOpenChanges } from '../../shared/ipc/channels/outbox.js';

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
          ...noOpenChanges(),
          discardable: 0,
          sending: 0,
        };
        if (r.state === 'failed' || r.state === 'uncertain') w[r.state] += r.n;
        else w.waiting += r.n;
        if (r.state === 'sending') w.sending += r.n;
        if (DISCARDABLE_ELSEWHERE.includes(r.state as EntryState)) w.discardable += r.n;
        by.set(r.service, w);
      }
      // The failed ones as their rows say them once switched back (shownOfFailed, the counts' rule): one
      // that may be on the service is unsure ("retry it" would send it again unlooked), and one held for a
      // look or refused is not simply retried either.
      for (const w of by.values()) {
        if (w.failed === 0) continue;
        for (const r of st.failedSaidOfService.all(w.service)) {
          const shown = shownOfFailed(r.kind, r.attempts);
          if (shown === 'failed') continue;
          w.failed -= r.n;
          w[shown] += r.n;
        }
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
