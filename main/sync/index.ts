export {
  createSyncEngine,
  type SyncEngine,
  type SyncEngineOptions,
  type SyncEvents,
  type SyncStatus,
} from './sync-engine.js';
export type { SyncTransport } from './transport.js';
export { systemPlatform, type SyncPlatform } from './platform.js';
export { coalesceWells, coalesceAssignments, coalesceRows, ROW_BATCH_LIMIT } from './coalesce.js';
export { backoffDelay, DEFAULT_BACKOFF, type BackoffOptions } from './backoff.js';
export { HELD_BY_RULES, NONE_LISTED, wellChangesOnce, type ListedTubes, type RuleWait } from './cross-target.js';
export { nextPassWait } from './pass-window.js';
export { askedOnce, ONLY_AS_QUEUED, type TubeNames } from './tube-names.js';
export { ONLY_AS_NAMED, type PlateNames } from './plate-names.js';
export type { LaneHold } from './lane-holds.js';
export type { QueueHold } from './queue-hold.js';
