export { createOutbox, type Outbox, type OutboxOptions, type OutboxEvents } from './outbox-store.js';
export { OutboxWriteError, type OutboxWriteErrorKind } from './errors.js';
export { scheduleDonePruning, DONE_KEPT_MS } from './prune-schedule.js';
export { stageFile, uploadIntent, verifyStaged, removeStaged, type StagedFile } from './staging.js';
export type { OutboxEntry, EntryState, EntryError, QueueCounts, EntryStateChange, PlateState, Settlement } from './entry.js';
export type { MovedAside } from './db-open.js';
export { TypedEmitter } from './typed-emitter.js';
