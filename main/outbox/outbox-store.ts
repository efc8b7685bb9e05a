import type Database from 'better-sqlite3';
import {
  intent as intentSchema,
  type Intent,
  type IntentType,
  type PlateBasis,
  type WellIntent,
} from '../../shared/outbox/intents.js';
import { formatPosition, parsePosition } from '../../shared/layout/positions.js';
import { unsavedSubject, type UnsavedSubject } from '../../shared/outbox/unsaved-subject.js';
import { ENDPOINT_OF, isIdempotentIntent, placeUuidOfTarget, targetKeyOf } from '../../shared/outbox/intent-meta.js';
import { openDatabase, type MovedAside } from '../common/sqlite/open-database.js';
import { checkpointAfterCommits } from '../common/sqlite/checkpoint-after.js';
import { WriteError, toWriteError } from '../common/write-error.js';
import { OUTBOX_MIGRATIONS } from './schema.js';
import { refuseReadElsewhere } from './read-elsewhere.js';
import { mayHaveArrived } from './may-have-arrived.js';
import type { MayHaveArrived } from '../../shared/ipc/channels/outbox.js';
import {
  DISCARDABLE_ELSEWHERE,
  prepareStatements,
  readableOnly,
  rowToEntry,
  rowToListed,
  UnreadableRowError,
  type EntryRow,
} from './statements.js';
import { logListenerError, TypedEmitter } from '../common/emitter.js';
import { batchDependency, SUPPLIED_LATER, type BatchDependency } from '../../shared/outbox/dependency.js';
import type { Logger } from '../common/logger.js';
import type {
  EntryError,
  EntryState,
  EntryStateChange,
  HeldLane,
  ListedEntry,
  OutboxEntry,
  PlateSeen,
  PlateState,
  QueueCounts,
  Settlement,
} from './entry.js';

export interface OutboxOptions {
  /** Path of the SQLite file (in the app data dir). */
  path: string;
  /** Injected clock: wall time in ms. */
  now: () => number;
  /** Where a failing change listener is reported (its error never reaches the committing caller). */
  log?: Logger;
  /**
   * The identity of the service in use now (shared/ipc/service-identity.ts), read at every enqueue and
   * every pick of what to send: an entry is bound to the service it was queued for and is sent only
   * while that is the current one. Omitted (tests, tools): one unnamed service.
   */
  service?: () => string;
  /**
   * The service entries from before that binding are bound to (default: the current one): the connection
   * they were queued under, i.e. the one saved before a `--service` of this start replaced it.
   */
  unboundService?: string;
  /**
   * Runs the WAL checkpoint after a write (default setImmediate: after the enqueue's answer has gone
   * out), never inside the commit a scan waits for.
   */
  later?: (run: () => void) => void;
}

/**
 * Open entries bound to a service other than the current one, by what a switch back does with them:
 * `waiting` ones (pending or in flight) are sent then; `failed` ones only when the user retries them;
 * `uncertain` ones (may have arrived) when the user decides. `discardable`: how many of them
 * discardWaiting gives up now (by the same rule); `sending`: those in flight, which it leaves to settle.
 */
export interface WaitingElsewhere {
  service: string;
  waiting: number;
  failed: number;
  uncertain: number;
  discardable: number;
  sending: number;
}

/** A plate, box or location an entry names by uuid, and the service (`serviceIdentity`) it is one of. */
export interface NamedPlace {
  service: string;
  uuid: string;
}

export interface OutboxEvents {
  enqueued: { id: number; target: string };
  changed: EntryStateChange[];
}

/** What an undo did to the entries it was asked about (Outbox.undoMany). */
export interface UndoneEntries {
  cancelled: number[];
  discarded: number[];
  takenOut: number[];
  /**
   * Failed entries that may be on the service: discarded, and `by` their opposite change; `why` they may
   * be there (mayHaveArrived).
   */
  reversed: { id: number; by: number[]; why: MayHaveArrived }[];
}

export interface UndoOptions {
  /**
   * The opposite change of entries the undo may find failed: one that may be on the service is discarded
   * only with its opposite change queued in the same transaction, so the well never ends changed on the
   * service with nothing left to take it back. One without is left as it is (the caller reverses it).
   */
  opposites?: ReadonlyMap<number, readonly Intent[]>;
  /** The service the opposite changes were read from (as for enqueue). */
  readFrom?: string;
}

export interface Outbox {
  /** Set when the file at `path` was corrupt: it was moved aside and this is a fresh outbox. */
  readonly recovered: MovedAside | null;
  readonly events: TypedEmitter<OutboxEvents>;
  /**
   * Commits the intent durably (fsync) before returning its id. Throws WriteError, naming what was not
   * saved by the intent's kind (unsaved-subject.ts). `readFrom`: the
   * service the intent's ids were read from; a new entry is refused ('invalid') unless it is the current one.
   */
  enqueue(intent: Intent, options?: { dedupeKey?: string; readFrom?: string }): number;
  /**
   * Several intents in one durable commit (all or none). With a dedupe key, entry i is keyed
   * `${key}:${i}`, so a resent batch finds the first. A dependency makes an entry wait for an earlier
   * one of the batch and take a field from its result; it fails with the reason if that one fails.
   * `builtOn`: entries already queued whose content every entry of the batch states (a plate record
   * built from the plate's queued well changes). The batch is sent only once all of them are done; if
   * one is refused, cancelled or discarded, the batch fails with that reason and cannot be retried (its
   * content states a change that did not happen). Refused (WriteError 'invalid') if one already is.
   * A failed write names the batch by its kinds ("The 96 well changes to PL-0001"), or by `subject` when
   * the caller knows it as one thing the kinds cannot say (a plate record: files, a picture, an event).
   */
  enqueueMany(
    intents: readonly Intent[],
    options?: {
      dedupeKey?: string;
      readFrom?: string;
      dependencies?: readonly BatchDependency[];
      builtOn?: readonly number[];
      subject?: UnsavedSubject;
    },
  ): number[];
  get(id: number): OutboxEntry | null;
  /**
   * The entry, for a listener reacting to its change (a staged copy to remove, a cache to fill): null
   * when it is gone or this version cannot read it. One that cannot be read is skipped, so the other
   * changes of the batch still get their reaction, and logged once (its id and kind, never its content).
   */
  changedEntry(id: number): OutboxEntry | null;
  /** The entry queued under this dedupe key (a batch's entry i: `${key}:${i}`), or null. */
  findDeduped(key: string): number | null;
  /** Entries of the current service by state, and how many open ones wait for another service. */
  counts(): QueueCounts;
  /** The identity of the service entries are queued for and sent to now. */
  currentService(): string;
  /** Open entries (pending, in flight, failed, uncertain) bound to services not in use now, per service. */
  waitingElsewhere(): WaitingElsewhere[];
  /**
   * The user gives up on the changes waiting for a service not in use: each open entry of it (never one
   * in flight; waitingElsewhere counts them as `discardable`) is discarded, in one transaction. Refused
   * for the current service. Answers their ids.
   */
  discardWaiting(service: string): number[];
  /**
   * Entries in a state, of every service, oldest first: for lists the user acts on, so an entry this
   * version cannot read is listed as such (with the reason) instead of breaking the list.
   */
  list(state: EntryState, options?: { afterId?: number; limit?: number; type?: IntentType }): ListedEntry[];
  /**
   * Undo: only an entry that was never attempted can be cancelled. One tried before (its answer lost,
   * a 5xx, a timeout, a split batch between its requests) may already be on the service; the caller
   * sends the opposite change for it instead.
   */
  cancel(id: number): boolean;
  /**
   * An undo of an edit: in one transaction, cancels the entries never attempted and discards the failed
   * ones (refused, or held for a look before any try: they never happened on the service, and an
   * opposite change sent for them would undo what is there instead, e.g. another bench's tube). A failed
   * one that may be on the service all the same (mayHaveArrived: it gave up after repeated 5xx, was held
   * after a try whose answer was lost, was set aside as superseded, or never happened but a newer change to
   * its well still stands, which an undo's opposite change makes put its value back: putBackSince) is
   * treated like an uncertain one:
   * discarded with its opposite change (`opposites`) queued behind it, made against the reading it was
   * made on (againstReading), or left as it is when none was given. Failed is read inside the transaction: one a Retry made pending or sending
   * meanwhile is left as it is. An uncertain entry is neither (it may be on the service). Answers which
   * ids were cancelled, which discarded, which reversed, and which the user had already taken out
   * (cancelled or discarded before), read in the same transaction by state alone, so an entry whose
   * payload no longer reads is answered too.
   */
  undoMany(ids: readonly number[], options?: UndoOptions): UndoneEntries;
  /** Explicit user action on a failed or uncertain entry (one that no longer reads too). Null if it is neither. */
  discard(id: number): ListedEntry | null;
  /** The user asks to try a failed entry again, or says an uncertain one should be resent. */
  retry(id: number): boolean;
  /**
   * The user confirms an uncertain entry did reach the server, with what it answered where they found
   * that out (the file id of an upload they see on the service), so an entry waiting for it can go.
   */
  confirmDone(id: number, result?: unknown): boolean;
  /** The user corrected a failed entry. */
  replace(id: number, intent: Intent): boolean;
  // ---- used by the sync engine: each answers only entries of the current service ----
  oldestPendingTargets(limit: number): string[];
  pendingHead(target: string, limit: number): OutboxEntry[];
  /**
   * The same for a look at another lane than the one being sent (a plate's changes, from its moves'
   * lane): an entry this version cannot read is left out, as its own lane fails it, instead of
   * throwing and failing the lane that looked.
   */
  pendingOf(target: string, limit: number): OutboxEntry[];
  /**
   * A plate lane's well changes that newer moves into the same wells wait for (cross-target.ts): the
   * pending ones, and those held for a look because the plate changed elsewhere, until the user sends
   * them anyway or discards them (a change the service refused holds nothing). Oldest first, at most
   * `limit` when given; one this version cannot read is left out, as in pendingOf.
   */
  wellChangesAhead(target: string, limit?: number): OutboxEntry[];
  /** Lanes of the current service whose next entry waits for entries not done yet: why they wait. */
  heldLanes(): HeldLane[];
  /** The id of a lane's first pending entry without reading its payload (which may no longer parse). */
  pendingHeadId(target: string): number | null;
  /** Entries of a lane in a state; one this version cannot read is left out (nothing can use it). */
  entriesOf(target: string, state: EntryState): OutboxEntry[];
  /** Pending entries of a type in other targets, older than `beforeId`, whose payload `id` is one of `ids`. */
  pendingElsewhere(type: IntentType, target: string, beforeId: number, ids: readonly string[]): OutboxEntry[];
  /**
   * Pending location-assign entries into `locationId` older than `beforeId`, oldest first: a look from
   * the plate's lane, so one this version cannot read is left out (its own lane fails it).
   */
  pendingAssignmentsInto(locationId: string, beforeId: number): OutboxEntry[];
  /**
   * The location-assign entries into `locationId` that still stand (pending, in flight, uncertain or
   * done, and the tube not assigned anywhere later), oldest first: what this computer put there. One
   * this version cannot read is left out: it is never sent, so it puts no tube anywhere.
   */
  standingAssignments(locationId: string): OutboxEntry[];
  /**
   * Marks entries 'sending' with the request id in one transaction, before the request leaves, and
   * returns those it took: only a pending entry can be taken, so one the user cancelled while the
   * engine was busy (e.g. reading the plate back) is left out, and the sender must leave it out too.
   */
  claim(ids: readonly number[], requestId: string, endpoint: string): number[];
  settle(settlements: readonly Settlement[], requestId?: string, outcome?: string): void;
  /** The last state of a plate (by target key) this computer saw on the service in use, or null. */
  plateSeen(target: string): PlateSeen | null;
  setPlateSeen(target: string, seen: PlateSeen): void;
  /** Records the plate as read at `readAt` (on the service in use) unless a state recorded later is there. */
  acceptPlate(target: string, state: PlateState, readAt: number): void;
  /** Entries of `target` newer than `afterId` that were sent or may have been (sending, done, uncertain). */
  sentAfter(target: string, afterId: number): OutboxEntry[];
  /** Assignments of the tubes `ids` (any location) newer than `afterId` that were sent or may have been. */
  sentAssignmentsAfter(afterId: number, ids: readonly string[]): OutboxEntry[];
  /** Assignments into `locationId` newer than `afterId` that were sent or may have been. */
  sentAssignmentsInto(locationId: string, afterId: number): OutboxEntry[];
  /** After a crash: idempotent 'sending' entries go back to pending, the others become uncertain. */
  recoverInterrupted(): { requeued: number; uncertain: number };
  /**
   * Housekeeping the shell may call (e.g. daily): removes entries confirmed done longer ago than
   * `olderThanMs`, and their request log. Never touches pending, failed or uncertain entries.
   */
  pruneDone(olderThanMs: number): number;
  /**
   * The plates, boxes and locations that entries still kept (any state the Outbox lists) name by uuid,
   * with the service each is of: what their summaries need a name for.
   */
  namedPlaces(): NamedPlace[];
  close(): void;
  /** For tests and diagnostics only (e.g. a read-only probe). */
  readonly db: Database.Database;
}

/** A well's position as one key: `A01` and `a1` alike. */
function wellKey(position: string): string {
  const p = parsePosition(position);
  return p ? formatPosition(p) : position.trim();
}

/** States an entry never leaves without the user: what was built on it will not happen as stated. */
const lost = (state: string | undefined): boolean =>
  state === undefined || state === 'failed' || state === 'cancelled' || state === 'discarded';

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

export function createOutbox(options: OutboxOptions): Outbox {
  const { db, recovered } = openDatabase(options.path, OUTBOX_MIGRATIONS, options.now);
  const st = prepareStatements(db);
  const events = new TypedEmitter<OutboxEvents>(options.log ? logListenerError(options.log, 'outbox') : undefined);
  // Every write that matters is announced by one of these two events, right after its commit.
  const checkpoint = checkpointAfterCommits(db, { later: options.later ?? setImmediate });
  events.on('enqueued', () => checkpoint.soon());
  events.on('changed', () => checkpoint.soon());
  const now = options.now;
  const service = options.service ?? (() => '');
  // Entries queued before entries were bound (migration 9) were meant for the connection saved then, and
  // so were the plate readings migration 10 could attribute only to those entries.
  db.transaction((unbound: string) => {
    st.adoptUnbound.run(unbound);
    st.adoptUnboundPlates.run(unbound);
  })(options.unboundService ?? service());

  /** Entries already reported as unreadable to a change listener: one log line each, not one per batch. */
  const reportedUnreadable = new Set<number>();

  // A damaged stored error is only left out: the change happened, and every listener must hear of it.
  const storedError = (json: string | null): EntryError | null => {
    if (json === null) return null;
    try {
      return JSON.parse(json) as EntryError;
    } catch {
      return null;
    }
  };

  const reread = (ids: readonly number[]): EntryStateChange[] =>
    ids
      .map((id) => st.stateOf.get(id))
      .filter((r) => r !== undefined)
      .map((r) => ({
        id: r.id,
        type: r.type as IntentType,
        target: r.target,
        state: r.state as EntryState,
        lastError: storedError(r.last_error),
      }));

  function validate(i: Intent): Intent {
    const parsed = intentSchema.safeParse(i);
    if (!parsed.success)
      throw new WriteError(
        'invalid',
        `The entry is not valid: ${parsed.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; ')}`,
      );
    return parsed.data;
  }

  /** The stand-in of a supplied field goes out only with the dependency that fills it. */
  function refuseStandIn(intents: readonly Intent[], dependents: ReadonlySet<number>): void {
    intents.forEach((i, n) => {
      if (i.type === 'attach-image' && i.request.image_uuid === SUPPLIED_LATER && !dependents.has(n))
        throw new WriteError(
          'invalid',
          'This entry takes its image from an upload queued with it: retry the failed upload, not an edited copy.',
        );
    });
  }

  function insert(
    i: Intent,
    dedupeKey: string | null,
    readFrom: string | undefined,
  ): { id: number; target: string; fresh: boolean } {
    // A resend of a write already committed answers that entry, even after a switch: it was queued
    // while its service was in use.
    if (dedupeKey !== null) {
      const existing = st.byDedupe.get(dedupeKey);
      if (existing) return { id: existing.id, target: '', fresh: false };
    }
    const bound = service();
    refuseReadElsewhere(readFrom, bound);
    const target = targetKeyOf(i);
    const t = now();
    const info = st.insert.run(i.type, target, JSON.stringify(i), t, t, dedupeKey, bound);
    return { id: Number(info.lastInsertRowid), target, fresh: true };
  }

  // Built once: BEGIN IMMEDIATE takes the write lock up front, so a commit never fails half-way on
  // a lock upgrade, and reusing the wrapper keeps the per-scan path lean.
  const insertOne = db.transaction((i: Intent, dedupeKey: string | null, readFrom: string | undefined) =>
    insert(i, dedupeKey, readFrom),
  );

  /**
   * Entries waiting for one that will now never be done (failed, discarded, cancelled) fail too, with
   * the reason, and so on down the chain. Runs inside the caller's transaction; answers their ids.
   */
  function failDependents(ids: readonly number[], t: number): number[] {
    const failed: number[] = [];
    const todo = [...ids];
    while (todo.length > 0) {
      const id = todo.shift()!;
      const dependents = st.pendingDependents.all(id);
      const builtOn = st.pendingBuiltOn.all(id);
      if (dependents.length === 0 && builtOn.length === 0) continue;
      const e = st.get.get(id);
      if (!e) continue;
      const what = `entry #${id} (${describeRow(e)})`;
      const why =
        e.state === 'failed'
          ? `failed: ${e.last_error === null ? 'no reason given' : (JSON.parse(e.last_error) as EntryError).message}`
          : `was ${e.state}`;
      const needs: EntryError = {
        kind: 'dependency',
        message: `Not sent: it needs ${what}, which ${why}. Retry that entry and this one goes with it.`,
        at: t,
      };
      // Not retryable with that entry (a different kind than 'dependency'): this entry's content states
      // that change, which did not happen; a corrected change needs content built anew.
      const built: EntryError = {
        kind: 'built-on-refused',
        message: `Not sent: it states ${what}, which ${why}. Fix that, then make this again (e.g. file the record again).`,
        at: t,
      };
      for (const [list, error] of [
        [dependents, needs],
        [builtOn, built],
      ] as const)
        for (const d of list)
          if (st.settle.run('failed', JSON.stringify(error), null, 0, 'failed', t, d.id).changes === 1) {
            failed.push(d.id);
            todo.push(d.id);
          }
    }
    return failed;
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
   * A well change that never happened on the service itself, with a newer change to the same well still
   * standing (sent, on its way, or to be sent): an undo reaches it only after that newer change's edit
   * was undone, and that undo's opposite change puts this one's value back in the well (the well was
   * drawn with it). Taken out alone, it would leave the well so on the service while the screen shows it
   * undone.
   */
  function putBackSince(e: EntryRow): boolean {
    const mine = wellChangeOf(e);
    if (!mine) return false;
    const at = wellKey(mine.position);
    return st.standingAfterInTarget.all(e.service ?? '', e.target, e.id).some((n) => {
      const later = wellChangeOf(n);
      return later !== null && wellKey(later.position) === at;
    });
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
            // The same write as the user's Discard of a failed entry (discard below).
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
   * Retrying an entry retries what it waits for (if that failed) and what waits only for it. An entry
   * whose earlier entry was discarded or cancelled cannot go: that one will never be done.
   */
  function retryChain(id: number, t: number): number[] {
    const e = st.get.get(id);
    if (!e || (e.state !== 'failed' && e.state !== 'uncertain')) return [];
    if (e.last_error !== null && (JSON.parse(e.last_error) as EntryError).kind === 'built-on-refused') return [];
    if (e.waits_for !== null && (JSON.parse(e.waits_for) as number[]).some((w) => lost(st.get.get(w)?.state)))
      return [];
    const changed: number[] = [];
    if (e.depends_on !== null) {
      const before = st.get.get(e.depends_on);
      if (before && (before.state === 'discarded' || before.state === 'cancelled')) return [];
      if (before?.state === 'failed') changed.push(...retryChain(before.id, t));
    }
    if (st.retry.run(t, id, e.state).changes !== 1) return changed;
    changed.push(id);
    const todo = [id];
    while (todo.length > 0)
      for (const d of st.failedDependents.all(todo.shift()!))
        if (!changed.includes(d.id) && st.retry.run(t, d.id, 'failed').changes === 1) {
          changed.push(d.id);
          todo.push(d.id);
        }
    return changed;
  }

  return {
    recovered,
    events,
    db,
    enqueue(i, opts) {
      const valid = validate(i);
      refuseStandIn([valid], new Set());
      let r: { id: number; target: string; fresh: boolean };
      try {
        r = insertOne.immediate(valid, opts?.dedupeKey ?? null, opts?.readFrom);
      } catch (err) {
        const { text, plural } = unsavedSubject([valid]);
        throw toWriteError(err, text, { plural });
      }
      if (r.fresh) events.emit('enqueued', { id: r.id, target: r.target });
      return r.id;
    },
    enqueueMany(intents, opts) {
      const valid = intents.map(validate);
      const dependencies = (opts?.dependencies ?? []).map((d) => {
        const p = batchDependency.safeParse(d);
        if (!p.success || p.data.after >= p.data.entry || p.data.entry >= valid.length)
          throw new WriteError('invalid', 'A dependency must name an earlier entry of the same batch.');
        return p.data;
      });
      refuseStandIn(valid, new Set(dependencies.map((d) => d.entry)));
      const key = opts?.dedupeKey;
      const builtOn = opts?.builtOn ?? [];
      let rs: { id: number; target: string; fresh: boolean }[];
      try {
        rs = db
          .transaction(() => {
            const inserted = valid.map((i, n) => insert(i, key === undefined ? null : `${key}:${n}`, opts?.readFrom));
            // A resent batch (found by its key) keeps what it was first built on.
            if (builtOn.length > 0 && inserted.some((r) => r.fresh)) checkBuiltOn(builtOn);
            for (const r of inserted)
              if (r.fresh && builtOn.length > 0) st.setWaitsFor.run(JSON.stringify(builtOn), r.id);
            for (const d of dependencies)
              if (inserted[d.entry]!.fresh)
                st.setDependency.run(inserted[d.after]!.id, JSON.stringify(d.supplies), inserted[d.entry]!.id);
            return inserted;
          })
          .immediate();
      } catch (err) {
        const { text, plural } = opts?.subject ?? unsavedSubject(valid);
        throw toWriteError(err, text, { plural });
      }
      for (const r of rs) if (r.fresh) events.emit('enqueued', { id: r.id, target: r.target });
      return rs.map((r) => r.id);
    },
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
          options.log?.warn('an outbox entry this version cannot read was left out of what reacts to its changes', {
            id,
            type: r.type,
          });
        }
        return null;
      }
    },
    findDeduped: (key) => st.byDedupe.get(key)?.id ?? null,
    counts() {
      const c: QueueCounts = { pending: 0, sending: 0, failed: 0, uncertain: 0, done: 0, elsewhere: 0 };
      for (const { state, n } of st.counts.all(service())) if (state in c) c[state as keyof QueueCounts] = n;
      for (const w of this.waitingElsewhere()) c.elsewhere += w.waiting + w.failed + w.uncertain;
      return c;
    },
    currentService: () => service(),
    waitingElsewhere() {
      const current = service();
      const by = new Map<string, WaitingElsewhere>();
      for (const r of st.openByService.all()) {
        if (r.service === current) continue;
        const w = by.get(r.service) ?? {
          service: r.service,
          waiting: 0,
          failed: 0,
          uncertain: 0,
          discardable: 0,
          sending: 0,
        };
        if (r.state === 'failed' || r.state === 'uncertain') w[r.state] += r.n;
        else w.waiting += r.n;
        if (r.state === 'sending') w.sending += r.n;
        if (DISCARDABLE_ELSEWHERE.includes(r.state as EntryState)) w.discardable += r.n;
        by.set(r.service, w);
      }
      return [...by.values()];
    },
    discardWaiting(of) {
      if (of === service()) return [];
      let gone: number[] = [];
      let dependents: number[] = [];
      try {
        const t = now();
        db.transaction(() => {
          gone = st.discardableOfService
            .all(of)
            .filter((r) => st.setState.run('discarded', t, r.id, r.state).changes === 1)
            .map((r) => r.id);
          dependents = failDependents(gone, t);
        }).immediate();
      } catch (err) {
        throw toWriteError(err, 'The discard');
      }
      if (gone.length > 0) events.emit('changed', reread([...gone, ...dependents]));
      return gone;
    },
    list(state, o) {
      const rows =
        o?.type === undefined
          ? st.inState.all(state, o?.afterId ?? 0, o?.limit ?? 1000)
          : st.inStateOfType.all(state, o.type, o?.afterId ?? 0, o?.limit ?? 1000);
      return rows.map(rowToListed);
    },
    cancel: (id) => cancelNeverSent([id], 'The change').cancelled.length === 1,
    undoMany: (ids, options) => cancelNeverSent(ids, 'The undo', options ?? {}),
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
      if (result === undefined) return transition(id, 'uncertain', 'done');
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
    oldestPendingTargets: (limit) => st.oldestTargets.all(service(), limit).map((r) => r.target),
    pendingHead: (target, limit) => st.headOf.all(service(), target, limit).map(rowToEntry),
    pendingOf: (target, limit) => readableOnly(st.headOf.all(service(), target, limit)),
    wellChangesAhead: (target, limit) => readableOnly(st.wellChangesAhead.all(service(), target, limit ?? -1)),
    heldLanes() {
      const lanes = new Map<string, HeldLane>();
      for (const r of st.heldHeads.all(service())) {
        const lane = lanes.get(r.target) ?? { target: r.target, head: r.head, headType: r.head_type, waitsFor: [] };
        lane.waitsFor.push({ id: r.waits_on, type: r.on_type, state: r.on_state as EntryState });
        lanes.set(r.target, lane);
      }
      return [...lanes.values()];
    },
    pendingHeadId: (target) => st.headIdOf.get(service(), target)?.id ?? null,
    // A look at other lanes: one this version cannot read fails in its own lane, not in the looker's.
    pendingElsewhere: (type, target, beforeId, ids) =>
      readableOnly(st.pendingElsewhere.all(service(), type, target, beforeId, JSON.stringify(ids))),
    pendingAssignmentsInto: (locationId, beforeId) =>
      readableOnly(st.pendingAssignmentsInto.all(service(), locationId, beforeId)),
    standingAssignments: (locationId) => readableOnly(st.standingAssignments.all(service(), locationId)),
    entriesOf: (target, state) => readableOnly(st.inStateForTarget.all(state, service(), target)),
    claim(ids, requestId, endpoint) {
      const t = now();
      // Read in the same turn as the transport reads the connection for this request (no await between).
      const to = service();
      const taken = db
        .transaction(() => {
          const got = ids.filter((id) => st.claim.run(requestId, t, id, to).changes === 1);
          if (got.length > 0) st.logRequest.run(requestId, endpoint, t, got.length);
          return got;
        })
        .immediate();
      if (taken.length > 0) events.emit('changed', reread(taken));
      return taken;
    },
    settle(settlements, requestId, outcome) {
      const t = now();
      const dependents = db
        .transaction(() => {
          for (const s of settlements) {
            const err: EntryError | undefined = 'error' in s ? s.error : undefined;
            const result = s.state === 'done' && s.result !== undefined ? JSON.stringify(s.result) : null;
            const answered = 'answered' in s && s.answered === true ? 1 : 0;
            st.settle.run(s.state, err ? JSON.stringify(err) : null, result, answered, s.state, t, s.id);
          }
          if (requestId !== undefined && outcome !== undefined) st.requestOutcome.run(outcome, requestId);
          return failDependents(
            settlements.filter((s) => s.state === 'failed').map((s) => s.id),
            t,
          );
        })
        .immediate();
      events.emit('changed', reread([...settlements.map((s) => s.id), ...dependents]));
    },
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
    sentAfter: (target, afterId) => st.sentAfterInTarget.all(service(), target, afterId).map(rowToEntry),
    sentAssignmentsAfter: (afterId, ids) =>
      st.sentAssignmentsAfter.all(service(), afterId, JSON.stringify(ids)).map(rowToEntry),
    sentAssignmentsInto: (locationId, afterId) =>
      st.sentAssignmentsInto.all(service(), locationId, afterId).map(rowToEntry),
    recoverInterrupted() {
      // By the stored kind alone: an entry whose content no longer reads is settled all the same.
      const interrupted = st.inState.all('sending', 0, Number.MAX_SAFE_INTEGER);
      const settlements: Settlement[] = interrupted.map((e) =>
        Object.hasOwn(ENDPOINT_OF, e.type) && isIdempotentIntent(e.type as IntentType)
          ? { id: e.id, state: 'pending' }
          : {
              id: e.id,
              state: 'uncertain',
              error: {
                kind: 'interrupted',
                message: 'The app stopped while this was being sent; it may or may not have reached the server.',
                at: now(),
              },
            },
      );
      if (settlements.length > 0) this.settle(settlements);
      const uncertain = settlements.filter((s) => s.state === 'uncertain').length;
      return { requeued: settlements.length - uncertain, uncertain };
    },
    pruneDone(olderThanMs) {
      const cutoff = now() - olderThanMs;
      const removed = db
        .transaction(() => {
          const n = st.pruneDone.run(cutoff).changes;
          st.pruneRequests.run(cutoff);
          return n;
        })
        .immediate();
      // Announced by no event (nobody shows history that old), but it may have written a lot.
      checkpoint.soon();
      return removed;
    },
    namedPlaces() {
      return st.targetsByService.all().flatMap((r) => {
        const uuid = placeUuidOfTarget(r.target);
        return uuid === null ? [] : [{ service: r.service ?? '', uuid }];
      });
    },
    close: () => db.close(),
  };
}
