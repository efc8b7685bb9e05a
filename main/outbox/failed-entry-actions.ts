import { targetKeyOf } from '../../shared/outbox/intent-meta.js';
import { toWriteError, WriteError } from '../common/write-error.js';
import { refuseStandIn, validate } from './intent-checks.js';
import type { EntryRow } from './statements.js';
import { keepsSupplied, supply, SUPPLIED_LATER, type Supply } from '../../shared/outbox/dependency.js';
import type { Intent } from '../../shared/outbox/intents.js';
import { BUILT_ON_REFUSED, suppliedFrom, type DependencyChain } from './dependency-chain.js';
import { storedError, type StoreContext } from './store-context.js';
import type { Outbox, RetriedEntries } from './outbox-types.js';
import type { EntryError, EntryState } from './entry.js';
import { entryMayHaveArrived } from './may-have-arrived.js';
import { entryShownState, type ShownState } from '../../shared/outbox-words/shown-state.js';
import { unsureChoiceSaid } from '../../shared/outbox-words/unsure-choices.js';

/** What a row's state, buttons and words are read from. */
interface AsStored {
  state: EntryState;
  lastError: EntryError | null;
  attempts: number;
}

/** How every screen says an entry, by main's own mayHaveArrived (entryShownState). */
export const shownAs = (e: AsStored): ShownState => entryShownState(e.state, e.lastError, entryMayHaveArrived(e));

/** A stored row as its state, error and tries: all a row's words are read from, whether its content reads or not. */
export const asStored = (e: EntryRow): AsStored => ({
  state: e.state as EntryState,
  lastError: storedError(e.last_error),
  attempts: e.attempts,
});

/** States an entry leaves only by the user's hand: what goes after it cannot go meanwhile. */
const NOT_DONE_AS_IT_STANDS: ReadonlySet<string> = new Set(['failed', 'discarded', 'cancelled']);

/** What a stored entry takes from an earlier entry's answer, or null (none, or a stored value that does not read). */
function storedSupply(e: EntryRow): Supply | null {
  try {
    const s = supply.safeParse(JSON.parse(e.supplies ?? 'null'));
    return s.success ? s.data : null;
  } catch {
    return null;
  }
}

/** A stored entry's answer, or null (none, or one that does not read). */
function storedResult(e: EntryRow): unknown {
  try {
    return JSON.parse(e.result ?? 'null') as unknown;
  } catch {
    return null;
  }
}

/** Whether the screens say a stored entry as unsure whether it arrived. */
const saidUnsure = (e: EntryRow): boolean => shownAs(asStored(e)) === 'uncertain';

/**
 * Why an entry's Edit is not offered for it as its row shows it now, or null when it is. The row hides the
 * button for these; a row another window left stale still sends it, so the store checks again:
 * - not failed: retried or discarded meanwhile, it may be on its way out as it was;
 * - unsure whether it arrived: its correction sent as well could make the change twice;
 * - set aside for a newer change: its correction sent would undo that newer one;
 * - built on a change refused or taken out: its content states that change, so any correction still does.
 */
export function correctionRefusal(e: AsStored): string | null {
  if (e.state !== 'failed')
    return 'It is no longer a failed entry (retried or discarded meanwhile), so it was left as it is.';
  if (e.lastError?.kind === BUILT_ON_REFUSED)
    return (
      'Not changed: it states a change that did not happen (its reason names it), and a correction of it ' +
      'would still state it. Correct or discard that change, then make this one again (e.g. file the record again).'
    );
  switch (shownAs(e)) {
    case 'uncertain':
      return (
        'Not changed: it may be on the service already, and a correction sent as well could make the change ' +
        `twice. Look there first: if it is there, choose "${unsureChoiceSaid('mark-done')}"; if it is not, ` +
        'discard it and make the change again.'
      );
    case 'superseded':
      return (
        'Not changed: it was set aside for a newer change to what it sets, which a correction sent now would ' +
        'undo. Discard it, or make the change again if this value is the one wanted.'
      );
    default:
      return null;
  }
}

/**
 * What the user does with a failed or uncertain entry: try it again (one, or a tab's), say it did arrive,
 * or correct it (its Discard is discards.ts). Each change is announced once its transaction has committed.
 * `this` is the whole Outbox (confirming with a result settles the entry as the sync engine would).
 */
export function failedEntryActions(
  { db, st, events, now, reread, service }: StoreContext,
  {
    failDependents,
    retryChain,
    retryDependents,
  }: Pick<DependencyChain, 'failDependents' | 'retryChain' | 'retryDependents'>,
): Pick<Outbox, 'retry' | 'retryMany' | 'confirmDone' | 'replace'> & ThisType<Outbox> {
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
    const supplied = suppliedTo(id);
    if (supplied)
      throw new WriteError(
        'invalid',
        `Not marked as arrived: entry #${supplied.id} (${supplied.type}) is sent with this one's ` +
          `${supplied.from} from the service's answer, and that answer was lost: marked so, entry ` +
          `#${supplied.id} could never go. Look on the service: if it is not there, choose ` +
          `"${unsureChoiceSaid('resend')}"; if it is, discard both and make that change again (e.g. attach the picture again).`,
      );
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

  /**
   * An open entry sent with a field of `id`'s answer (an attach-image, its upload's fileId): "It arrived"
   * gives no answer, so that one could never be sent.
   */
  function suppliedTo(id: number): { id: number; type: string; from: string } | null {
    for (const d of [...st.pendingDependents.all(id), ...st.failedDependents.all(id)]) {
      const row = st.get.get(d.id);
      const from = suppliedFrom(row);
      if (row && from) return { id: row.id, type: row.type, from };
    }
    return null;
  }

  /**
   * Refuses a correction that cannot go as it is written, by the field an earlier entry's answer fills in.
   * That entry done, the correction keeps taking the field from its answer when sent (an attach-image
   * corrected to another page still attaches the picture its upload stored): only an edit of that field
   * is refused, which would not count. Otherwise the stand-in goes only with the entry that fills it.
   */
  function refuseSuppliedEdit(e: EntryRow, valid: Intent): void {
    const s = storedSupply(e);
    const before = s && e.depends_on !== null ? st.get.get(e.depends_on) : undefined;
    if (!s || before?.state !== 'done') return refuseStandIn([valid], new Set());
    if (!keepsSupplied(valid, s, storedResult(before)))
      throw new WriteError(
        'invalid',
        `Not changed: its ${s.field} is the ${s.from} in the answer of entry #${before.id} (${before.type}), ` +
          `filled in when it is sent. Leave it as "${SUPPLIED_LATER}" and correct the rest (e.g. the page).`,
      );
  }

  return {
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
    retryMany(ids) {
      const done: RetriedEntries = { retried: [], along: [], refused: [], left: [] };
      try {
        const t = now();
        const changed = new Set<number>();
        db.transaction(() => {
          for (const id of ids) {
            // Retried already, along with one asked about before it (what it needs, or what waited for it).
            if (changed.has(id)) continue;
            const e = st.get.get(id);
            // Only one still said as failed, as the tab the user pressed "Retry all" on says it: one that may
            // be on the service, held for a look, refused or set aside is not sent again unlooked.
            // Another service's (a stale list from before the switch) is not the tab the user pressed it on.
            if (e?.state !== 'failed' || e.service !== service() || shownAs(asStored(e)) !== 'failed') {
              done.left.push(id);
              continue;
            }
            for (const x of retryChain(id, t)) changed.add(x);
          }
        }).immediate();
        const asked = new Set(ids);
        const left = new Set(done.left);
        for (const id of new Set(ids)) if (!left.has(id)) (changed.has(id) ? done.retried : done.refused).push(id);
        done.along = [...changed].filter((x) => !asked.has(x));
        if (changed.size > 0) events.emit('changed', reread([...changed]));
      } catch (err) {
        throw toWriteError(err, 'The retry');
      }
      return done;
    },
    confirmDone(id, result) {
      if (result === undefined) return arrived(id);
      if (st.get.get(id)?.state !== 'uncertain') return false;
      this.settle([{ id, state: 'done', result }]);
      return true;
    },
    replace(id, i) {
      const valid = validate(i);
      try {
        const t = now();
        const changed = db
          .transaction(() => {
            const e = st.get.get(id);
            if (!e || correctionRefusal(asStored(e)) !== null) return null;
            refuseSuppliedEdit(e, valid);
            if (st.replacePayload.run(JSON.stringify(valid), targetKeyOf(valid), valid.type, t, id).changes !== 1)
              return null;
            // Corrected while the entry it goes after will not be done as it stands (a record's event while its
            // picture's attach-image is failed): it fails along again, saying so, and goes with that one once it
            // is retried or corrected. Left pending it would hold its whole lane, every later event behind it.
            const before = e.depends_on === null ? undefined : st.get.get(e.depends_on);
            if (before && NOT_DONE_AS_IT_STANDS.has(before.state)) return [id, ...failDependents([before.id], t)];
            // On its way again, as after a retry: what failed only for want of it (a record's event after its
            // picture's attach-image) waits for it again instead of saying it needs a failed entry.
            return [id, ...retryDependents(id, t)];
          })
          .immediate();
        if (changed) events.emit('changed', reread(changed));
        return changed !== null;
      } catch (err) {
        throw toWriteError(err, 'The correction');
      }
    },
  };
}
