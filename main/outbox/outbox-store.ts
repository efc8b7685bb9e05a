import type Database from 'better-sqlite3';
import { intent as intentSchema, type Intent, type IntentType } from '../../shared/outbox/intents.js';
import { isIdempotentIntent, targetKeyOf } from '../../shared/outbox/intent-meta.js';
import { openDatabase, type MovedAside } from '../common/sqlite/open-database.js';
import { WriteError, toWriteError } from '../common/write-error.js';
import { OUTBOX_MIGRATIONS } from './schema.js';
import { prepareStatements, rowToEntry } from './statements.js';
import { logListenerError, TypedEmitter } from '../common/emitter.js';
import type { Logger } from '../common/logger.js';
import type {
  EntryError,
  EntryState,
  EntryStateChange,
  OutboxEntry,
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
}

export interface OutboxEvents {
  enqueued: { id: number; target: string };
  changed: EntryStateChange[];
}

export interface Outbox {
  /** Set when the file at `path` was corrupt: it was moved aside and this is a fresh outbox. */
  readonly recovered: MovedAside | null;
  readonly events: TypedEmitter<OutboxEvents>;
  /** Commits the intent durably (fsync) before returning its id. Throws WriteError. */
  enqueue(intent: Intent, options?: { dedupeKey?: string }): number;
  /** Several intents in one durable commit (all or none). */
  /** All or none; with a dedupe key, entry i is keyed `${key}:${i}`, so a resent batch finds the first. */
  enqueueMany(intents: readonly Intent[], options?: { dedupeKey?: string }): number[];
  get(id: number): OutboxEntry | null;
  counts(): QueueCounts;
  list(state: EntryState, options?: { afterId?: number; limit?: number; type?: IntentType }): OutboxEntry[];
  /** Undo: only an entry that has not started sending can be cancelled. */
  cancel(id: number): boolean;
  /** Cancels, in one transaction, those of the entries that have not started sending; answers their ids. */
  cancelMany(ids: readonly number[]): number[];
  /** Explicit user action on a failed or uncertain entry. Returns the entry so staged files can go. */
  discard(id: number): OutboxEntry | null;
  /** The user asks to try a failed entry again, or says an uncertain one should be resent. */
  retry(id: number): boolean;
  /** The user confirms an uncertain entry did reach the server. */
  confirmDone(id: number): boolean;
  /** The user corrected a failed entry. */
  replace(id: number, intent: Intent): boolean;
  // ---- used by the sync engine ----
  oldestPendingTargets(limit: number): string[];
  pendingHead(target: string, limit: number): OutboxEntry[];
  entriesOf(target: string, state: EntryState): OutboxEntry[];
  /** Pending entries of a type in other targets, older than `beforeId`, whose payload `id` is one of `ids`. */
  pendingElsewhere(type: IntentType, target: string, beforeId: number, ids: readonly string[]): OutboxEntry[];
  /** Marks entries 'sending' with the request id in one transaction, before the request leaves. */
  claim(ids: readonly number[], requestId: string, endpoint: string): void;
  settle(settlements: readonly Settlement[], requestId?: string, outcome?: string): void;
  /** The last state of a plate (by target key) this computer saw on the service, or null. */
  plateSeen(target: string): PlateState | null;
  setPlateSeen(target: string, state: PlateState): void;
  /** After a crash: idempotent 'sending' entries go back to pending, the others become uncertain. */
  recoverInterrupted(): { requeued: number; uncertain: number };
  /**
   * Housekeeping the shell may call (e.g. daily): removes entries confirmed done longer ago than
   * `olderThanMs`, and their request log. Never touches pending, failed or uncertain entries.
   */
  pruneDone(olderThanMs: number): number;
  close(): void;
  /** For tests and diagnostics only (e.g. a read-only probe). */
  readonly db: Database.Database;
}

export function createOutbox(options: OutboxOptions): Outbox {
  const { db, recovered } = openDatabase(options.path, OUTBOX_MIGRATIONS, options.now);
  const st = prepareStatements(db);
  const events = new TypedEmitter<OutboxEvents>(options.log ? logListenerError(options.log, 'outbox') : undefined);
  const now = options.now;

  const reread = (ids: readonly number[]): EntryStateChange[] =>
    ids
      .map((id) => st.stateOf.get(id))
      .filter((r) => r !== undefined)
      .map((r) => ({
        id: r.id,
        type: r.type as IntentType,
        target: r.target,
        state: r.state as EntryState,
        lastError: r.last_error === null ? null : (JSON.parse(r.last_error) as EntryError),
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

  function insert(i: Intent, dedupeKey: string | null): { id: number; target: string; fresh: boolean } {
    if (dedupeKey !== null) {
      const existing = st.byDedupe.get(dedupeKey);
      if (existing) return { id: existing.id, target: '', fresh: false };
    }
    const target = targetKeyOf(i);
    const t = now();
    const info = st.insert.run(i.type, target, JSON.stringify(i), t, t, dedupeKey);
    return { id: Number(info.lastInsertRowid), target, fresh: true };
  }

  // Built once: BEGIN IMMEDIATE takes the write lock up front, so a commit never fails half-way on
  // a lock upgrade, and reusing the wrapper keeps the per-scan path lean.
  const insertOne = db.transaction((i: Intent, dedupeKey: string | null) => insert(i, dedupeKey));

  function transition(id: number, from: EntryState, to: EntryState): boolean {
    try {
      const ok = st.setState.run(to, now(), id, from).changes === 1;
      if (ok) events.emit('changed', reread([id]));
      return ok;
    } catch (err) {
      throw toWriteError(err, 'The change');
    }
  }

  return {
    recovered,
    events,
    db,
    enqueue(i, opts) {
      const valid = validate(i);
      let r: { id: number; target: string; fresh: boolean };
      try {
        r = insertOne.immediate(valid, opts?.dedupeKey ?? null);
      } catch (err) {
        throw toWriteError(err, 'The scan');
      }
      if (r.fresh) events.emit('enqueued', { id: r.id, target: r.target });
      return r.id;
    },
    enqueueMany(intents, opts) {
      const valid = intents.map(validate);
      const key = opts?.dedupeKey;
      let rs: { id: number; target: string; fresh: boolean }[];
      try {
        rs = db.transaction(() => valid.map((i, n) => insert(i, key === undefined ? null : `${key}:${n}`))).immediate();
      } catch (err) {
        throw toWriteError(err, 'The entries');
      }
      for (const r of rs) if (r.fresh) events.emit('enqueued', { id: r.id, target: r.target });
      return rs.map((r) => r.id);
    },
    get(id) {
      const r = st.get.get(id);
      return r ? rowToEntry(r) : null;
    },
    counts() {
      const c: QueueCounts = { pending: 0, sending: 0, failed: 0, uncertain: 0, done: 0 };
      for (const { state, n } of st.counts.all()) if (state in c) c[state as keyof QueueCounts] = n;
      return c;
    },
    list(state, o) {
      const rows =
        o?.type === undefined
          ? st.inState.all(state, o?.afterId ?? 0, o?.limit ?? 1000)
          : st.inStateOfType.all(state, o.type, o?.afterId ?? 0, o?.limit ?? 1000);
      return rows.map(rowToEntry);
    },
    cancel: (id) => transition(id, 'pending', 'cancelled'),
    cancelMany(ids) {
      let cancelled: number[];
      try {
        const t = now();
        cancelled = db
          .transaction(() => ids.filter((id) => st.setState.run('cancelled', t, id, 'pending').changes === 1))
          .immediate();
      } catch (err) {
        throw toWriteError(err, 'The undo');
      }
      if (cancelled.length > 0) events.emit('changed', reread(cancelled));
      return cancelled;
    },
    discard(id) {
      const e = st.get.get(id);
      if (!e || (e.state !== 'failed' && e.state !== 'uncertain')) return null;
      return transition(id, e.state, 'discarded') ? rowToEntry(st.get.get(id)!) : null;
    },
    retry(id) {
      const e = st.get.get(id);
      if (!e || (e.state !== 'failed' && e.state !== 'uncertain')) return false;
      try {
        const ok = st.retry.run(now(), id, e.state).changes === 1;
        if (ok) events.emit('changed', reread([id]));
        return ok;
      } catch (err) {
        throw toWriteError(err, 'The retry');
      }
    },
    confirmDone: (id) => transition(id, 'uncertain', 'done'),
    replace(id, i) {
      const valid = validate(i);
      try {
        const ok =
          st.replacePayload.run(JSON.stringify(valid), targetKeyOf(valid), valid.type, now(), id).changes === 1;
        if (ok) events.emit('changed', reread([id]));
        return ok;
      } catch (err) {
        throw toWriteError(err, 'The correction');
      }
    },
    oldestPendingTargets: (limit) => st.oldestTargets.all(limit).map((r) => r.target),
    pendingHead: (target, limit) => st.headOf.all(target, limit).map(rowToEntry),
    pendingElsewhere: (type, target, beforeId, ids) =>
      st.pendingElsewhere.all(type, target, beforeId, JSON.stringify(ids)).map(rowToEntry),
    entriesOf: (target, state) => st.inStateForTarget.all(state, target).map(rowToEntry),
    claim(ids, requestId, endpoint) {
      const t = now();
      db.transaction(() => {
        st.logRequest.run(requestId, endpoint, t, ids.length);
        for (const id of ids) st.claim.run(requestId, t, id);
      }).immediate();
      events.emit('changed', reread(ids));
    },
    settle(settlements, requestId, outcome) {
      const t = now();
      db.transaction(() => {
        for (const s of settlements) {
          const err: EntryError | undefined = 'error' in s ? s.error : undefined;
          const result = s.state === 'done' && s.result !== undefined ? JSON.stringify(s.result) : null;
          const answered = 'answered' in s && s.answered === true ? 1 : 0;
          st.settle.run(s.state, err ? JSON.stringify(err) : null, result, answered, t, s.id);
        }
        if (requestId !== undefined && outcome !== undefined) st.requestOutcome.run(outcome, requestId);
      }).immediate();
      events.emit('changed', reread(settlements.map((s) => s.id)));
    },
    plateSeen(target) {
      const r = st.plateSeen.get(target);
      return r ? { lastUpdate: r.last_update, emptySpaces: r.empty_spaces } : null;
    },
    setPlateSeen(target, state) {
      try {
        st.putPlateSeen.run(target, state.lastUpdate, state.emptySpaces, now());
      } catch (err) {
        throw toWriteError(err, 'The plate record');
      }
    },
    recoverInterrupted() {
      const interrupted = st.inState.all('sending', 0, Number.MAX_SAFE_INTEGER).map(rowToEntry);
      const settlements: Settlement[] = interrupted.map((e) =>
        isIdempotentIntent(e.type)
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
      return db
        .transaction(() => {
          const n = st.pruneDone.run(cutoff).changes;
          st.pruneRequests.run(cutoff);
          return n;
        })
        .immediate();
    },
    close: () => db.close(),
  };
}
