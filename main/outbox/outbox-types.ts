import type Database from 'better-sqlite3';
import type { Intent, IntentType } from '../../shared/outbox/intents.js';
import type { UnsavedSubject } from '../../shared/outbox/unsaved-subject.js';
import type { MovedAside } from '../common/sqlite/open-database.js';
import type { FailedShown, MayHaveArrived, OpenChanges } from '../../shared/ipc/channels/outbox.js';
import type { TypedEmitter } from '../common/emitter.js';
import type { BatchDependency } from '../../shared/outbox/dependency.js';
import type { Logger } from '../common/logger.js';
import type {
  EntryState,
  EntryStateChange,
  FinishedState,
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
 * `waiting` ones (pending or in flight) are sent then; the failed ones, split as their rows say them
 * (shownOfFailed), only when the user retries them (`failed`), sends them anyway (`held`) or corrects
 * them (`refused`); `uncertain` ones (may have arrived) when the user decides. `discardable`: how many
 * of them discardWaiting gives up now (by the same rule); `sending`: those in flight, which it leaves to
 * settle.
 */
export interface WaitingElsewhere extends OpenChanges {
  service: string;
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

/** What a Discard did (Outbox.discardMany): one row's, or a tab's "Discard all". */
export interface DiscardedEntries {
  /** The Discard's mark, for its Undo (Outbox.undoDiscard); null when nothing was discarded. */
  mark: number | null;
  discarded: number[];
  /**
   * Those asked about that were left as they are, no longer what the user was asked about (retried and on
   * their way, sent, settled otherwise, gone), with their state now (null: no longer kept).
   */
  left: { id: number; state: EntryState | null }[];
}

/** What a Retry of several failed entries did (Outbox.retryMany). */
export interface RetriedEntries {
  /** Those asked about that are on their way again. */
  retried: number[];
  /** Entries retried along with them, not asked about (an earlier one they need, what waited for them). */
  along: number[];
  /** Still failed: not to be sent again as they are, or waiting for an entry settled on its own row (retryRefusal). */
  refused: number[];
  /** No longer failed as the tab said (retried, sent or discarded meanwhile), or gone: left as they are. */
  left: number[];
}

/** What putting discarded entries back did (Outbox.restoreDiscarded, Outbox.undoDiscard). */
export interface RestoredEntries {
  /** The discarded entries put back, in the state they were discarded from. */
  restored: number[];
  /** Entries the Discard had failed along, put back as they were with them. */
  along: number[];
  /** Those not put back, with why (restoreRefusal). */
  refused: { id: number; why: string }[];
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

/**
 * Which entries `list` gives: of every service, all or of one type, oldest first (what main itself goes
 * through); or a tab of the Outbox, of the service in use only, as `counts()` counts them (so a tab never
 * lists more rows than its count says): `inUse`, with `shown` (of the failed ones those said as one
 * state), oldest first, or with `newest` the newest first (a glance back at what was sent).
 */
export type ListOptions = { limit?: number } & (
  | { afterId?: number; type?: IntentType; inUse?: never; shown?: never; newest?: never }
  | { afterId?: number; inUse: true; shown?: FailedShown; type?: never; newest?: never }
  | { inUse: true; newest: true; afterId?: never; type?: never; shown?: never }
);

/** How many entries a tab of the Outbox has: the service in use's (listed), and each other service's. */
export interface ListTotal {
  inUse: number;
  /** Entries bound to services not in use, not listed in the tab: they wait until one is chosen again. */
  elsewhere: { service: string; n: number }[];
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
   * Entries in a state, oldest first: for lists the user acts on, so an entry this version cannot read is
   * listed as such (with the reason) instead of breaking the list. Of every service, or with `inUse` of
   * the one in use (ListOptions). With `shown`, of the failed entries only those the Outbox says so (a
   * tab of it: Needs a look, Refused, Failed, Set aside, and the failed ones of Unsure whether it
   * arrived); with `newest`, the newest first (Recently sent).
   */
  list(state: EntryState, options?: ListOptions): ListedEntry[];
  /**
   * The uploads of one file (its name and its bytes' sha256) for the service in use, in a state, newest
   * first: Upload's "Upload again?" (staging/same-upload.ts). One this version cannot read is listed as such.
   */
  uploadsOfFile(state: EntryState, fileName: string, sha256: string): ListedEntry[];
  /**
   * How many entries a tab lists (`list` with `inUse`, these options and no limit), and how many more
   * each other service holds: for a tab that shows only the oldest, and one that says what it leaves out.
   */
  listTotal(state: EntryState, options?: Pick<ListOptions & { inUse: true }, 'shown'>): ListTotal;
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
  /**
   * The user's Discard of several entries (a row's, or a tab's "Discard all"), in one transaction, by the
   * rule of `discard`: each that is failed or uncertain, and with `shown`, only one the Outbox says so now
   * (its tab), so nothing is discarded that the user was not asked about. One retried meanwhile (on its
   * way, sending, sent) is left. What waited for them fails along, as after `discard`. What it changed is
   * kept under its mark, for undoDiscard and restoreDiscarded.
   */
  discardMany(ids: readonly number[], options?: { shown?: FailedShown }): DiscardedEntries;
  /**
   * Undo of one Discard (its mark): every entry it took out that can be put back (restoreRefusal) goes back
   * to the state it was discarded from, with its stored error, and each entry it failed along goes back as
   * it was, if nothing else has happened to it since. One transaction; nothing is sent by it.
   */
  undoDiscard(mark: number): RestoredEntries;
  /** Restore from the Discarded tab: these entries, each by the rule and as undoDiscard puts one back. */
  restoreDiscarded(ids: readonly number[]): RestoredEntries;
  /**
   * Why a discarded entry cannot be put back as it was (in words for its row), or null when it can: only
   * one a Discard of the Outbox took out, as that Discard left it, whose upload copy is still there (never:
   * it is removed with the discard) and whose earlier entries are still kept.
   */
  restoreRefusal(id: number): string | null;
  /** The ids of the service in use's failed entries said as `shown` (a tab's whole list), oldest first. */
  idsShown(shown: FailedShown, limit: number): number[];
  /**
   * The user's Retry of several failed entries (the Failed tab's "Retry all"), in one transaction: each
   * still said as failed is retried as `retry` retries it (with what it needs and what waits for it).
   */
  retryMany(ids: readonly number[]): RetriedEntries;
  /** The user asks to try a failed entry again, or says an uncertain one should be resent. */
  retry(id: number): boolean;
  /**
   * Why a retry of `id` did nothing when an earlier entry it needs must be settled on its own row first
   * (unsure whether it arrived, or held for a look: not sent again unlooked along with it), or null.
   */
  retryRefusal(id: number): string | null;
  /**
   * The user confirms an uncertain entry did reach the server, with what it answered where they found
   * that out (the file id of an upload they see on the service), so an entry waiting for it can go.
   * Without a result ("It arrived"), a failed entry that may be on the service all the same (said as
   * unsure on every screen) is confirmed too, and what failed for want of it goes.
   */
  confirmDone(id: number, result?: unknown): boolean;
  /** The user corrected a failed entry. */
  replace(id: number, intent: Intent): boolean;
  // ---- used by the sync engine: each answers only entries of the current service ----
  oldestPendingTargets(limit: number): string[];
  /** A lane's first `limit` pending entries (after `afterId`, for the next page), oldest first. */
  pendingHead(target: string, limit: number, afterId?: number): OutboxEntry[];
  /**
   * The same for a look at another lane than the one being sent (a plate's changes, from its moves'
   * lane): an entry this version cannot read is left out, as its own lane fails it, instead of
   * throwing and failing the lane that looked.
   */
  pendingOf(target: string, limit: number): OutboxEntry[];
  /**
   * A plate lane's well changes that newer moves into the same wells wait for (cross-target.ts): per
   * well (as queued), the oldest of the pending ones and those held for a look because the plate changed
   * elsewhere, until the user sends them anyway or discards them (a change the service refused holds
   * nothing). Oldest first, never more than the wells queued for, however many changes wait; one this
   * version cannot read is left out, as in pendingOf.
   */
  wellChangesAhead(target: string): OutboxEntry[];
  /** Lanes of the current service whose next entry waits for entries not done yet: why they wait. */
  heldLanes(): HeldLane[];
  /**
   * A lane's first pending entry without reading its payload (which may no longer parse): its id, and how
   * many times a request of it left (a sent one failing on this computer since may be on the service).
   */
  pendingHeadOf(target: string): { id: number; attempts: number } | null;
  /** Entries of a lane in a state; one this version cannot read is left out (nothing can use it). */
  entriesOf(target: string, state: EntryState): OutboxEntry[];
  /** Pending assignments in other targets, older than `beforeId`, of the tubes `ids` (as queued). */
  pendingElsewhere(target: string, beforeId: number, ids: readonly string[]): OutboxEntry[];
  /**
   * Pending location-assign entries into `locationId` older than `beforeId`, oldest first: a look from
   * the plate's lane, so one this version cannot read is left out (its own lane fails it).
   */
  pendingAssignmentsInto(locationId: string, beforeId: number): OutboxEntry[];
  /**
   * Location-assign entries into `locationId` older than `beforeId` that may still hold their position,
   * oldest first: the pending, in flight and uncertain ones, and each done one whose tube (as queued)
   * was not sent anywhere since, nor may have been. Which tubes this computer put in its positions and
   * may be there still; what it put there and moved on since is not read. One this version cannot read
   * is left out: it was never sent.
   */
  assignmentsMayHold(locationId: string, beforeId: number): OutboxEntry[];
  /**
   * Pending location-assign entries older than `beforeId` that move a tube out of a position of
   * `locationId` (the intent's `from`, as the page saw the tube), to any place; oldest first. What empties
   * a position whoever put its tube there, another bench included. One this version cannot read is left out.
   */
  pendingMovesOutOf(locationId: string, beforeId: number): OutboxEntry[];
  /**
   * The location-assign entries into `locationId` that still stand (pending, in flight, failed, uncertain
   * or done, and the tube not assigned anywhere later), oldest first: what this computer put there or tried
   * to (a failed one until the user retries or discards it; mayHaveArrived says whether it may be there). One
   * this version cannot read is left out: it is never sent, so it puts no tube anywhere. `names` gives
   * every name of a tube (main/sync/tube-names.ts): a later assignment under any of them moved it;
   * without it, only one under the text queued does.
   */
  standingAssignments(locationId: string, names?: (labsheet: string, id: string) => readonly string[]): OutboxEntry[];
  /**
   * Every location-assign entry of a tube queued under one of `ids` (as queued, any labsheet) that was
   * or may be made (pending, in flight, uncertain, done, failed), oldest first. One this version cannot
   * read is left out: it was never sent.
   */
  assignmentsOfTubes(ids: readonly string[]): OutboxEntry[];
  /**
   * Marks entries 'sending' with the request id in one transaction, before the request leaves, and
   * returns those it took: only a pending entry can be taken, so one the user cancelled while the
   * engine was busy (e.g. reading the plate back) is left out, and the sender must leave it out too.
   */
  claim(ids: readonly number[], requestId: string, endpoint: string): number[];
  /**
   * Writes what the service answered for these entries. If the write fails (the disk), the settlements
   * are kept in memory and written first by the next claim or settle, or by writeKeptSettlements; the
   * error is thrown all the same.
   */
  settle(settlements: readonly Settlement[], requestId?: string, outcome?: string): void;
  /** Writes settlements kept from failed writes, in order; throws while the disk still refuses. */
  writeKeptSettlements(): void;
  /** The last state of a plate (by target key) this computer saw on the service in use, or null. */
  plateSeen(target: string): PlateSeen | null;
  setPlateSeen(target: string, seen: PlateSeen): void;
  /** Records the plate as read at `readAt` (on the service in use) unless a state recorded later is there. */
  acceptPlate(target: string, state: PlateState, readAt: number): void;
  /** Entries of `target` newer than `afterId` that were sent or may have been (sending, done, uncertain, failed but may have arrived). */
  sentAfter(target: string, afterId: number): OutboxEntry[];
  /** Assignments of the tubes `ids` (any location) newer than `afterId` that were sent or may have been (failed ones too, when they may have arrived). */
  sentAssignmentsAfter(afterId: number, ids: readonly string[]): OutboxEntry[];
  /**
   * Assignments of a tube (any of its names `ids`, in `labsheet`) older than `beforeId`, into any location,
   * that were sent or may have been (in flight, done, uncertain, failed), oldest first: where this computer
   * may have put it before. One this version cannot read is left out: it was never sent.
   */
  sentAssignmentsBefore(beforeId: number, labsheet: string, ids: readonly string[]): OutboxEntry[];
  /**
   * For each tube (by a name it was queued under): its oldest assignment (any location) newer than
   * `afterId` that was sent or may have been, if any. At most one entry per tube asked about.
   */
  firstSentAssignmentsAfter(tubes: readonly { labsheet: string; id: string; afterId: number }[]): OutboxEntry[];
  /** Assignments into `locationId` newer than `afterId` that were sent or may have been (failed ones too, when they may have arrived). */
  sentAssignmentsInto(locationId: string, afterId: number): OutboxEntry[];
  /** After a crash: idempotent 'sending' entries go back to pending, the others become uncertain. */
  recoverInterrupted(): { requeued: number; uncertain: number };
  /**
   * Housekeeping the shell may call (e.g. daily): removes finished entries (done, cancelled, discarded)
   * last changed longer ago than `olderThanMs`, and their request log, and answers how many of each
   * went. Never touches pending, sending, failed or uncertain entries, nor a finished one such an entry
   * depends on or was built on.
   */
  pruneFinished(olderThanMs: number): Record<FinishedState, number>;
  /**
   * The plates, boxes and locations that entries still kept (any state the Outbox lists) name by uuid,
   * with the service each is of: what their summaries need a name for.
   */
  namedPlaces(): NamedPlace[];
  close(): void;
  /** For tests and diagnostics only (e.g. a read-only probe). */
  readonly db: Database.Database;
}
