import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import type { Feedback } from '../../lib/feedback/feedback.svelte.js';
import type { OutboxState } from '../../lib/outbox/outbox-state.svelte.js';
import { AssignState } from './assign-state.svelte.js';

const kept = new WeakMap<BenchlinkApi, AssignState>();

/**
 * The box stays open while the user visits another screen (the Outbox, Labels) and comes back, as
 * on Well fill: the next position and the tubes of this visit are where they were left. One per
 * connection to main.
 */
export function keptAssignState(api: BenchlinkApi, feedback: Feedback, outbox: OutboxState): AssignState {
  let s = kept.get(api);
  if (!s) {
    s = new AssignState(api, feedback, outbox);
    kept.set(api, s);
  }
  return s;
}
