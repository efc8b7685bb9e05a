import { keptPerService } from '../../lib/kept/kept-per-service.js';
import { RowState } from './row-state.svelte.js';

/** The open row, its unsaved edits and the batch list stay: leaving the screen must not throw edits away. */
export const keptRowState = keptPerService(
  (api, feedback, outbox, service) => new RowState(api, feedback, outbox, service),
);
