import type Database from 'better-sqlite3';
import type { IntentType } from '../../shared/outbox/intents.js';
import { openDatabase, type MovedAside } from '../common/sqlite/open-database.js';
import { checkpointAfterCommits, type CheckpointAfter } from '../common/sqlite/checkpoint-after.js';
import { logListenerError, TypedEmitter } from '../common/emitter.js';
import type { Logger } from '../common/logger.js';
import { OUTBOX_MIGRATIONS } from './schema.js';
import { prepareStatements, type Statements } from './statements.js';
import type { EntryError, EntryState, EntryStateChange } from './entry.js';
import type { OutboxEvents, OutboxOptions } from './outbox-types.js';

/** What every part of the outbox works on: one connection, its statements, its events, clock and service. */
export interface StoreContext {
  readonly db: Database.Database;
  readonly st: Statements;
  readonly events: TypedEmitter<OutboxEvents>;
  readonly checkpoint: CheckpointAfter;
  readonly now: () => number;
  readonly service: () => string;
  readonly recovered: MovedAside | null;
  readonly log: Logger | undefined;
  /** The entries' states now, for a `changed` event. */
  readonly reread: (ids: readonly number[]) => EntryStateChange[];
}

// A damaged stored error is only left out: the change happened, and every listener must hear of it.
export const storedError = (json: string | null): EntryError | null => {
  if (json === null) return null;
  try {
    return JSON.parse(json) as EntryError;
  } catch {
    return null;
  }
};

/** Opens (or recovers) the file and binds entries from before services were to the one they were queued under. */
export function openStore(options: OutboxOptions): StoreContext {
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

  return { db, st, events, checkpoint, now, service, recovered, log: options.log, reread };
}
