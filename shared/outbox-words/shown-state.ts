import { isHeldForLook, type OutboxEntryState, type OutboxError } from '../ipc/channels/outbox.js';
import { isRefusal } from './shown-error.js';

/**
 * An entry's state as a technician reads it. `failed` is split by why: held for a look (the user's change
 * waits for "Send anyway" or "Discard"), refused by the service, or failed otherwise.
 */
export type ShownState = Exclude<OutboxEntryState, 'failed'> | 'held' | 'refused' | 'failed';

/** The one table of the words every screen uses for an entry's state. */
export const STATE_SAID: Record<ShownState, string> = {
  pending: 'Waiting to be sent',
  sending: 'Sending',
  done: 'Sent',
  held: 'Needs a look',
  refused: 'Refused',
  failed: 'Failed',
  uncertain: 'Unsure whether it arrived',
  cancelled: 'Cancelled',
  discarded: 'Discarded',
};

/**
 * A state's words inside a line ("A1, S-1, waiting to be sent", "refused — …", a legend): the table's own,
 * only lower-cased, so no screen says a state in words of its own and a technician reads one state as one.
 */
export function stateSaidInLine(state: ShownState): string {
  const said = STATE_SAID[state];
  return said.charAt(0).toLowerCase() + said.slice(1);
}

/** Which of the words an entry's state is: only its error tells a hold or a refusal from another failure. */
export function shownState(state: OutboxEntryState, error: Pick<OutboxError, 'kind'> | null | undefined): ShownState {
  if (state !== 'failed') return state;
  if (isHeldForLook(state, error)) return 'held';
  return error && isRefusal(error) ? 'refused' : 'failed';
}
