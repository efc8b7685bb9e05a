import { readingsAgree, type EntryError, type OutboxEntry, type PlateSeen, type PlateState } from '../outbox/entry.js';
import type { ManifestRef } from '../../shared/outbox/intents.js';
import { PLATE_CHANGED } from '../../shared/ipc/channels/outbox.js';
import { classify, countUnanswered, waitedOutAsSilence, type Classified } from './classify.js';
import { countCheckReadFailed } from './check-read-failed.js';
import type { SendContext } from './step-result.js';
import type { Outbox } from '../outbox/outbox-store.js';
import { mayHaveArrived } from '../outbox/may-have-arrived.js';
import { onBenchClock } from '../../shared/bench-clock.js';
import { positionKey } from '../../shared/layout/positions.js';
import { sameLetters } from '../../shared/barcode/letter-case.js';

/**
 * The plate's wells as the service listed them now, by position key: the sample in each filled one. Only
 * when the reading lists wells (the spec promises only counts; the sandbox's `extended` answers list them).
 */
export type WellsNow = ReadonlyMap<string, string>;

export type PlateCheck =
  /** `watched`: the changes carry a basis or the plate has a recorded state, so it is read back after the write. */
  | { kind: 'unchanged'; watched: boolean }
  | { kind: 'changed'; now: PlateState; expected: PlateState; hrid: string; wells?: WellsNow }
  /**
   * The plate could not be read, so nothing goes: no answer (offline, the token refused), or an answer
   * the check has already settled the run's entries for (checkFailed: a try counted, or a refusal).
   */
  | { kind: 'unreachable'; failure: Classified };

async function readPlate(ctx: SendContext, ref: ManifestRef): Promise<PlateState & { hrid: string; wells?: WellsNow }> {
  const m = await ctx.transport.fetchManifestMetadata('uuid' in ref ? { uuid: ref.uuid } : { hrid: ref.hrid }, {
    signal: ctx.signal,
  });
  const wells =
    m.wells === undefined
      ? undefined
      : new Map(m.wells.flatMap((w) => (w.sample ? [[positionKey(w.position), w.sample.id] as const] : [])));
  return {
    lastUpdate: m.lastUpdate ?? null,
    emptySpaces: m.emptySpaces ?? null,
    hrid: m.hrid,
    ...(wells ? { wells } : {}),
  };
}

function manifestOf(e: OutboxEntry): ManifestRef | null {
  return e.intent.type === 'well-set' || e.intent.type === 'well-remove' ? e.intent.manifest : null;
}

/**
 * Before a plate's queued changes go out, the plate is read again. It is unchanged when it still looks
 * as it did when the oldest of these changes was made (its basis), or as it did after this computer's
 * last write to it. Anything else is a change made elsewhere (another bench filled wells): the changes
 * wait for the user instead of overwriting it. A reading that fails never lets them go unchecked:
 * sent so after a single 503, a fill went over the tube another bench had just put in its well, and the
 * plate as then read was remembered as this computer's own, so later changes passed over it too
 * (checkFailed says what a failed reading does instead).
 */
export async function checkPlate(ctx: SendContext, target: string, run: readonly OutboxEntry[]): Promise<PlateCheck> {
  const ref = run[0] ? manifestOf(run[0]) : null;
  if (!ref) return { kind: 'unchanged', watched: false };
  const basis =
    run
      .map((e) => (e.intent.type === 'well-set' || e.intent.type === 'well-remove' ? e.intent.basis : undefined))
      .find((b) => b !== undefined) ?? null;
  const seen = ctx.outbox.plateSeen(target);
  // Changes queued by older versions carry no basis: nothing to compare with, nothing to keep.
  if (!basis && !seen) return { kind: 'unchanged', watched: false };
  let now: PlateState & { hrid: string; wells?: WellsNow };
  try {
    now = await readPlate(ctx, ref);
  } catch (err) {
    return { kind: 'unreachable', failure: checkFailed(ctx, run, err) };
  }
  ctx.onAnswered();
  if ((basis && readingsAgree(now, basis)) || (seen && readingsAgree(now, seen) && ownSince(seen, basis)))
    return { kind: 'unchanged', watched: true };
  const { hrid, wells, ...state } = now;
  // Said against what the plate failed to match: this computer's record, or, when the plate still looks
  // as the record says but the changes' reading is older than where it starts, that reading.
  const expected = seen && !readingsAgree(now, seen) ? seen : (basis ?? seen!);
  return { kind: 'changed', now: state, expected, hrid, ...(wells ? { wells } : {}) };
}

/**
 * Per change of a changed plate's run, what its well holds on the service now (null: empty), where the
 * reading lists the wells; none where it does not (the spec promises only the counts). Every change
 * still waits for the user (the plate changed since it was made, and where wells are listed the bench
 * may have skipped one for a reason), but each now says whether sending it replaces another bench's tube:
 * six offline scans all waited with the same words ("empty wells 96 → 94"), the two clashing among them
 * not told apart, and Send anyway was all or nothing.
 */
export function wellsHold(run: readonly OutboxEntry[], wells: WellsNow | undefined): Map<number, string | null> {
  const out = new Map<number, string | null>();
  if (!wells) return out;
  for (const e of run)
    if (e.intent.type === 'well-set' || e.intent.type === 'well-remove')
      out.set(e.id, wells.get(positionKey(e.intent.position)) ?? null);
  return out;
}

/**
 * What a plate check whose reading failed does with the run (it is never sent unchecked):
 * - no answer (offline, a timeout waited out as silence) or the token refused: it waits, counting
 *   nothing, as a send does (the engine holds the queue or pauses);
 * - an answer that failed (5xx, 408, 429, an answer not understood, a timeout while the service answers
 *   otherwise): one failed try of each change, as a send's is, so a reading the service fails every time
 *   ends: a change that reaches MAX_ANSWERED_FAILURES fails with the reason, the others wait out the
 *   backoff;
 * - a refusal (404: the plate is not on the service; 400): the changes fail with it, not sent. The
 *   update by the same name would be refused alike when the plate is gone; when it is not, sending it
 *   unchecked is what must not happen. Retry checks again; Discard drops them.
 * The reading changed nothing on the service: whether a change may be there is only what its own
 * earlier tries say (triedMayHaveApplied).
 */
function checkFailed(ctx: SendContext, run: readonly OutboxEntry[], err: unknown): Classified {
  const failure = countUnanswered(classify(err, ctx.platform.now()), ctx.reachable());
  if (failure.action === 'pause' || waitedOutAsSilence(failure)) return failure;
  // Not answered (cut short by stop()): nothing learnt, nothing counted.
  if (failure.action !== 'reject' && !failure.answered) return failure;
  if (!failure.network) ctx.onAnswered();
  if (failure.action !== 'reject') {
    countCheckReadFailed(
      ctx,
      run,
      failure,
      'reading the plate before sending (to see whether another bench changed it) failed',
    );
    return failure;
  }
  // As they are now: a change cancelled during the read stays cancelled.
  const live = run.map((e) => ctx.outbox.get(e.id)).filter((e): e is OutboxEntry => e?.state === 'pending');
  const message =
    `Not sent: the service refused to read the plate before sending, so it could not be checked for ` +
    `changes made at another bench (${failure.error.message.replace(/\.$/, '')}). If the plate is gone ` +
    'from the service, discard this; otherwise Retry once it can be read.';
  if (live.length > 0)
    ctx.outbox.settle(live.map((e) => ({ id: e.id, state: 'failed', error: { ...failure.error, message } })));
  return failure;
}

/**
 * Whether the plate as this computer's own writes left it stands for the changes' reading: a record
 * that starts just before this computer's moves (PlateSeen.before) does only for a reading that agrees
 * with that start, so a change by another bench between the reading and the moves is still seen.
 * Changes queued by older versions carry no reading: the record stands for them, as it did.
 */
function ownSince(seen: PlateSeen, basis: PlateState | null): boolean {
  return !seen.before || !basis || readingsAgree(basis, seen.before);
}

/**
 * Before this computer's moves into a plate, where its record of the plate will start once they are
 * done: where the record starts already when the plate still looks as this computer last left it,
 * otherwise the plate as read now. Undefined when the plate cannot be read: the moves go as they are,
 * and no record is made of them (changes made on a reading from before them then wait for a look).
 */
export async function readBeforeMoves(
  ctx: SendContext,
  target: string,
  ref: ManifestRef,
): Promise<{ before: PlateState | undefined } | undefined> {
  let now: PlateState;
  try {
    const { hrid: _hrid, ...state } = await readPlate(ctx, ref);
    now = state;
  } catch {
    return undefined;
  }
  ctx.onAnswered();
  const seen = ctx.outbox.plateSeen(target);
  return { before: seen && readingsAgree(now, seen) ? seen.before : now };
}

/**
 * After this computer's write (done, or failed in a way the service may have made it: mayHaveWritten):
 * what the plate looks like now is ours, not a change from elsewhere; after its moves, ours from
 * `before` on (readBeforeMoves). Read at once, so only a change made elsewhere in that moment would be
 * taken for ours, as after a write that was answered.
 */
export async function rememberPlate(
  ctx: SendContext,
  target: string,
  ref: ManifestRef,
  before?: PlateState,
): Promise<void> {
  try {
    const { hrid: _hrid, ...state } = await readPlate(ctx, ref);
    ctx.outbox.setPlateSeen(target, before ? { ...state, before } : state);
  } catch {
    // Not read: the next check compares with the basis of the next changes, which may hold them for a
    // look needlessly; the user then sends them. Never a silent overwrite.
  }
}

/**
 * Whether a request of `e` (as listed before the send) left since and its change may be on the service
 * now: done, or tried and not refused (pending again after a 5xx or a lost answer, or failed after them).
 */
export function mayHaveWritten(outbox: Outbox, e: OutboxEntry): boolean {
  const now = outbox.get(e.id);
  if (!now || now.attempts === e.attempts) return false;
  return now.state !== 'failed' || mayHaveArrived(now.lastError, now.attempts) !== null;
}

/** The well an undo's opposite change takes back (its `undoes`), or null for any other entry. */
function undoneWell(e: OutboxEntry): string | null {
  const i = e.intent;
  return (i.type === 'well-set' || i.type === 'well-remove') && i.undoes !== undefined ? i.position : null;
}

/**
 * An undo's opposite change of a change that may be on the service carries that change's reading
 * (Outbox.undoMany), older than those of the entries queued around it, while the check compares the
 * plate with the run's first reading: such an entry goes in a run of its own, checked against its own.
 */
export function checkedOnItsOwn(run: OutboxEntry[]): OutboxEntry[] {
  const k = run.findIndex((e) => undoneWell(e) !== null);
  if (k > 0) return run.slice(0, k);
  if (k === -1) return run;
  // The opposite changes of one undo (a layout's 96 wells) share the reading they are checked
  // against: one request for them, not one each.
  const reading = JSON.stringify(basisOf(run[0]!));
  const same = run.findIndex((e) => undoneWell(e) === null || JSON.stringify(basisOf(e)) !== reading);
  return same === -1 ? run : run.slice(0, same);
}

const basisOf = (e: OutboxEntry) =>
  e.intent.type === 'well-set' || e.intent.type === 'well-remove' ? (e.intent.basis ?? null) : null;

/**
 * The error a held plate's entry shows: what changed, and what the user can do. An undo's opposite
 * change (`e` undoes a change that may be on the service) says that this computer's own change may be
 * what changed the plate, which the plate's two fields cannot tell apart from another bench's.
 */
export function plateChangedError(
  check: { now: PlateState; expected: PlateState; hrid: string },
  at: number,
  e?: OutboxEntry,
  /** What the entry's well holds on the service now (null: empty), when the reading listed wells (wellsHold). */
  holds?: string | null,
): EntryError {
  const parts: string[] = [];
  if (
    check.now.emptySpaces !== null &&
    check.expected.emptySpaces !== null &&
    check.now.emptySpaces !== check.expected.emptySpaces
  ) {
    parts.push(`empty wells ${check.expected.emptySpaces} → ${check.now.emptySpaces}`);
  }
  if (
    check.now.lastUpdate !== null &&
    check.expected.lastUpdate !== null &&
    check.now.lastUpdate !== check.expected.lastUpdate
  ) {
    parts.push(`last changed ${onBenchClock(check.now.lastUpdate, { seconds: true }) ?? check.now.lastUpdate}`);
  }
  const undone = e ? undoneWell(e) : null;
  const message =
    undone !== null
      ? undoHeldMessage(check.hrid, undone, parts)
      : `Needs a look: plate ${check.hrid} changed on the service since these scans (${parts.join(', ')}). ` +
        'Send anyway to apply them over it, or discard them.' +
        inWellSaid(e, holds);
  return { kind: PLATE_CHANGED, message, plate: check.now, at };
}

/**
 * What sending a held change does to its well, where the reading says what the well holds now (`holds`:
 * a sample, or null for empty); where it does not, what a change with no sample would do to any tube put
 * there at another bench.
 */
function inWellSaid(e: OutboxEntry | undefined, holds: string | null | undefined): string {
  if (!e || (e.intent.type !== 'well-set' && e.intent.type !== 'well-remove')) return '';
  const { position } = e.intent;
  const emptied = wellSetEmpty(e);
  if (holds === undefined)
    return emptied === null
      ? ''
      : ` This one ${setsNoSample(emptied)}: sent anyway, it removes any tube put there at another bench.`;
  if (holds === null) return ` ${position} is empty on the service now: sending this replaces no tube.`;
  if (emptied !== null)
    return ` ${position} holds ${holds} on the service now. This one ${setsNoSample(emptied)}: sent anyway, it removes ${holds}.`;
  if (e.intent.type === 'well-set' && e.intent.sample && sameLetters(holds, e.intent.sample.id))
    return ` ${position} holds ${holds} on the service now, as this sets it.`;
  return ` ${position} holds ${holds} on the service now: sent anyway, this replaces it.`;
}

/**
 * The well a well-set sends with no sample (a label, tags or a layout on a well shown empty: the
 * service's well marks sample required, so it goes as the well's whole state), or null. Sent over a plate
 * changed elsewhere, it takes out whatever tube another bench put there: said where the user decides.
 */
export function wellSetEmpty(e: Pick<OutboxEntry, 'intent'>): string | null {
  return e.intent.type === 'well-set' && !e.intent.sample ? e.intent.position : null;
}

/** "sets H11 to no sample" */
export const setsNoSample = (position: string): string => `sets ${position} to no sample`;

/** Why an undo's opposite change waits, in the words of the one who pressed Undo. */
export function undoHeldMessage(hrid: string, position: string, changes: readonly string[]): string {
  return (
    `Needs a look: this takes back your change to ${position}, which may have reached the service although it ` +
    `failed. Plate ${hrid} changed on the service since that change was made (${changes.join(', ')}), and this ` +
    'computer cannot tell whether only by your change or also at another bench. Look at the well on the ' +
    `service: Send anyway puts ${position} back as it was before your change, over whatever is there now; ` +
    `Discard leaves ${position} as the service has it.`
  );
}
