import { keptPerConnection } from '../../lib/kept/kept-per-connection.js';
import { WellFillState } from './well-fill-state.svelte.js';

/** The plate stays open while the user visits another screen and comes back. */
export const keptWellFillState = keptPerConnection((api, feedback, outbox) => new WellFillState(api, feedback, outbox));
