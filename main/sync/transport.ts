import { WRITE_ENDPOINTS, type WriteEndpoint } from '../../shared/api/endpoints.js';
import type { LabClient } from '../api/client.js';

/**
 * The reads the engine makes itself: the offline probe, the plate check, a location request's status,
 * and a labsheet's columns (is the labsheet of that name the one an uncertain create asked for?).
 */
export const SYNC_READS = [
  'fetchLabsheetList',
  'fetchManifestMetadata',
  'fetchLocationCreateStatus',
  'fetchLabsheetRows',
] as const;
export type SyncEndpoint = WriteEndpoint | (typeof SYNC_READS)[number];
/** Every endpoint the engine calls, read from the one endpoint table (shared/api/endpoints.ts). */
export const SYNC_ENDPOINTS: readonly SyncEndpoint[] = [...WRITE_ENDPOINTS, ...SYNC_READS];

/**
 * The part of the API client the sync engine needs: the client's own methods, so a changed signature
 * is a compile error here. Failures are the typed ApiError classes of main/api/errors.ts.
 */
export type SyncTransport = Pick<LabClient, SyncEndpoint>;
