export {
  createOutbox,
  type Outbox,
  type OutboxOptions,
  type OutboxEvents,
  type WaitingElsewhere,
  type NamedPlace,
} from './outbox-store.js';
export { WriteError, type WriteErrorKind } from '../common/write-error.js';
export { toOutboxError } from './shown-error.js';
export { ReadElsewhereError } from './read-elsewhere.js';
export { scheduleOutboxPruning, FINISHED_KEPT_MS } from './prune-schedule.js';
export type {
  OutboxEntry,
  EntryState,
  EntryError,
  QueueCounts,
  ListedEntry,
  HeldLane,
  UnreadableEntry,
  EntryStateChange,
  PlateState,
  Settlement,
} from './entry.js';
export type { MovedAside } from '../common/sqlite/open-database.js';
export { TypedEmitter } from '../common/emitter.js';
export { isUnreadable, OPEN_STATES } from './entry.js';
