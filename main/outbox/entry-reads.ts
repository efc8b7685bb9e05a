import { rowToEntry, rowToListed, UnreadableRowError } from './statements.js';
import type { StoreContext } from './store-context.js';
import type { ListOptions, ListTotal, Outbox } from './outbox-types.js';
import type { EntryState } from './entry.js';
import { failedSaidAs } from './failed-shown.js';

/** Entries read for the user and for listeners: one this version cannot read is shown as such or skipped, never thrown. */
export function entryReads({
  st,
  log,
  service,
}: StoreContext): Pick<Outbox, 'get' | 'changedEntry' | 'list' | 'listTotal' | 'uploadsOfFile'> {
  /** Entries already reported as unreadable to a change listener: one log line each, not one per batch. */
  const reportedUnreadable = new Set<number>();

  const rowsOf = (state: EntryState, o: ListOptions | undefined, after: number, limit: number) => {
    if (!o?.inUse)
      return o?.type === undefined
        ? st.inState.all(state, after, limit)
        : st.inStateOfType.all(state, o.type, after, limit);
    // A tab lists the service its counts count (the `counts` statement's): listed across services, it
    // showed rows its count did not, with changes held for another service.
    // The Discarded tab: the most recently discarded first, a bulk Discard's entries in queue order.
    if (o.newest)
      return state === 'discarded'
        ? st.discardedNewest.all(service(), limit)
        : st.inStateNewest.all(state, service(), limit);
    // A tab's entries are picked in SQL, before the limit: picked after it, 500 refused ones ahead
    // would leave the Needs a look tab empty while its count says 3.
    if (state === 'failed' && o.shown !== undefined)
      return st.failedSaid.all(failedSaidAs(st, o.shown), service(), after, limit);
    return st.inStateOfService.all(state, service(), after, limit);
  };

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
      return rowsOf(state, o, after, limit).map(rowToListed);
    },
    uploadsOfFile(state, fileName, sha256) {
      return st.uploadsOfFile.all(service(), state, fileName, sha256).map(rowToListed);
    },
    listTotal(state, o) {
      const rows =
        state === 'failed' && o?.shown !== undefined
          ? st.countFailedSaidByService.all(failedSaidAs(st, o.shown))
          : st.countInStateByService.all(state);
      const inUse = service();
      const total: ListTotal = { inUse: 0, elsewhere: [] };
      for (const r of rows) {
        const of = r.service ?? '';
        if (of === inUse) total.inUse += r.n;
        else total.elsewhere.push({ service: of, n: r.n });
      }
      return total;
    },
  };
}
