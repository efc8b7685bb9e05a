import { placeUuidOfTarget } from '../../shared/outbox/intent-meta.js';
import { FINISHED_STATES, type FinishedState } from './entry.js';
import type { StoreContext } from './store-context.js';
import type { Outbox } from './outbox-types.js';

/** How long entries are kept (finished ones become history and go), and what the ones kept name. */
export function keptEntries(
  { db, st, now, checkpoint }: StoreContext,
  pruneDiscards: () => void,
): Pick<Outbox, 'pruneFinished' | 'namedPlaces'> {
  return {
    pruneFinished(olderThanMs) {
      const cutoff = now() - olderThanMs;
      const gone = db
        .transaction(() => {
          const rows = st.pruneFinished.all(cutoff);
          st.pruneRequests.run(cutoff);
          // What a Discard kept for its Undo goes with the entries it took out: nothing is left to put back.
          pruneDiscards();
          return rows;
        })
        .immediate();
      const removed = Object.fromEntries(FINISHED_STATES.map((s) => [s, 0])) as Record<FinishedState, number>;
      for (const r of gone) removed[r.state as FinishedState] += 1;
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
