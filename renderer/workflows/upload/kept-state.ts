import { keptPerService } from '../../lib/kept/kept-per-service.js';
import { UploadState } from './upload-state.svelte.js';

/** The list of files added, their progress and the service's answers stay while the user visits another screen. */
export const keptUploadState = keptPerService(
  (api, _feedback, outbox, service) => new UploadState(api, outbox, service),
);
