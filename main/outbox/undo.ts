import { intent as intentSchema, type Intent, type PlateBasis, type WellIntent } from '../../shared/outbox/intents.js';
import { positionKey } from '../../shared/layout/positions.js';
import { toWriteError } from '../common/write-error.js';
import { mayHaveArrived } from './may-have-arrived.js';
import { validate } from './intent-checks.js';
import type { EntryRow } from './statements.js';
import type { DependencyChain } from './dependency-chain.js';
import type { Insert } from './enqueue.js';
import { storedError, type StoreContext } from './store-context.js';
import type { Outbox, UndoneEntries, UndoOptions } from './outbox-types.js';

/** A well change as stored, or null for any other entry (or one that no longer reads). */
function wellChangeOf(e: EntryRow): WellIntent | null {
  try {
    const i = intentSchema.parse(JSON.parse(e.payload));
    return i.type === 'well-set' || i.type === 'well-remove' ? i : null;
  } catch {
    return null;
  }
}

/**
 * The opposite change of a change that may be on the service is checked against that change's reading,
 * not the page's newer one: the plate check then holds it if anything but this computer's own writes
 * changed the plate since (another bench's tube in the well it empties). The page's reading may already
 * show that tube, which the opposite change would then remove unasked. Marked with what it undoes, so a
 * hold says so. A change made before readings were kept keeps the page's.
 */
function againstReading(i: Intent, undoes: number, basis: PlateBasis | undefined): Intent {
  if (i.type !== 'well-set' && i.type !== 'well-remove') return i;
  return validate({ ...i, ...(basis ? { basis } : {}), undoes });
}

/**
 * Taking changes back: an entry never attempted is cancelled; a failed one is discarded, or, when it
 * may be on the service all the same, discarded with its opposite change queued behind it.
 */
export function undoing(
  { db, st, events, now, reread }: StoreContext,
  insert: Insert,
  { failDependents }: Pick<DependencyChain, 'failDependents'>,
  closeDiscards: (ids: readonly number[]) => void,
): Pick<Outbox, 'cancel' | 'undoMany'> {
  /**
   * A well change that never happened on the service itself, with a newer change to the same well still
   * standing (sent, on its way, or to be sent): an undo reaches it only after that newer change's edit
   * was undone, and that undo's opposite change puts this one's value back in the well (the well was
   * drawn with it). Taken out alone, it would leave the well so on the service while the screen shows it
   * undone.
   */
  function putBackSince(e: EntryRow): boolean {
    const mine = wellChangeOf(e);
    if (!mine) return false;
    const at = positionKey(mine.position);
    return st.standingAfterInTarget.all(e.service ?? '', e.target, e.id).some((n) => {
      const later = wellChangeOf(n);
      return later !== null && positionKey(later.position) === at;
    });
  }

  function cancelNeverSent(ids: readonly number[], what: string, undo?: UndoOptions): UndoneEntries {
    let done: UndoneEntries;
    let dependents: number[] = [];
    const queued: { id: number; target: string; fresh: boolean }[] = [];
    const opposites = new Map([...(undo?.opposites ?? [])].map(([id, intents]) => [id, intents.map(validate)]));
    try {
      const t = now();
      done = db
        .transaction(() => {
          const cancelled = ids.filter((id) => st.cancel.run(t, id).changes === 1);
          const discarded: number[] = [];
          const reversed: UndoneEntries['reversed'] = [];
          for (const id of undo ? ids : []) {
            const e = st.get.get(id);
            if (e?.state !== 'failed') continue;
            // One that may be on the service leaves only with its opposite change queued behind it, as
            // an uncertain one's undo has it; without one it stays, and the caller reverses it.
            const why = mayHaveArrived(storedError(e.last_error), e.attempts) ?? (putBackSince(e) ? 'put-back' : null);
            const opposite = why ? opposites.get(id) : undefined;
            if (why && !opposite?.length) continue;
            // The same write as the user's Discard of a failed entry (failed-entry-actions.ts discard).
            st.setState.run('discarded', t, id, 'failed');
            if (!opposite || !why) {
              discarded.push(id);
              continue;
            }
            const made = wellChangeOf(e)?.basis;
            const rows = opposite.map((i) => insert(againstReading(i, id, made), null, undo?.readFrom));
            queued.push(...rows);
            reversed.push({ id, by: rows.map((r) => r.id), why });
          }
          const changed = new Set([...cancelled, ...discarded, ...reversed.map((r) => r.id)]);
          const takenOut = undo
            ? ids.filter((id) => {
                const state = changed.has(id) ? undefined : st.stateOf.get(id)?.state;
                return state === 'cancelled' || state === 'discarded';
              })
            : [];
          dependents = failDependents([...changed], t);
          // The undo sends nothing for those the user discarded in the Outbox: put back later, they would
          // happen after all, against it. They stay out (discards.ts).
          closeDiscards(takenOut);
          return { cancelled, discarded, takenOut, reversed };
        })
        .immediate();
    } catch (err) {
      throw toWriteError(err, what);
    }
    for (const r of queued) if (r.fresh) events.emit('enqueued', { id: r.id, target: r.target });
    const changed = [...done.cancelled, ...done.discarded, ...done.reversed.map((r) => r.id)];
    if (changed.length > 0) events.emit('changed', reread([...changed, ...dependents]));
    return done;
  }

  return {
    cancel: (id) => cancelNeverSent([id], 'The change').cancelled.length === 1,
    undoMany: (ids, options) => cancelNeverSent(ids, 'The undo', options ?? {}),
  };
}
