import { toWriteError } from '../common/write-error.js';
import { rowToListed, type EntryRow } from './statements.js';
import { discardLog, type DiscardRecord } from './discard-log.js';
import type { DependencyChain } from './dependency-chain.js';
import type { StoreContext } from './store-context.js';
import type { DiscardedEntries, Outbox, RestoredEntries } from './outbox-types.js';
import type { EntryState } from './entry.js';
import type { FailedShown } from '../../shared/ipc/channels/outbox.js';
import { asStored, shownAs } from './failed-entry-actions.js';
import { failedSaidAs } from './failed-shown.js';
import {
  DISCARDED_UPLOAD_COPY_KEPT_MS,
  DISCARDED_UPLOAD_COPY_KEPT_SAID,
  FINISHED_KEPT_SAID,
} from '../../shared/outbox/finished-kept.js';

/** The states the user's Discard takes an entry out of: failed (any way it is said) and unsure whether it arrived. */
const DISCARDABLE: ReadonlySet<string> = new Set(['failed', 'uncertain']);

/** Why a discarded entry is not put back, in words for its row and the Undo's answer. */
const NOT_PUT_BACK = {
  gone:
    `Not put back: it is no longer kept on this computer (a discarded change is kept ${FINISHED_KEPT_SAID}). ` +
    'Make the change again if it is wanted.',
  notDiscarded:
    'Not put back: it is not discarded now (put back already, here or in another window). Its row shows how it stands.',
  notByDiscard:
    'Not put back: it was taken out by an undo on its own screen, with the changes kept for another service, ' +
    'or by an older version of Benchlink, not by a Discard here. Make the change again if it is wanted.',
  takenBack:
    'Not put back: the edit it was part of was undone on its own screen since, so it stays out. Make the ' +
    'change again if it is wanted.',
  changed: 'Not put back: it changed since it was discarded. Make the change again if it is wanted.',
  // A discarded upload's staged copy is kept for its Undo only so long (main/staging/cleanup.ts).
  upload:
    `Not put back: the copy of the file kept for sending it is removed ${DISCARDED_UPLOAD_COPY_KEPT_SAID} after ` +
    'it was discarded. Upload the file again.',
  otherService:
    'Not put back: it is for another service than the one in use now. Switch back to that service to put it back.',
  needs: (id: number) =>
    `Not put back: it needs entry #${id}, which is no longer kept on this computer. Make the change again if it is wanted.`,
} as const;

/** The entries a stored entry needs done first: the one whose answer or turn it waits for, and those it states. */
function earlierOf(e: EntryRow): number[] {
  let built: number[] = [];
  try {
    const w = JSON.parse(e.waits_for ?? '[]') as unknown;
    built = Array.isArray(w) ? w.filter((x): x is number => typeof x === 'number') : [];
  } catch {
    // A list that no longer reads names nothing this can check; the sync never sends such an entry anyway.
  }
  return [...(e.depends_on === null ? [] : [e.depends_on]), ...built];
}

/**
 * The user's Discard of failed and unsure entries, one or a tab's at once, and putting them back: by an
 * Undo right after, or from the Discarded tab. Each Discard keeps what it changed under a mark of its own
 * (discard-log.ts): the entries it took out, with the state they were in, and those it failed along, with
 * their state and error before and as it left them. A restore puts back only what is still as that Discard
 * left it, so nothing that happened since (another choice, a send, a prune) is undone with it.
 */
export function discards(
  { db, st, events, now, reread, service }: StoreContext,
  { failDependents, sayRestored }: Pick<DependencyChain, 'failDependents' | 'sayRestored'>,
): Pick<Outbox, 'discard' | 'discardMany' | 'undoDiscard' | 'restoreDiscarded' | 'restoreRefusal' | 'idsShown'> & {
  closeDiscards(ids: readonly number[]): void;
  pruneRecords(): void;
} {
  const log = discardLog(db);

  /** Why `id` is not put back, or its own Discard's record when it can be. */
  function restorable(id: number): { why: string } | { record: DiscardRecord } {
    const e = st.get.get(id);
    if (!e) return { why: NOT_PUT_BACK.gone };
    if (e.state !== 'discarded') return { why: NOT_PUT_BACK.notDiscarded };
    // Put back, it would be that service's failed entry again, shown and sent nowhere the user is looking.
    if (e.service !== service()) return { why: NOT_PUT_BACK.otherService };
    const record = log.ownOf.get(id, id);
    if (!record) return { why: NOT_PUT_BACK.notByDiscard };
    if (record.closed !== null) return { why: NOT_PUT_BACK.takenBack };
    if (e.updated_at !== record.left_at) return { why: NOT_PUT_BACK.changed };
    // By the discard's own time, as the copy's removal goes: past it, the copy may be gone (or going).
    if (e.type === 'file-upload' && now() - record.left_at >= DISCARDED_UPLOAD_COPY_KEPT_MS)
      return { why: NOT_PUT_BACK.upload };
    // Put back while an entry it needs was pruned, it would wait for that one for ever, and nothing would say so.
    const missing = earlierOf(e).find((n) => !st.get.get(n));
    if (missing !== undefined) return { why: NOT_PUT_BACK.needs(missing) };
    return { record };
  }

  function discardMany(ids: readonly number[], shown?: FailedShown): DiscardedEntries {
    let done: DiscardedEntries = { mark: null, discarded: [], left: [] };
    let along: number[] = [];
    try {
      const t = now();
      db.transaction(() => {
        const before = new Map<number, { row: EntryRow; cause: number }>();
        const discarded: number[] = [];
        const left: DiscardedEntries['left'] = [];
        for (const id of ids) {
          const e = st.get.get(id);
          // Another service's (a stale list from before the switch) is not the one the user was asked about.
          const ours = e !== undefined && e.service === service();
          const asked = ours && DISCARDABLE.has(e.state);
          // Read as its row says it, from its state, error and tries only: one whose content no longer reads too.
          if (!asked || (shown !== undefined && (e.state !== 'failed' || shownAs(asStored(e)) !== shown))) {
            left.push({ id, state: ours ? (e.state as EntryState) : null });
            continue;
          }
          if (before.has(id) || st.setState.run('discarded', t, id, e.state).changes !== 1) continue;
          before.set(id, { row: e, cause: id });
          discarded.push(id);
        }
        if (discarded.length === 0) {
          done = { mark: null, discarded, left };
          return;
        }
        const mark = Number(log.newMark.run(t).lastInsertRowid);
        // One discarded entry at a time, so each entry failed along is put back with the one it failed for.
        for (const cause of discarded)
          along.push(
            ...failDependents([cause], t, (id) => {
              const row = st.get.get(id);
              if (row && !before.has(id)) before.set(id, { row, cause });
            }),
          );
        for (const [id, { row, cause }] of before) {
          // One taken out is left as setState left it (its error untouched); one failed along is read again.
          const after =
            id === cause ? { state: 'discarded', last_error: row.last_error, updated_at: t } : st.get.get(id)!;
          log.record.run(mark, id, cause, row.state, row.last_error, after.state, after.last_error, after.updated_at);
        }
        done = { mark, discarded, left };
      }).immediate();
    } catch (err) {
      throw toWriteError(err, 'The discard');
    }
    if (done.discarded.length > 0) events.emit('changed', reread([...done.discarded, ...along]));
    return done;
  }

  /** Puts back each discarded entry of `causes` that can be (with its Discard's mark), and what it failed along. */
  function restore(causes: readonly number[]): RestoredEntries {
    const done: RestoredEntries = { restored: [], along: [], refused: [] };
    let said: number[] = [];
    try {
      const t = now();
      db.transaction(() => {
        for (const id of causes) {
          const r = restorable(id);
          if ('why' in r) {
            done.refused.push({ id, why: r.why });
            continue;
          }
          const { record } = r;
          if (log.restoreDiscarded.run(record.state, t, id, record.left_at).changes !== 1) {
            done.refused.push({ id, why: NOT_PUT_BACK.changed });
            continue;
          }
          done.restored.push(id);
          for (const c of log.changedFor.all(id, record.mark)) {
            if (c.entry === id) continue;
            // Failed along, it stays failed, however it stood before: what it waits for may have been refused,
            // settled or made again meanwhile, and put back pending it would go (or hold its whole lane) unlooked.
            // One built on the discarded change keeps the reason that told the user to make it again; one that
            // needs its answer is reworded below (sayRestored) for how that entry stands now. The user's Retry,
            // with its checks, sends it. Only one still as the Discard left it: a later choice on it stands.
            const back = log.restoreChanged.run(
              'failed',
              c.state === 'failed' ? c.last_error : c.left_error,
              t,
              c.entry,
              c.left_state,
              c.left_at,
              c.left_error,
            );
            if (back.changes === 1) done.along.push(c.entry);
          }
          log.forget.run(id, record.mark);
        }
        said = sayRestored([...done.restored, ...done.along], t);
      }).immediate();
    } catch (err) {
      throw toWriteError(err, 'The undo');
    }
    const changed = [...done.restored, ...done.along, ...said];
    if (changed.length > 0) events.emit('changed', reread([...new Set(changed)]));
    return done;
  }

  return {
    discard(id) {
      const d = discardMany([id]);
      return d.discarded.length === 1 ? rowToListed(st.get.get(id)!) : null;
    },
    discardMany: (ids, options) => discardMany(ids, options?.shown),
    undoDiscard: (mark) => restore(log.causesOf.all(mark).map((r) => r.entry)),
    restoreDiscarded: (ids) => restore(ids),
    restoreRefusal(id) {
      const r = restorable(id);
      return 'why' in r ? r.why : null;
    },
    idsShown(shown, limit) {
      // The same pick as the tab's list (entry-reads.ts), without its limit of what is shown.
      return st.failedSaidIds.all(failedSaidAs(st, shown), service(), limit).map((r) => r.id);
    },
    /**
     * An undo of an edit found these already taken out (undo.ts takenOut): it sends nothing for them, as
     * they will never happen. Put back afterwards they would, against the undo: they stay out.
     */
    closeDiscards(ids) {
      for (const id of ids) log.close.run('edit-undone', id);
    },
    /** With the pruning of finished entries (kept-entries.ts): what a Discard kept goes with what it took out. */
    pruneRecords() {
      log.pruneRecords.run();
      log.pruneMarks.run();
    },
  };
}
