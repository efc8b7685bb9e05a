import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import { serviceLabel } from '../../../shared/ipc/service-identity.js';
import type { Feedback } from '../feedback/feedback.svelte.js';
import type { OutboxState } from '../outbox/outbox-state.svelte.js';

/** A screen's kept state, bound to the service its plate, box or row was read from. */
export interface ServiceBound {
  /** What is open (a plate's hrid, a box, a row's ID), or null: said when it is shown again after a switch. */
  readonly opened: string | null;
  /**
   * The connection moved to another service while this state was kept. Drops what must not be answered
   * any more (a question about this service's data, asked before the switch) and answers, in sentences,
   * what went and what stays kept for this service.
   */
  leaveService(): string[];
}

export interface Kept<S> {
  state: S;
  /** The state this screen last showed, when that was another service's: the switch to tell the user about. */
  left: { state: S; service: string } | null;
}

export type KeptFor<S> = (api: BenchlinkApi, service: string, feedback: Feedback, outbox: OutboxState) => Kept<S>;

/**
 * A screen's state that outlives the screen's component: the plate, box or row stays open while the
 * user visits another screen (the Outbox, Labels) and comes back. One per connection to main (a test's,
 * a reload's starts clean) and per service (`serviceIdentity`): the state holds ids and contents read
 * from one service, and after a switch in Settings the screen starts clean for the new one, so nothing
 * of the old service is shown or queued in the new one's name. Switching back finds the state left
 * there; the screens read it again when shown, as after any visit elsewhere.
 */
export function keptPerService<S extends ServiceBound>(
  make: (api: BenchlinkApi, feedback: Feedback, outbox: OutboxState, service: string) => S,
): KeptFor<S> {
  const kept = new WeakMap<BenchlinkApi, { shown: string | null; states: Map<string, S> }>();
  return (api, service, feedback, outbox) => {
    let k = kept.get(api);
    if (k === undefined) {
      k = { shown: null, states: new Map() };
      kept.set(api, k);
    }
    let state = k.states.get(service);
    if (state === undefined) {
      state = make(api, feedback, outbox, service);
      k.states.set(service, state);
    }
    const before = k.shown !== null && k.shown !== service ? k.states.get(k.shown) : undefined;
    const left = before && k.shown !== null ? { state: before, service: k.shown } : null;
    k.shown = service;
    return { state, left };
  };
}

/**
 * What the screen says when it is shown for another service than last time, or null when there is
 * nothing to say (nothing was open on either). `first` is the screen's first step ("scan the plate again").
 * Drops the left state's open questions (ServiceBound.leaveService).
 */
export function switchNotice<S extends ServiceBound>(kept: Kept<S>, service: string, first: string): string | null {
  const { state, left } = kept;
  if (!left) return null;
  const notes = left.state.leaveService();
  if (left.state.opened === null && state.opened === null && notes.length === 0) return null;
  const now = state.opened === null ? first : `${state.opened} is open again as you left it on this service`;
  return [`Connection changed to ${serviceLabel(service)}: ${now}.`, ...notes].join(' ');
}
