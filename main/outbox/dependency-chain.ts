import type { EntryError } from './entry.js';
import { stagedCopyLostAdvice } from '../../shared/outbox-words/staged-copy.js';
import { WriteError } from '../common/write-error.js';
import type { EntryRow, Statements } from './statements.js';
import { shownOfFailed } from './failed-shown.js';
import { unsureChoiceSaid } from '../../shared/outbox-words/unsure-choices.js';
import { STAGED_COPY_LOST, SUPERSEDED } from '../../shared/ipc/channels/outbox.js';
import { storedError } from './store-context.js';

/**
 * The kind of an entry failed because what its content states (a plate record's wells) was refused or taken
 * out: never sent, retried or corrected as it is; made again once that change is settled.
 */
export const BUILT_ON_REFUSED = 'built-on-refused';

/** Taken out of the outbox by the user (discarded, or cancelled by an undo): it will never be done. */
const takenOut = (state: string | undefined): boolean => state === 'discarded' || state === 'cancelled';

/** States an entry never leaves without the user: what was built on it will not happen as stated. */
const lost = (state: string | undefined): boolean => state === undefined || state === 'failed' || takenOut(state);

/** "well-set H12": an entry's type, and the well it changes when it changes one (the user looks for that). */
function describeRow(e: EntryRow): string {
  let position: unknown;
  try {
    position = (JSON.parse(e.payload) as { position?: unknown } | null)?.position;
  } catch {
    // A payload that no longer reads: the kind alone still names it.
  }
  return typeof position === 'string' ? `${e.type} ${position}` : e.type;
}

/**
 * The key of an earlier entry's answer that `e` is sent with (an attach-image: its upload's fileId), or null
 * when it takes none. A stored value that no longer reads still names a need: said as "answer".
 */
export function suppliedFrom(e: EntryRow | undefined): string | null {
  if (!e?.supplies) return null;
  try {
    const from = (JSON.parse(e.supplies) as { from?: unknown } | null)?.from;
    return typeof from === 'string' ? from : 'answer';
  } catch {
    return 'answer';
  }
}

/** A row's stored error, or null (none, or one that no longer reads: its kind is then not known). */
const errorOf = (e: EntryRow): EntryError | null => storedError(e.last_error);

/**
 * What lets an entry waiting for `e` go, in the words of the choices e's row offers (failedShown): one
 * unsure whether it arrived is not retried but looked for; one held for a look is sent anyway; one
 * discarded or cancelled never goes, so neither can what needs it. `supplied`: the waiting entry is sent
 * with that field of e's answer (an attach-image, its upload's fileId), which "It arrived" cannot give.
 */
function whatFrees(e: EntryRow, error: Pick<EntryError, 'kind'> | null, supplied: string | null): string {
  if (e.state !== 'failed') return 'It cannot be sent without that entry: discard this one.';
  // That entry waits on one before it, whose reason (in that entry's, quoted) already ends with what frees
  // the chain: said again here, a record's event read "… goes with it. Retry or correct that entry (Edit) …"
  // twice, the second about an entry that has no Retry of its own to press.
  if (error?.kind === 'dependency') return '';
  // No Retry or Edit can send it (its copy is gone): its own reason says what to do.
  if (error?.kind === STAGED_COPY_LOST) return 'Its reason says what to do; this one cannot be sent without it.';
  switch (shownOfFailed(error?.kind, e.attempts)) {
    case 'superseded':
      // Its own reason says what to do, and "Send again" would undo the newer change it was set aside for.
      return 'Its reason says what to do; this one goes with it.';
    case 'uncertain':
      return supplied
        ? // "It arrived" gives no answer to take the field from, so it is refused for e (failed-entry-actions.ts).
          `Look for that entry on the service: if it is not there, choose "${unsureChoiceSaid('resend')}" on its ` +
            `row, and this one goes with it. If it is there, its ${supplied} is not known here: discard both and ` +
            'make this change again (e.g. attach the picture again).'
        : `Look for that entry on the service: if it is there, choose "${unsureChoiceSaid('mark-done')}" on its row; ` +
            `if not, "${unsureChoiceSaid('resend')}". This one goes with it.`;
    case 'held':
      return 'Send that entry anyway, and this one goes with it.';
    default:
      return 'Retry or correct that entry (Edit), and this one goes with it.';
  }
}

/**
 * The links between entries (one depends on an earlier one's result, or was built on entries already
 * queued): what fails along when one will never be done, what a retry takes along, and what a batch
 * may be built on. Each runs inside the caller's transaction.
 */
export function dependencyChain(st: Statements) {
  /**
   * The reasons an entry waiting for `e` fails with, now that e will never be done as it stands (failed,
   * discarded, cancelled): `needs` for one that waits for its answer or its turn, `built` for one whose
   * content states it.
   */
  function reasonsOf(e: EntryRow, t: number): { needs: (d: { id: number }) => EntryError; built: () => EntryError } {
    const what = `entry #${e.id} (${describeRow(e)})`;
    const error = e.state === 'failed' ? errorOf(e) : null;
    // Its reason's own full stop gives way to this sentence's.
    const said = error?.message.replace(/\.$/, '') ?? 'no reason given';
    const why = e.state === 'failed' ? `failed: ${said}` : `was ${e.state}`;
    return {
      needs: (d) => ({
        kind: 'dependency',
        message: [`Not sent: it needs ${what}, which ${why}.`, whatFrees(e, error, suppliedFrom(st.get.get(d.id)))]
          .filter(Boolean)
          .join(' '),
        at: t,
      }),
      // Not retryable with that entry (a different kind than 'dependency'): this entry's content states
      // that change, which did not happen; a corrected change needs content built anew.
      built: () => ({
        kind: BUILT_ON_REFUSED,
        message: `Not sent: it states ${what}, which ${why}. Fix that, then make this again (e.g. file the record again).`,
        at: t,
      }),
    };
  }

  /**
   * Entries waiting for one that will now never be done (failed, discarded, cancelled) fail too, with
   * the reason, and so on down the chain. Runs inside the caller's transaction; answers their ids.
   * `before` is told of each entry just before it is failed (a Discard keeps what it was, for its Undo).
   */
  function failDependents(ids: readonly number[], t: number, before?: (id: number) => void): number[] {
    const failed: number[] = [];
    const todo = [...ids];
    while (todo.length > 0) {
      const id = todo.shift()!;
      const e = st.get.get(id);
      if (!e) continue;
      // Those already failed for want of it said "Retry that entry": gone for good now, they say so.
      const dependents = [...st.pendingDependents.all(id), ...(takenOut(e.state) ? st.failedDependents.all(id) : [])];
      const builtOn = st.pendingBuiltOn.all(id);
      if (dependents.length === 0 && builtOn.length === 0) continue;
      const { needs, built } = reasonsOf(e, t);
      for (const [list, error] of [
        [dependents, needs],
        [builtOn, built],
      ] as const)
        for (const d of list) {
          before?.(d.id);
          if (st.settle.run('failed', JSON.stringify(error(d)), null, 0, 'failed', t, d.id).changes === 1) {
            failed.push(d.id);
            todo.push(d.id);
          }
        }
    }
    return failed;
  }

  /**
   * How an entry waiting for `before`'s answer or turn is said once an Undo or Restore of a Discard leaves
   * it failed: that entry as it stands now. One on its way, sent or unsure whether it arrived is not waited
   * for again by itself: put back, nothing is made sendable that the user did not look at (their Retry,
   * with its checks, sends it).
   */
  function neededNow(before: EntryRow, d: { id: number }, t: number): EntryError {
    if (before.state === 'failed' || takenOut(before.state)) return reasonsOf(before, t).needs(d);
    const what = `entry #${before.id} (${describeRow(before)})`;
    const how =
      before.state === 'done'
        ? 'which is sent now: Retry this to send it.'
        : before.state === 'uncertain'
          ? 'which may or may not have arrived: look for it on the service and settle it on its row, then retry this one.'
          : 'which is on its way again: Retry this to send it after that one.';
    return { kind: 'dependency', message: `Not sent: it needs ${what}, ${how}`, at: t };
  }

  /**
   * Entries an Undo or Restore of a Discard leaves failed for want of an earlier entry: each says that entry
   * as it stands now (what it was put back as said it as it stood at the Discard, which may have changed
   * since). Never retried here: the Undo's answer says nothing was sent by it, and one made again by the
   * user meanwhile (as its reason told them) would go twice. Runs inside the caller's transaction; answers
   * the ids it changed.
   */
  function sayRestored(ids: readonly number[], t: number): number[] {
    const changed: number[] = [];
    for (const id of [...ids].sort((a, b) => a - b)) {
      const d = st.get.get(id);
      if (d?.state !== 'failed' || d.depends_on === null || errorOf(d)?.kind !== 'dependency') continue;
      const before = st.get.get(d.depends_on);
      if (!before) continue;
      const now = neededNow(before, d, t);
      // Put back as it was, it says so already: left as it was, its time included.
      if (now.message === errorOf(d)?.message) continue;
      if (st.settle.run('failed', JSON.stringify(now), null, 0, 'failed', t, id).changes === 1) changed.push(id);
    }
    return changed;
  }

  /** The entries a batch is built on, checked inside its transaction: none may already be lost. */
  function checkBuiltOn(ids: readonly number[]): void {
    for (const id of ids) {
      const e = st.get.get(id);
      if (!e || lost(e.state))
        throw new WriteError(
          'invalid',
          `Entry #${id}${e ? ` (${describeRow(e)})` : ''} ${e ? `is ${e.state}` : 'is gone'}: nothing built on it can be queued.`,
        );
    }
  }

  /**
   * The earlier entry a retry of `id` must not take along: failed, but one that may be on the service
   * (said unsure), held for a look at its plate, or set aside for a newer change. Sent again unlooked, it
   * could make its change twice, go over a plate someone changed, or undo that newer change, the very
   * thing its own row asks the user to look at first; the user settles it there (whatFrees), and this
   * one goes with it. Null when nothing stands in the way.
   */
  function retryWaitsOn(id: number): { row: EntryRow; error: EntryError | null } | null {
    const before = earlierOf(id);
    if (before?.state !== 'failed') return null;
    const error = errorOf(before);
    const shown = shownOfFailed(error?.kind, before.attempts);
    return shown === 'uncertain' || shown === 'held' || shown === 'superseded' ? { row: before, error } : null;
  }

  /** The entry `id` depends on (needs the result of), if any. */
  function earlierOf(id: number): EntryRow | undefined {
    const depends = st.get.get(id)?.depends_on;
    return depends === null || depends === undefined ? undefined : st.get.get(depends);
  }

  /**
   * Why a retry of `id` did nothing, when the entry itself is not to be sent again as it is (built on a
   * change that did not happen, set aside for a newer one) or an earlier entry it needs is to be settled on
   * its own row first.
   */
  function retryRefusal(id: number): string | null {
    const e = st.get.get(id);
    if (e?.state === 'failed') {
      const kind = errorOf(e)?.kind;
      if (kind === BUILT_ON_REFUSED)
        return (
          'Not retried: it states a change that did not happen (its reason names it), so sent as it is it ' +
          'would record what is not so. Correct or discard that change, then make this one again (e.g. file ' +
          'the record again), and discard this one.'
        );
      if (kind === SUPERSEDED)
        return (
          'Not retried: it was set aside for a newer change to what it sets, which it would undo. Discard it, ' +
          'or make the change again if this value is the one wanted.'
        );
      if (kind === STAGED_COPY_LOST)
        return `Not retried: the file's staged copy is gone or changed, so nothing can be sent. ${stagedCopyLostAdvice(fileSourceOf(e.payload))}`;
    }
    const supplied = suppliedFrom(e);
    const before = earlierOf(id);
    if (before && takenOut(before.state))
      return `Not retried: it needs entry #${before.id} (${describeRow(before)}), which was ${before.state}. ${whatFrees(before, null, supplied)}`;
    const w = retryWaitsOn(id);
    return (
      w &&
      `Not retried: it needs entry #${w.row.id} (${describeRow(w.row)}), which is settled on its own row first. ` +
        whatFrees(w.row, w.error, supplied)
    );
  }

  /**
   * Retrying an entry retries what it waits for (if that failed, and may be sent again unlooked:
   * retryWaitsOn) and what waits only for it. An entry whose earlier entry was discarded or cancelled
   * cannot go: that one will never be done.
   */
  function retryChain(id: number, t: number): number[] {
    const e = st.get.get(id);
    if (!e || (e.state !== 'failed' && e.state !== 'uncertain')) return [];
    // None goes again as it is: one states a change that did not happen, one would undo a newer one, and an
    // upload whose staged copy is gone has nothing to send.
    const kind = errorOf(e)?.kind;
    if (kind === BUILT_ON_REFUSED || kind === SUPERSEDED || kind === STAGED_COPY_LOST) return [];
    if (e.waits_for !== null && (JSON.parse(e.waits_for) as number[]).some((w) => lost(st.get.get(w)?.state)))
      return [];
    const changed: number[] = [];
    if (e.depends_on !== null) {
      const before = st.get.get(e.depends_on);
      if (before && takenOut(before.state)) return [];
      if (before?.state === 'failed') {
        if (retryWaitsOn(id)) return [];
        changed.push(...retryChain(before.id, t));
      }
    }
    if (st.retry.run(t, id, e.state).changes !== 1) return changed;
    return [...changed, id, ...retryDependents(id, t)];
  }

  /**
   * The entries failed only because `id` failed ('dependency'), and so on down the chain, pending again:
   * `id` is on its way again or done. Runs inside the caller's transaction; answers their ids.
   */
  function retryDependents(id: number, t: number): number[] {
    const changed: number[] = [];
    const todo = [id];
    while (todo.length > 0)
      for (const d of st.failedDependents.all(todo.shift()!))
        if (d.id !== id && !changed.includes(d.id) && st.retry.run(t, d.id, 'failed').changes === 1) {
          changed.push(d.id);
          todo.push(d.id);
        }
    return changed;
  }

  return { failDependents, sayRestored, checkBuiltOn, retryChain, retryDependents, retryRefusal };
}
export type DependencyChain = ReturnType<typeof dependencyChain>;

/** An upload's fileSource, read from its stored payload; undefined when it has none or cannot be read. */
function fileSourceOf(payload: string): unknown {
  try {
    return (JSON.parse(payload) as { fileSource?: unknown } | null)?.fileSource;
  } catch {
    return undefined;
  }
}
