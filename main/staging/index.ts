export {
  stageFile,
  uploadIntent,
  verifyStaged,
  locateStaged,
  removeStaged,
  SourceChangedError,
  type StagedFile,
} from './staged-file.js';
export {
  createUploadStaging,
  DEFAULT_STAGING_LIMITS,
  StagingError,
  type StagingLimits,
  type StagingOwner,
  type UploadStaging,
} from './incoming.js';
export {
  removeFinishedStagedCopies,
  scheduleDiscardedCopyRemoval,
  scheduleUnclaimedCleanup,
  sweepOrphanedStaging,
  UNCLAIMED_TICKET_MS,
} from './cleanup.js';
export { createPickedFiles, type PickedFiles } from './picked-files.js';
export { SourceUnreadableError, sourceUnreadable } from './source-problem.js';
export { setStagingAside, keepForIt, type StagingSetAside } from './set-aside.js';
