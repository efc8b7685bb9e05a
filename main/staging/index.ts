export { stageFile, uploadIntent, verifyStaged, removeStaged, type StagedFile } from './staged-file.js';
export { createUploadStaging, type UploadStaging } from './incoming.js';
export { removeFinishedStagedCopies } from './cleanup.js';
export { createPickedFiles, type PickedFiles } from './picked-files.js';
