import type { EndpointName, RequestOf, ResponseOf } from '../../shared/api/endpoints.js';

type Call<N extends EndpointName> = (request: RequestOf<N>, options?: { signal?: AbortSignal }) => Promise<ResponseOf<N>>;

/**
 * The part of the API client the sync engine needs. Declared here so the engine does not wait for
 * (or depend on the whole of) main/api; the real `LabClient` satisfies it structurally. Failures are
 * expected to be the typed ApiError classes of main/api/errors.ts.
 */
export interface SyncTransport {
  updateManifest: Call<'updateManifest'>;
  assignLocation: Call<'assignLocation'>;
  updateRowsById: Call<'updateRowsById'>;
  createLabsheet: Call<'createLabsheet'>;
  fetchLabsheetList: Call<'fetchLabsheetList'>;
  fetchManifestMetadata: Call<'fetchManifestMetadata'>;
  linkSamplesToTest: Call<'linkSamplesToTest'>;
  createLocations: Call<'createLocations'>;
  fetchLocationCreateStatus: Call<'fetchLocationCreateStatus'>;
  labsheetToTemplate: Call<'labsheetToTemplate'>;
  deleteColumn: Call<'deleteColumn'>;
  removeFolderPermissions: Call<'removeFolderPermissions'>;
  attachImage: Call<'attachImage'>;
  addSequenceToRow: Call<'addSequenceToRow'>;
  createLabspace: Call<'createLabspace'>;
  storeAndEmbedFiles(
    request: { files: { path: string; name?: string }[]; isGlobal?: boolean; fileSource?: string },
    options?: { signal?: AbortSignal },
  ): Promise<ResponseOf<'storeAndEmbedFiles'>>;
  sendWebhook(payload: RequestOf<'sendWebhook'>, options?: { eventType?: string; signal?: AbortSignal }): Promise<ResponseOf<'sendWebhook'>>;
}
