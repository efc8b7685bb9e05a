export {
  openCacheStore,
  type CacheStore,
  type ManifestRecord,
  type LabsheetShape,
  type StoredRow,
} from './cache-store.js';
export { createReadCache, RELOAD_WAIT_MS, type ReadCache, type ReadCacheDeps } from './read-cache.js';
export { ServiceChangedError } from './read-errors.js';
export { demoIdColumns, identifyColumns, type RowColumns } from './row-columns.js';
export { rememberCreatedLabsheets, idColumnsOfCreate } from './created-labsheets.js';
