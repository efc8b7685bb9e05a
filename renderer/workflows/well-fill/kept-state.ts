import { keptPerService } from '../../lib/kept/kept-per-service.js';
import { WellFillState } from './well-fill-state.svelte.js';

/** The plate stays open while the user visits another screen and comes back. */
export const keptWellFillState = keptPerService(
  (api, feedback, outbox, service) => new WellFillState(api, feedback, outbox, service),
);
