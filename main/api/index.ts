export {
  createLabClient,
  type LabClient,
  type LabClientOptions,
  type WebhookOptions,
  type CallOptions,
} from './client.js';
export * from './errors.js';
export { DEFAULT_RETRY, type RetryPolicy, type Sleep } from './retry.js';
export type { UploadFile, UploadRequest, UploadOptions } from './upload.js';
export type { UploadProgress } from './request.js';
export {
  iterateLabsheetRows,
  iterateSequences,
  LabsheetTooLargeError,
  MAX_LISTABLE_ROWS,
  planRowPage,
  type RowPage,
  type SequencePage,
} from './paginate.js';
export { createLocationsAndWait, type WaitOptions } from './locations.js';
