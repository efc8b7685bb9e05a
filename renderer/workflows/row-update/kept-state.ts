import { keptPerConnection } from '../../lib/kept/kept-per-connection.js';
import { RowState } from './row-state.svelte.js';

/** The open row, its unsaved edits and the batch list stay: leaving the screen must not throw edits away. */
export const keptRowState = keptPerConnection((api, feedback, outbox) => new RowState(api, feedback, outbox));
