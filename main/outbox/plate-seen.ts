import { toWriteError } from '../common/write-error.js';
import type { StoreContext } from './store-context.js';
import type { Outbox } from './outbox-types.js';
import type { PlateSeen, PlateState } from './entry.js';

/** The last state of each plate this computer saw on a service: what the plate check compares with. */
export function plateReadings({
  st,
  now,
  service,
}: StoreContext): Pick<Outbox, 'plateSeen' | 'setPlateSeen' | 'acceptPlate'> {
  return {
    plateSeen(target) {
      const r = st.plateSeen.get(service(), target);
      if (!r) return null;
      const seen: PlateSeen = { lastUpdate: r.last_update, emptySpaces: r.empty_spaces };
      return r.before === null ? seen : { ...seen, before: JSON.parse(r.before) as PlateState };
    },
    setPlateSeen(target, seen) {
      try {
        const before = seen.before ? JSON.stringify(seen.before) : null;
        st.putPlateSeen.run(service(), target, seen.lastUpdate, seen.emptySpaces, before, now());
      } catch (err) {
        throw toWriteError(err, 'The plate record');
      }
    },
    acceptPlate(target, state, readAt) {
      try {
        st.acceptPlate.run(service(), target, state.lastUpdate, state.emptySpaces, readAt);
      } catch (err) {
        throw toWriteError(err, 'The plate record');
      }
    },
  };
}
