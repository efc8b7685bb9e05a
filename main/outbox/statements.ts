import type Database from 'better-sqlite3';
import { z } from 'zod';
import { intent as intentSchema } from '../../shared/outbox/intents.js';
import type { Intent, IntentType } from '../../shared/outbox/intents.js';
import { ENDPOINT_OF } from '../../shared/outbox/intent-meta.js';
import { supply } from '../../shared/outbox/dependency.js';
import {
  FINISHED_STATES,
  OPEN_STATES,
  isUnreadable,
  type EntryError,
  type EntryState,
  type ListedEntry,
  type OutboxEntry,
} from './entry.js';

/** The row as stored. Only this file and the outbox's own modules see SQL; callers get OutboxEntry. */
export interface EntryRow {
  id: number;
  type: string;
  target: string;
  payload: string;
  created_at: number;
  updated_at: number;
  state: string;
  attempts: number;
  last_error: string | null;
  request_id: string | null;
  result: string | null;
  dedupe_key: string | null;
  answered_failures: number;
  depends_on: number | null;
  supplies: string | null;
  uncertain_attempts: number;
  waits_for: string | null;
  service: string | null;
}

/** The `counts` rows that count failed entries by their error's kind and tries, apart from the rows by state. */
export const FAILED_BY_KIND = 'failed-by-kind';

/**
 * A failed entry's error kind, read by SQLite: with its `attempts`, all that tells how it is said (a hold,
 * a refusal, one that may be on the service, another failure: failed-shown.ts says which pair is which).
 * One expression for the counts and the Outbox's tabs, so "3 need a look" and the Needs a look tab count
 * the same rows. A stored error that is not JSON reads as no kind (json_extract would throw, and nothing
 * would be counted or listed).
 */
const FAILED_KIND = `CASE WHEN json_valid(last_error) THEN json_extract(last_error, '$.kind') END`;
/**
 * Failed entries whose [kind, attempts] is one of a JSON array's pairs (failedSaidAs). `IS` matches a
 * missing kind to a null one; each pair's values compare as SQLite stored them, never as JSON text.
 */
const FAILED_SAID = `state = 'failed' AND EXISTS (SELECT 1 FROM json_each(?) p
  WHERE json_extract(p.value, '$[0]') IS ${FAILED_KIND} AND json_extract(p.value, '$[1]') = attempts)`;

/** A stored row this version cannot read; the message says which entry and why, for the user. */
export class UnreadableRowError extends Error {
  override readonly name = 'UnreadableRowError';
  constructor(
    readonly id: number,
    readonly reason: string,
  ) {
    super(`entry #${id} cannot be read by this version of Benchlink: ${reason}`);
  }
}

const issuesOf = (err: z.ZodError) =>
  err.issues
    .slice(0, 3)
    .map((x) => `${x.path.join('.') || 'the entry'}: ${x.message}`)
    .join('; ');

/** One stored field read back, or the reason it cannot be, naming the field. */
function field<T>(what: string, read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof SyntaxError) throw new Error(`its stored ${what} is damaged (not readable data)`);
    if (err instanceof z.ZodError)
      throw new Error(`its stored ${what} is not what this version expects (${issuesOf(err)})`);
    throw err;
  }
}

function readIntent(r: EntryRow): Intent {
  const raw = field('change', () => JSON.parse(r.payload) as unknown);
  // A kind this version has never heard of: most likely queued by a newer version of the app.
  if (!Object.hasOwn(ENDPOINT_OF, r.type))
    throw new Error(
      `it is a "${r.type}" change, which this version does not know (a newer version may have queued it)`,
    );
  return field('change', () => intentSchema.parse(raw));
}

function readEntry(r: EntryRow): OutboxEntry {
  return {
    id: r.id,
    type: r.type as IntentType,
    target: r.target,
    // Parsed again on the way out: a row written by an older version still meets today's types.
    intent: readIntent(r),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    state: r.state as EntryState,
    attempts: r.attempts,
    lastError: field('error', () => readError(r)),
    requestId: r.request_id,
    result: field('result', () => (r.result === null ? null : (JSON.parse(r.result) as unknown))),
    dedupeKey: r.dedupe_key,
    answeredFailures: r.answered_failures,
    dependsOn: r.depends_on,
    supplies: field('dependency', () => (r.supplies === null ? null : supply.parse(JSON.parse(r.supplies)))),
    uncertainAttempts: r.uncertain_attempts,
    service: r.service ?? '',
  };
}

const readError = (r: { last_error: string | null }): EntryError | null =>
  r.last_error === null ? null : (JSON.parse(r.last_error) as EntryError);

/** The entry, or throws UnreadableRowError: for whoever needs its content (sending it, a cache). */
export function rowToEntry(r: EntryRow): OutboxEntry {
  try {
    return readEntry(r);
  } catch (err) {
    throw new UnreadableRowError(r.id, err instanceof Error ? err.message : String(err));
  }
}

/** The entry, or what can be shown of one that does not read: for lists the user acts on. */
export function rowToListed(r: EntryRow): ListedEntry {
  try {
    return readEntry(r);
  } catch (err) {
    let lastError: EntryError | null = null;
    try {
      lastError = readError(r);
    } catch {
      // Damaged too: the reason below is what the user needs.
    }
    return {
      id: r.id,
      type: r.type,
      target: r.target,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      state: r.state as EntryState,
      attempts: r.attempts,
      lastError,
      service: r.service ?? '',
      unreadable: err instanceof Error ? err.message : String(err),
    };
  }
}

/** The entries that read, for readers that need their content; one that does not is never theirs to use. */
export const readableOnly = (rows: readonly EntryRow[]): OutboxEntry[] =>
  rows.map(rowToListed).filter((e): e is OutboxEntry => !isUnreadable(e));

/**
 * The states "Discard them" gives up for a service not in use: every open one but an entry in flight,
 * whose request may be on its way to that service and which settles by itself. The one rule for both
 * the discard and the count the user is asked about (waiting-elsewhere.ts).
 */
export const DISCARDABLE_ELSEWHERE: readonly EntryState[] = ['pending', 'failed', 'uncertain'];
const inList = (states: readonly string[]) => states.map((x) => `'${x}'`).join(', ');

/** Prepared once per connection; better-sqlite3 statements are cheap to reuse and costly to re-prepare. */
export function prepareStatements(db: Database.Database) {
  return {
    insert: db.prepare<[string, string, string, number, number, string | null, string]>(
      `INSERT INTO entries (type, target, payload, created_at, updated_at, state, dedupe_key, service)
       VALUES (?, ?, ?, ?, ?, 'pending', ?, ?)`,
    ),
    /** Entries from before migration 9 belong to the connection saved when it ran. */
    adoptUnbound: db.prepare<[string]>(`UPDATE entries SET service = ? WHERE service IS NULL`),
    /** Every lane of every entry still kept, any state, per service (an index scan: entries_service_state). */
    targetsByService: db.prepare<[], { service: string | null; target: string }>(
      `SELECT DISTINCT service, target FROM entries`,
    ),
    /**
     * Open entries per service: the current one's, and those waiting for a connection not in use. Every
     * count (each scan's) asks this: each service is found by a skip through the (service, state, id)
     * index, and its open states counted in that index without reading a row. Grouped over the whole
     * table instead, SQLite found the open entries by the (state, target) index and read each one's row
     * for its service (SQLite skips through an index by itself only with ANALYZE's statistics).
     */
    openByService: db.prepare<[], { service: string; state: string; n: number }>(
      `WITH RECURSIVE services(service) AS (SELECT MIN(service) FROM entries
         UNION ALL SELECT (SELECT MIN(service) FROM entries WHERE service > s.service) FROM services s
           WHERE s.service IS NOT NULL),
       counted AS MATERIALIZED (SELECT s.service, o.value AS state,
         (SELECT COUNT(*) FROM entries e WHERE e.service = s.service AND e.state = o.value) AS n
         FROM services s, json_each('${JSON.stringify(OPEN_STATES)}') o WHERE s.service IS NOT NULL)
       SELECT service, state, n FROM counted WHERE n > 0 ORDER BY service, state`,
    ),
    /** "Discard them": the entries of a service that is not the current one that it gives up. */
    discardableOfService: db.prepare<[string], { id: number; state: string }>(
      `SELECT id, state FROM entries WHERE service = ? AND state IN (${inList(DISCARDABLE_ELSEWHERE)}) ORDER BY id`,
    ),
    byDedupe: db.prepare<[string], { id: number }>(`SELECT id FROM entries WHERE dedupe_key = ?`),
    get: db.prepare<[number], EntryRow>(`SELECT * FROM entries WHERE id = ?`),
    /** State only, for change events: no payload parse per entry on the hot path of a big batch. */
    stateOf: db.prepare<
      [number],
      { id: number; type: string; target: string; state: string; last_error: string | null }
    >(`SELECT id, type, target, state, last_error FROM entries WHERE id = ?`),
    setState: db.prepare<[string, number, number, string]>(
      `UPDATE entries SET state = ?, updated_at = ? WHERE id = ? AND state = ?`,
    ),
    /**
     * Undo takes back only an entry no attempt was ever made for. Once claimed, a request may have left
     * (and the client retries idempotent calls on its own, so even a "connection refused" at the end
     * does not prove an earlier try of that attempt reached nothing): its change may be on the service.
     */
    cancel: db.prepare<[number, number]>(
      `UPDATE entries SET state = 'cancelled', updated_at = ? WHERE id = ? AND state = 'pending' AND attempts = 0`,
    ),
    /**
     * Runs after every scan's commit, so one statement: the states from the (service, state) index, and
     * the failed entries once more by their error's kind and tries, which is all that tells how each is
     * said (failed-shown.ts). Only failed rows are read for it, and SQLite reads the kind, not JS.
     */
    counts: db.prepare<[string, string], { state: string; kind: unknown; attempts: number | null; n: number }>(
      `SELECT state, NULL AS kind, NULL AS attempts, COUNT(*) AS n FROM entries WHERE service = ? GROUP BY state
       UNION ALL
       SELECT '${FAILED_BY_KIND}', ${FAILED_KIND}, attempts, COUNT(*) FROM entries WHERE service = ? AND state = 'failed'
         GROUP BY 2, 3`,
    ),
    /** A service's failed entries by [kind, attempts], as `counts` reads the current one's. */
    failedSaidOfService: db.prepare<[string], { kind: unknown; attempts: number; n: number }>(
      `SELECT ${FAILED_KIND} AS kind, attempts, COUNT(*) AS n FROM entries WHERE service = ? AND state = 'failed'
         GROUP BY 1, 2`,
    ),
    /** The [kind, attempts] failed entries of every service have, for a tab of the ones said one way. */
    failedKinds: db.prepare<[], { kind: unknown; attempts: number }>(
      `SELECT DISTINCT ${FAILED_KIND} AS kind, attempts FROM entries WHERE state = 'failed'`,
    ),
    /**
     * Failed entries of one service said one way (FAILED_SAID), oldest first: a tab of the Outbox, which
     * lists the service the counts count (`counts` above), so a tab never says more than them.
     */
    failedSaid: db.prepare<[string, string, number, number], EntryRow>(
      `SELECT * FROM entries WHERE ${FAILED_SAID} AND service = ? AND id > ? ORDER BY id LIMIT ?`,
    ),
    /** How many a tab has, per service: the one in use's are listed, the others' said as held for them. */
    countFailedSaidByService: db.prepare<[string], { service: string | null; n: number }>(
      `SELECT service, COUNT(*) AS n FROM entries WHERE ${FAILED_SAID} GROUP BY service`,
    ),
    countInStateByService: db.prepare<[string], { service: string | null; n: number }>(
      `SELECT service, COUNT(*) AS n FROM entries WHERE state = ? GROUP BY service`,
    ),
    /**
     * Lanes whose first pending entry can go: it depends on nothing, or on an entry that is done, and every
     * entry it was built on is done. A lane whose head waits for another entry waits whole (its order is
     * the user's order).
     */
    oldestTargets: db.prepare<[string, number], { target: string; first: number }>(
      `SELECT h.target, h.first FROM
         (SELECT target, MIN(id) AS first FROM entries WHERE state = 'pending' AND service = ? GROUP BY target) AS h
         JOIN entries e ON e.id = h.first
       WHERE (e.depends_on IS NULL OR (SELECT d.state FROM entries d WHERE d.id = e.depends_on) = 'done')
         AND (e.waits_for IS NULL OR NOT EXISTS (SELECT 1 FROM json_each(e.waits_for) j
           JOIN entries w ON w.id = j.value WHERE w.state != 'done'))
       ORDER BY h.first LIMIT ?`,
    ),
    /**
     * The other side of oldestTargets: lanes whose first pending entry waits for an entry that is not
     * done (the one it depends on, or one it was built on), with each entry it waits for.
     */
    heldHeads: db.prepare<
      [string],
      { target: string; head: number; head_type: string; waits_on: number; on_type: string; on_state: string }
    >(
      `SELECT h.target, h.first AS head, e.type AS head_type, w.id AS waits_on, w.type AS on_type, w.state AS on_state FROM
         (SELECT target, MIN(id) AS first FROM entries WHERE state = 'pending' AND service = ? GROUP BY target) AS h
         JOIN entries e ON e.id = h.first
         JOIN entries w ON w.id = e.depends_on
           OR (e.waits_for IS NOT NULL AND w.id IN (SELECT j.value FROM json_each(e.waits_for) j))
       WHERE w.state != 'done'
       ORDER BY h.first, w.id`,
    ),
    setWaitsFor: db.prepare<[string, number]>(`UPDATE entries SET waits_for = ? WHERE id = ?`),
    /** Pending entries built on one that will now never be done (refused, cancelled, discarded). */
    pendingBuiltOn: db.prepare<[number], { id: number }>(
      `SELECT e.id FROM entries e, json_each(e.waits_for) j
         WHERE e.waits_for IS NOT NULL AND e.state = 'pending' AND j.value = ?`,
    ),
    /** `supplies` null: the entry only waits for the earlier one (it takes nothing of its answer). */
    setDependency: db.prepare<[number, string | null, number]>(
      `UPDATE entries SET depends_on = ?, supplies = ? WHERE id = ?`,
    ),
    /** Pending entries waiting for one that will now never be done. */
    pendingDependents: db.prepare<[number], { id: number }>(
      `SELECT id FROM entries WHERE depends_on = ? AND state = 'pending'`,
    ),
    /** Entries failed only because the entry they wait for failed: a retry of that entry takes them along. */
    failedDependents: db.prepare<[number], { id: number }>(
      `SELECT id FROM entries WHERE depends_on = ? AND state = 'failed' AND json_extract(last_error, '$.kind') = 'dependency'`,
    ),
    /** The id and tries alone: usable even when the row's payload no longer reads. */
    headIdOf: db.prepare<[string, string], { id: number; attempts: number }>(
      `SELECT id, attempts FROM entries WHERE state = 'pending' AND service = ? AND target = ? ORDER BY id LIMIT 1`,
    ),
    /**
     * A plate lane's changes that newer moves into its wells wait for: pending, or held for a look (failed
     * as 'plate-changed') until the user sends them anyway or discards them. Only the oldest per well
     * (per position as queued: A01 and A1 are one well, which the caller folds), which is the one a move
     * waits for: however many changes are queued, no more rows than the plate has wells. A stored error or
     * payload that is not JSON reads as no kind or position (json_extract would throw and fail every lane
     * that looks). The states are listed for the (service, state, target) index: with only the OR of them
     * SQLite read every entry of the service to find the lane's (a box's lane asks on every pass).
     */
    wellChangesAhead: db.prepare<[string, string], EntryRow>(
      `SELECT * FROM entries WHERE id IN (SELECT MIN(id) FROM entries WHERE service = ? AND target = ?
         AND state IN ('pending', 'failed') AND (state = 'pending' OR CASE WHEN json_valid(last_error)
           THEN json_extract(last_error, '$.kind') END = 'plate-changed')
         GROUP BY CASE WHEN json_valid(payload) THEN json_extract(payload, '$.position') END) ORDER BY id`,
    ),
    headOf: db.prepare<[string, string, number, number], EntryRow>(
      `SELECT * FROM entries WHERE state = 'pending' AND service = ? AND target = ? AND id > ? ORDER BY id LIMIT ?`,
    ),
    // Only an entry of the service the request goes to: the connection may have changed since it was read.
    claim: db.prepare<[string, number, number, string]>(
      `UPDATE entries SET state = 'sending', request_id = ?, attempts = attempts + 1, updated_at = ?
       WHERE id = ? AND state = 'pending' AND service = ?`,
    ),
    logRequest: db.prepare<[string, string, number, number]>(
      `INSERT INTO requests (id, endpoint, sent_at, entries) VALUES (?, ?, ?, ?)`,
    ),
    requestOutcome: db.prepare<[string, string]>(`UPDATE requests SET outcome = ? WHERE id = ?`),
    /** An entry settled 'uncertain' counts one more attempt whose outcome is uncertain. */
    settle: db.prepare<[string, string | null, string | null, number, string, number, number]>(
      `UPDATE entries SET state = ?, last_error = COALESCE(?, last_error), result = COALESCE(?, result),
         answered_failures = answered_failures + ?,
         uncertain_attempts = uncertain_attempts + (CASE WHEN ? = 'uncertain' THEN 1 ELSE 0 END),
         updated_at = ? WHERE id = ?`,
    ),
    /**
     * A retry the user asked for starts a fresh count of answered failures. An entry that failed only for
     * want of another ('dependency') goes back with that reason gone: the one it needs is done or on its
     * way again ("It arrived", a retry of it), so "Not sent: it needs …" would be untrue on its waiting
     * row, and kept as an earlier try's once sent. A failure of its own stays, as what its last try met.
     */
    retry: db.prepare<[number, number, string]>(
      `UPDATE entries SET state = 'pending', answered_failures = 0, updated_at = ?,
         last_error = CASE WHEN ${FAILED_KIND} = 'dependency' THEN NULL ELSE last_error END
       WHERE id = ? AND state = ?`,
    ),
    /** Readings kept from before migration 10 whose service was not bound yet (see adoptUnbound). */
    adoptUnboundPlates: db.prepare<[string]>(`UPDATE plate_seen SET service = ? WHERE service IS NULL`),
    // A plate is one service's: the same name on another service is another plate.
    plateSeen: db.prepare<
      [string, string],
      { last_update: string | null; empty_spaces: number | null; before: string | null; at: number }
    >(`SELECT last_update, empty_spaces, before, at FROM plate_seen WHERE service = ? AND target = ?`),
    putPlateSeen: db.prepare<[string, string, string | null, number | null, string | null, number]>(
      `INSERT OR REPLACE INTO plate_seen (service, target, last_update, empty_spaces, before, at)
         VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    /**
     * "Send anyway" accepts the plate as read when it was held, unless this computer has recorded a later
     * state since (its own write after the hold, which already includes what was read then).
     */
    acceptPlate: db.prepare<[string, string, string | null, number | null, number]>(
      `INSERT INTO plate_seen (service, target, last_update, empty_spaces, at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (service, target) DO UPDATE SET last_update = excluded.last_update,
           empty_spaces = excluded.empty_spaces, before = NULL, at = excluded.at WHERE plate_seen.at <= excluded.at`,
    ),
    // Of the same service only: a change sent to another service did not land where this one goes.
    /** Entries of a lane newer than `id` that were sent, may have been, or will be (pending). */
    standingAfterInTarget: db.prepare<[string, string, number], EntryRow>(
      `SELECT * FROM entries WHERE state IN ('pending', 'sending', 'done', 'uncertain') AND service = ? AND target = ?
         AND id > ? ORDER BY id`,
    ),
    /**
     * Entries of a lane newer than `id` that were sent or may have been: what an older one must not undo.
     * Failed ones too: one that gave up after a 504 may be on the service all the same, and only its error
     * and tries say whether (mayHaveArrived); the reader keeps those (lane-reads.ts, onTheServiceMaybe).
     */
    sentAfterInTarget: db.prepare<[string, string, number], EntryRow>(
      `SELECT * FROM entries WHERE state IN ('sending', 'done', 'uncertain', 'failed') AND service = ? AND target = ?
         AND id > ? ORDER BY id`,
    ),
    /**
     * Assignments of these tubes newer than `id`, in any location, that were sent or may have been (failed
     * ones as in sentAfterInTarget). Each tube is found by its name in the index of migration 6: the unary
     * + keeps SQLite from taking the (service, state, id) index instead, which read every entry of the
     * service sent since `id` (the sync asks this on every pass of a box's lane).
     */
    sentAssignmentsAfter: db.prepare<[string, number, string], EntryRow>(
      `SELECT * FROM entries WHERE type = 'location-assign' AND +state IN ('sending', 'done', 'uncertain', 'failed')
         AND +service = ? AND id > ?
         AND json_extract(payload, '$.id') IN (SELECT value FROM json_each(?)) ORDER BY id`,
    ),
    /**
     * Assignments of a tube (any of `ids`, one labsheet) older than `id`, into any location, that were sent
     * or may have been: the wells this computer may have put it in. Found by the tube's name in the index
     * of migration 6 (the unary + as in sentAssignmentsAfter): on the (service, state, id) index this read
     * the whole history kept, for each move the sync settled (2.3 ms a move with 5,000 done, against 16 µs).
     */
    sentAssignmentsBefore: db.prepare<[string, number, string, string], EntryRow>(
      `SELECT * FROM entries WHERE type = 'location-assign' AND +state IN ('sending', 'done', 'uncertain', 'failed')
         AND +service = ? AND id < ? AND json_extract(payload, '$.labsheet') = ?
         AND json_extract(payload, '$.id') IN (SELECT value FROM json_each(?)) ORDER BY id`,
    ),
    /**
     * For each [labsheet, tube id, after id]: the oldest assignment of that tube (as queued) newer than
     * that id that was sent or may have been. One row at most per triple, however long its history.
     */
    firstSentAssignmentsAfter: db.prepare<[string, string], EntryRow>(
      `SELECT e.* FROM json_each(?) t JOIN entries e ON e.id = (SELECT MIN(l.id) FROM entries l
         WHERE l.type = 'location-assign' AND json_extract(l.payload, '$.id') = json_extract(t.value, '$[1]')
           AND l.id > json_extract(t.value, '$[2]') AND l.state IN ('sending', 'uncertain', 'done')
           AND l.service = ? AND json_extract(l.payload, '$.labsheet') = json_extract(t.value, '$[0]'))
       ORDER BY e.id`,
    ),
    /**
     * Assignments into a location newer than `id` that were sent or may have been (failed ones as in
     * sentAfterInTarget): moves into its wells.
     */
    sentAssignmentsInto: db.prepare<[string, string, number], EntryRow>(
      `SELECT * FROM entries WHERE type = 'location-assign' AND state IN ('sending', 'done', 'uncertain', 'failed')
         AND service = ? AND json_extract(payload, '$.locationId') = ? AND id > ? ORDER BY id`,
    ),
    inState: db.prepare<[string, number, number], EntryRow>(
      `SELECT * FROM entries WHERE state = ? AND id > ? ORDER BY id LIMIT ?`,
    ),
    /** Of one service only, as `counts` counts them: a tab of the Outbox (entries_service_state). */
    inStateOfService: db.prepare<[string, string, number, number], EntryRow>(
      `SELECT * FROM entries WHERE state = ? AND service = ? AND id > ? ORDER BY id LIMIT ?`,
    ),
    /**
     * One service's newest entries in a state, newest first: cut in SQL, so more than `limit` kept never
     * hides the latest. Of one service, as the counts beside the tab that lists them are.
     */
    inStateNewest: db.prepare<[string, string, number], EntryRow>(
      `SELECT * FROM entries WHERE state = ? AND service = ? ORDER BY id DESC LIMIT ?`,
    ),
    /**
     * Pending assignments of these tubes older than `id` in other lanes. Each tube is found by its name in
     * the index of migration 6 (the unary + as in sentAssignmentsAfter): on the (service, state, id)
     * index this read every older pending entry of the service, up to twice on every pass of a box's lane.
     */
    pendingElsewhere: db.prepare<[string, string, number, string], EntryRow>(
      `SELECT * FROM entries WHERE type = 'location-assign' AND +state = 'pending' AND +service = ? AND target != ?
         AND id < ? AND json_extract(payload, '$.id') IN (SELECT value FROM json_each(?)) ORDER BY id`,
    ),
    /** Pending assignments into a location older than `id`: the moves a change to one of its wells waits for. */
    pendingAssignmentsInto: db.prepare<[string, string, number], EntryRow>(
      `SELECT * FROM entries WHERE type = 'location-assign' AND state = 'pending' AND service = ?
         AND json_extract(payload, '$.locationId') = ? AND id < ? ORDER BY id`,
    ),
    /**
     * Pending moves older than `id` of a tube out of a position of a location (their `from`), into any
     * place: what a newer tube into that position waits for. Pending only, as the service in use has them.
     */
    pendingMovesOutOf: db.prepare<[string, string, number], EntryRow>(
      `SELECT * FROM entries WHERE type = 'location-assign' AND state = 'pending' AND service = ?
         AND json_extract(payload, '$.from.locationId') = ? AND id < ? ORDER BY id`,
    ),
    /**
     * Assignments into a location older than `id` that may still hold their position: pending, in flight
     * or uncertain, and done ones whose tube (as queued) this computer has not sent anywhere since (nor
     * may have). A done one followed by such a send was moved out, or placed again by that send, which is
     * listed itself if it is into this location: however long the location's history, only what it may
     * hold now is read. Matches the index of migration 6 on the tube's id.
     */
    assignmentsMayHold: db.prepare<[string, string, number], EntryRow>(
      `SELECT * FROM entries e WHERE e.type = 'location-assign' AND e.service = ?
         AND json_extract(e.payload, '$.locationId') = ? AND e.id < ?
         AND (e.state IN ('pending', 'sending', 'uncertain') OR (e.state = 'done'
           AND NOT EXISTS (SELECT 1 FROM entries l WHERE l.type = 'location-assign'
             AND json_extract(l.payload, '$.id') = json_extract(e.payload, '$.id') AND l.id > e.id
             AND l.state IN ('sending', 'uncertain', 'done') AND l.service = e.service
             AND json_extract(l.payload, '$.labsheet') = json_extract(e.payload, '$.labsheet'))))
       ORDER BY e.id`,
    ),
    /**
     * This computer's assignments into a location that still stand: not cancelled or discarded, and not
     * followed by a later assignment of the same tube (same labsheet) anywhere, which moved it. A failed
     * one stands until the user retries or discards it: the plate draws it as main says it may be (a
     * refused one as not made, with its "!"; one given up after tries as maybe made). The expressions
     * match the indexes of migration 6.
     */
    standingAssignments: db.prepare<[string, string], EntryRow>(
      `SELECT * FROM entries e WHERE e.service = ? AND e.type = 'location-assign' AND json_extract(e.payload, '$.locationId') = ?
         AND e.state IN ('pending', 'sending', 'failed', 'uncertain', 'done')
         AND NOT EXISTS (SELECT 1 FROM entries l WHERE l.type = 'location-assign'
           AND json_extract(l.payload, '$.id') = json_extract(e.payload, '$.id') AND l.id > e.id
           AND l.state IN ('pending', 'sending', 'uncertain', 'done') AND l.service = e.service
           AND json_extract(l.payload, '$.labsheet') = json_extract(e.payload, '$.labsheet'))
       ORDER BY e.id`,
    ),
    /**
     * Every assignment of the tubes named (as queued), in any labsheet, that was or may be made, oldest
     * first: what a box's listed tubes were last sent or queued to (read-cache movedAway). Found by the
     * tube's name in the index of migration 6, however long the service's history: the unary + keeps
     * SQLite from the (service, state) index, which it took once `state IN` could be read from it.
     */
    assignmentsOfTubes: db.prepare<[string, string], EntryRow>(
      `SELECT * FROM entries WHERE type = 'location-assign' AND +service = ?
         AND json_extract(payload, '$.id') IN (SELECT value FROM json_each(?))
         AND +state IN ('pending', 'sending', 'uncertain', 'done', 'failed') ORDER BY id`,
    ),
    /**
     * Of [entry id, labsheet, tube name] triples, the entries whose tube was assigned anywhere later under
     * that name: pending, in flight, uncertain or done. One statement for a whole box (opening one asks
     * this of every tube in it), each triple found by the tube's name in the index of migration 6 rather
     * than by reading every later entry of the service.
     */
    assignedLater: db.prepare<[string, string], { id: number }>(
      `SELECT DISTINCT json_extract(t.value, '$[0]') AS id FROM json_each(?) t
       WHERE EXISTS (SELECT 1 FROM entries l WHERE l.type = 'location-assign'
         AND json_extract(l.payload, '$.id') = json_extract(t.value, '$[2]') AND l.id > json_extract(t.value, '$[0]')
         AND l.state IN ('pending', 'sending', 'uncertain', 'done') AND l.service = ?
         AND json_extract(l.payload, '$.labsheet') = json_extract(t.value, '$[1]'))`,
    ),
    inStateOfType: db.prepare<[string, string, number, number], EntryRow>(
      `SELECT * FROM entries WHERE state = ? AND type = ? AND id > ? ORDER BY id LIMIT ?`,
    ),
    /**
     * A service's uploads of one file (its name and its bytes' sha256) in a state, newest first. Read in the
     * upload lanes of the (service, state, target) index, named (SQLite, planning without statistics, took
     * the one without the service): every upload's target starts ["file-upload" (targetKeyOf), so the
     * service's other entries are not read, and only its uploads' payloads are. Read
     * page by page in JS, 9,600 sent uploads took 200 ms a file picked on Upload, on main's thread. A
     * payload that is not JSON is passed over (json_extract would throw on it), as list shows it unreadable.
     */
    uploadsOfFile: db.prepare<[string, string, string, string], EntryRow>(
      `SELECT * FROM entries INDEXED BY entries_service_state WHERE service = ? AND state = ?
         AND target >= '["file-upload"' AND target < '["file-upload#' AND type = 'file-upload'
         AND CASE WHEN json_valid(payload)
           THEN json_extract(payload, '$.fileName') = ? AND json_extract(payload, '$.sha256') = ? ELSE 0 END
       ORDER BY id DESC`,
    ),
    inStateForTarget: db.prepare<[string, string, string], EntryRow>(
      `SELECT * FROM entries WHERE state = ? AND service = ? AND target = ? ORDER BY id`,
    ),
    /**
     * A correction is a new change in the old one's place: no try of it was made yet. The old content's tries
     * say nothing of it (an uncertain one kept would take a 409 on a corrected labsheet name for our own
     * earlier create, and settle it done into someone else's labsheet).
     */
    replacePayload: db.prepare<[string, string, string, number, number]>(
      `UPDATE entries SET payload = ?, target = ?, type = ?, state = 'pending', answered_failures = 0,
         attempts = 0, uncertain_attempts = 0, updated_at = ? WHERE id = ? AND state = 'failed'`,
    ),
    /**
     * Finished entries last changed before the cutoff, answering the state of each that went. One an open
     * entry names stays: what it depends on (a done one's result fills it in; a cancelled or discarded one
     * is why a retry of it is refused) and what it was built on (a retry checks none of those was lost).
     */
    pruneFinished: db.prepare<[number], { state: string }>(
      `DELETE FROM entries WHERE state IN (${inList(FINISHED_STATES)}) AND updated_at < ?
         AND id NOT IN (SELECT depends_on FROM entries WHERE depends_on IS NOT NULL AND state IN (${inList(OPEN_STATES)}))
         AND id NOT IN (SELECT j.value FROM entries w, json_each(w.waits_for) j
           WHERE w.waits_for IS NOT NULL AND w.state IN (${inList(OPEN_STATES)}))
       RETURNING state`,
    ),
    /**
     * The ids of one service's failed entries said one way (FAILED_SAID), oldest first: a tab's whole list,
     * for "Discard all" and "Retry all" (the ids only, however many: no row is read for them).
     */
    failedSaidIds: db.prepare<[string, string, number], { id: number }>(
      `SELECT id FROM entries WHERE ${FAILED_SAID} AND service = ? ORDER BY id LIMIT ?`,
    ),
    /** One service's discarded entries, the most recently discarded first (discards.ts makes their index). */
    discardedNewest: db.prepare<[string, number], EntryRow>(
      `SELECT * FROM entries WHERE state = 'discarded' AND service = ? ORDER BY updated_at DESC, id DESC LIMIT ?`,
    ),
    pruneRequests: db.prepare<[number]>(
      `DELETE FROM requests WHERE sent_at < ? AND id NOT IN (SELECT request_id FROM entries WHERE request_id IS NOT NULL)`,
    ),
  };
}
export type Statements = ReturnType<typeof prepareStatements>;
