import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import type { Feedback } from '../feedback/feedback.svelte.js';
import type { OutboxState } from '../outbox/outbox-state.svelte.js';

/**
 * A screen's state that outlives the screen's component: the plate, box or row stays open while the
 * user visits another screen (the Outbox, Labels) and comes back. One per connection to main, so a
 * new connection (a test's, a reload's) starts clean.
 */
export function keptPerConnection<S>(
  make: (api: BenchlinkApi, feedback: Feedback, outbox: OutboxState) => S,
): (api: BenchlinkApi, feedback: Feedback, outbox: OutboxState) => S {
  const kept = new WeakMap<BenchlinkApi, S>();
  return (api, feedback, outbox) => {
    let s = kept.get(api);
    if (s === undefined) {
      s = make(api, feedback, outbox);
      kept.set(api, s);
    }
    return s;
  };
}
