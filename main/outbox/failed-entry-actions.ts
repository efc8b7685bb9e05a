import { targetKeyOf } from '../../shared/outbox/intent-meta.js';
import { toWriteError } from '../common/write-error.js';
import { refuseStandIn, validate } from './intent-checks.js';
import { rowToListed, type EntryRow } from './statements.js';
import type { DependencyChain } from './dependency-chain.js';
import { storedError, type StoreContext } from './store-context.js';
import type { Outbox } from './outbox-types.js';
import type { EntryState } from './entry.js';
import { entryMayHaveArrived } from './may-have-arrived.js';
import { entryShownState } from '../../shared/outbox-words/shown-state.js';

/** Whether the screens say a stored entry as unsure whether it arrived, by main's own mayHaveArrived. */
function saidUnsure(e: EntryRow): boolean {
  const state = e.state as EntryState;
  const lastError = storedError(e.last_error);
  return (
    entryShownState(state, lastError, entryMayHaveArrived({ state, lastError, attempts: e.attempts })) === 'uncertain'
  );
}

/**
 * What the user does with a failed or uncertain entry: discard it, try it again, say it did arrive, or
 * correct it. Each change is announced once its transaction has committed. `this` is the whole Outbox
 * (confirming with a result settles the entry as the sync engine would).
 */
export function failedEntryActions(
  { db, st, events, now, reread }: StoreContext,
  {
    failDependents,
    retryChain,
    retryDependents,
  }: Pick<DependencyChain, 'failDependents' | 'retryChain' | 'retryDependents'>,
): Pick<Outbox, 'discard' | 'retry' | 'confirmDone' | 'replace'> & ThisType<Outbox> {
  function transition(id: number, from: EntryState, to: EntryState): boolean {
    try {
      const t = now();
      const changed = db
        .transaction(() => {
          if (st.setState.run(to, t, id, from).changes !== 1) return null;
          return [id, ...(to === 'discarded' || to === 'cancelled' ? failDependents([id], t) : [])];
        })
        .immediate();
      if (changed) events.emit('changed', reread(changed));
      return changed !== null;
    } catch (err) {
      throw toWriteError(err, 'The change');
    }
  }

  /**
   * The user's "It arrived" on an entry every screen says is unsure whether it arrived (entryShownState): one
   * whose answer was lost, or a failed one main says may be on the service all the same (a Retry of it
   * would make the change twice). Done, as if its answer had come; what failed only because it waited for
   * it goes now, as after a retry of it. One that never left this computer, a refusal or a hold is not:
   * it is not there to have arrived.
   */
  function arrived(id: number): boolean {
    const e = st.get.get(id);
    if (!e || !saidUnsure(e)) return false;
    try {
      const t = now();
      const changed = db
        .transaction(() => {
          if (st.setState.run('done', t, id, e.state).changes !== 1) return null;
          return [id, ...(e.state === 'failed' ? retryDependents(id, t) : [])];
        })
        .immediate();
      if (changed) events.emit('changed', reread(changed));
      return changed !== null;
    } catch (err) {
      throw toWriteError(err, 'The change');
    }
  }

  return {
    discard(id) {
      const e = st.get.get(id);
      if (!e || (e.state !== 'failed' && e.state !== 'uncertain')) return null;
      return transition(id, e.state, 'discarded') ? rowToListed(st.get.get(id)!) : null;
    },
    retry(id) {
      try {
        const t = now();
        const changed = db.transaction(() => retryChain(id, t)).immediate();
        if (changed.length > 0) events.emit('changed', reread(changed));
        return changed.includes(id);
      } catch (err) {
        throw toWriteError(err, 'The retry');
      }
    },
    confirmDone(id, result) {
      if (result === undefined) return arrived(id);
      if (st.get.get(id)?.state !== 'uncertain') return false;
      this.settle([{ id, state: 'done', result }]);
      return true;
    },
    replace(id, i) {
      const valid = validate(i);
      refuseStandIn([valid], new Set());
      try {
        const ok =
          st.replacePayload.run(JSON.stringify(valid), targetKeyOf(valid), valid.type, now(), id).changes === 1;
        if (ok) events.emit('changed', reread([id]));
        return ok;
      } catch (err) {
        throw toWriteError(err, 'The correction');
      }
    },
  };
}
