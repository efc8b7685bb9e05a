import { keptPerService } from '../../lib/kept/kept-per-service.js';
import { AssignState } from './assign-state.svelte.js';

/** The box stays open (its next position, this visit's tubes) while the user visits another screen. */
export const keptAssignState = keptPerService(
  (api, feedback, outbox, service) => new AssignState(api, feedback, outbox, service),
);
