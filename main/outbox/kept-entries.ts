import { placeUuidOfTarget } from '../../shared/outbox/intent-meta.js';
import type { StoreContext } from './store-context.js';
import type { Outbox } from './outbox-types.js';

/** How long entries are kept (done ones become history and go), and what the ones kept name. */
export function keptEntries({ db, st, now, checkpoint }: StoreContext): Pick<Outbox, 'pruneDone' | 'namedPlaces'> {
  return {
    pruneDone(olderThanMs) {
      const cutoff = now() - olderThanMs;
      const removed = db
        .transaction(() => {
          const n = st.pruneDone.run(cutoff).changes;
          st.pruneRequests.run(cutoff);
          return n;
        })
        .immediate();
      // Announced by no event (nobody shows history that old), but it may have written a lot.
      checkpoint.soon();
      return removed;
    },
    namedPlaces() {
      return st.targetsByService.all().flatMap((r) => {
        const uuid = placeUuidOfTarget(r.target);
        return uuid === null ? [] : [{ service: r.service ?? '', uuid }];
      });
    },
  };
}
