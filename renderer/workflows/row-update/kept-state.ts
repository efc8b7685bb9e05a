import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import type { Feedback } from '../../lib/feedback/feedback.svelte.js';
import type { OutboxState } from '../../lib/outbox/outbox-state.svelte.js';
import { RowState } from './row-state.svelte.js';

const kept = new WeakMap<BenchlinkApi, RowState>();

/**
 * The open row, its unsaved edits and the batch list stay while the user visits another screen
 * (the Outbox) and comes back: leaving the screen must not throw edits away either. One per
 * connection to main, as on Well fill.
 */
export function keptRowState(api: BenchlinkApi, feedback: Feedback, outbox: OutboxState): RowState {
  let s = kept.get(api);
  if (!s) {
    s = new RowState(api, feedback, outbox);
    kept.set(api, s);
  }
  return s;
}
