import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import type { Feedback } from '../../lib/feedback/feedback.svelte.js';
import type { OutboxState } from '../../lib/outbox/outbox-state.svelte.js';
import { WellFillState } from './well-fill-state.svelte.js';

const kept = new WeakMap<BenchlinkApi, WellFillState>();

/**
 * The plate stays open while the user visits another screen (Labels, the Outbox) and comes back:
 * the state outlives the screen's component, one per connection to main.
 */
export function keptWellFillState(api: BenchlinkApi, feedback: Feedback, outbox: OutboxState): WellFillState {
  let s = kept.get(api);
  if (!s) {
    s = new WellFillState(api, feedback, outbox);
    kept.set(api, s);
  }
  return s;
}
