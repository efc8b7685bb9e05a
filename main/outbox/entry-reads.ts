import { rowToEntry, rowToListed, UnreadableRowError } from './statements.js';
import type { StoreContext } from './store-context.js';
import type { Outbox } from './outbox-types.js';

/** Entries read for the user and for listeners: one this version cannot read is shown as such or skipped, never thrown. */
export function entryReads({ st, log }: StoreContext): Pick<Outbox, 'get' | 'changedEntry' | 'list'> {
  /** Entries already reported as unreadable to a change listener: one log line each, not one per batch. */
  const reportedUnreadable = new Set<number>();

  return {
    get(id) {
      const r = st.get.get(id);
      return r ? rowToEntry(r) : null;
    },
    changedEntry(id) {
      const r = st.get.get(id);
      if (!r) return null;
      try {
        return rowToEntry(r);
      } catch (err) {
        if (!(err instanceof UnreadableRowError)) throw err;
        if (!reportedUnreadable.has(id)) {
          reportedUnreadable.add(id);
          log?.warn('an outbox entry this version cannot read was left out of what reacts to its changes', {
            id,
            type: r.type,
          });
        }
        return null;
      }
    },
    list(state, o) {
      const rows =
        o?.type === undefined
          ? st.inState.all(state, o?.afterId ?? 0, o?.limit ?? 1000)
          : st.inStateOfType.all(state, o.type, o?.afterId ?? 0, o?.limit ?? 1000);
      return rows.map(rowToListed);
    },
  };
}
