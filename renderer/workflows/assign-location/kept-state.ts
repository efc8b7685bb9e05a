import { keptPerConnection } from '../../lib/kept/kept-per-connection.js';
import { AssignState } from './assign-state.svelte.js';

/** The box stays open (its next position, this visit's tubes) while the user visits another screen. */
export const keptAssignState = keptPerConnection((api, feedback, outbox) => new AssignState(api, feedback, outbox));
