import { rowToEntry, rowToListed, UnreadableRowError } from './statements.js';
import type { StoreContext } from './store-context.js';
import type { Outbox } from './outbox-types.js';
import { kindsShownAs } from './failed-shown.js';

/** Entries read for the user and for listeners: one this version cannot read is shown as such or skipped, never thrown. */
export function entryReads({ st, log }: StoreContext): Pick<Outbox, 'get' | 'changedEntry' | 'list' | 'listTotal'> {
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
      const after = o?.afterId ?? 0;
      const limit = o?.limit ?? 1000;
      // A tab's entries are picked in SQL, before the limit: picked after it, 500 refused ones ahead
      // would leave the Needs a look tab empty while its count says 3.
      const rows = o?.newest
        ? st.inStateNewest.all(state, limit)
        : state === 'failed' && o?.shown !== undefined
          ? st.failedOfKinds.all(...kindsShownAs(st, o.shown), after, limit)
          : o?.type === undefined
            ? st.inState.all(state, after, limit)
            : st.inStateOfType.all(state, o.type, after, limit);
      return rows.map(rowToListed);
    },
    listTotal(state, o) {
      const row =
        state === 'failed' && o?.shown !== undefined
          ? st.countFailedOfKinds.get(...kindsShownAs(st, o.shown))
          : st.countInState.get(state);
      return row?.n ?? 0;
    },
  };
}
