import {
  isHeldForLook,
  SUPERSEDED,
  type FailedShown,
  type MayHaveArrived,
  type OutboxEntryState,
  type OutboxError,
} from '../ipc/channels/outbox.js';
import { isRefusal } from './shown-error.js';

/**
 * An entry's state as a technician reads it. `failed` is split by why: held for a look (the user's change
 * waits for "Send anyway" or "Discard"), refused by the service, set aside for a newer change (never sent:
 * "Discard"), or failed otherwise.
 */
export type ShownState = Exclude<OutboxEntryState, 'failed'> | 'held' | 'refused' | 'superseded' | 'failed';

/** The one table of the words every screen uses for an entry's state. */
export const STATE_SAID: Record<ShownState, string> = {
  pending: 'Waiting to be sent',
  sending: 'Sending',
  done: 'Sent',
  held: 'Needs a look',
  refused: 'Refused',
  failed: 'Failed',
  superseded: 'Set aside',
  uncertain: 'Unsure whether it arrived',
  cancelled: 'Cancelled',
  discarded: 'Discarded',
};

/**
 * The words where a state is said beside others in little room (the sync line at 1280 px, the Outbox's
 * counts), for the states whose own words do not fit; the others keep theirs. Each keeps its meaning:
 * "Unsure" still says nobody knows whether the change is on the service.
 */
const SHORT_SAID: Partial<Record<ShownState, string>> = {
  pending: 'Waiting',
  uncertain: 'Unsure',
};

const inLine = (said: string): string => said.charAt(0).toLowerCase() + said.slice(1);

/**
 * A state's words inside a line ("A1, S-1, waiting to be sent", "refused — …", a legend): the table's own,
 * only lower-cased, so no screen says a state in words of its own and a technician reads one state as one.
 */
export function stateSaidInLine(state: ShownState): string {
  return inLine(STATE_SAID[state]);
}

/** A state's short words (SHORT_SAID), or its own where they are short already. */
export function stateSaidShort(state: ShownState): string {
  return SHORT_SAID[state] ?? STATE_SAID[state];
}

/**
 * The words after a count of entries in one state, short and in a line: "3 waiting", "2 refused",
 * "0 unsure". Words that say what the entry does ("Needs a look") agree with the count: "2 need a look".
 */
export function countedStateSaid(n: number, state: ShownState): string {
  const said = inLine(stateSaidShort(state));
  return n === 1 ? said : said.replace(/^needs\b/, 'need');
}

export type { FailedShown };

/**
 * Which of the words a failed entry's state is by its error alone: only its error tells a hold, a refusal
 * or a change set aside for a newer one from another failure. Whether one of the others may be on the
 * service is main's (failedEntryShown). A set-aside one is said so whatever an earlier try of it did: a
 * newer change stands over it, so whether it arrived no longer matters, and Discard is its one choice.
 */
export function failedShown(error: Pick<OutboxError, 'kind'> | null | undefined): Exclude<FailedShown, 'uncertain'> {
  if (isHeldForLook('failed', error)) return 'held';
  if (error?.kind === SUPERSEDED) return 'superseded';
  return error && isRefusal(error) ? 'refused' : 'failed';
}

/** Which of the words an entry's state is. */
export function shownState(state: OutboxEntryState, error: Pick<OutboxError, 'kind'> | null | undefined): ShownState {
  return state === 'failed' ? failedShown(error) : state;
}

/**
 * Which of the words an entry is said in where main's mayHaveArrived came with it (a well, the lists, the
 * Outbox's row): a failed one that may be on the service all the same is "Unsure whether it arrived", as
 * one whose answer was lost, since a Retry of it unlooked may make the change twice; "Failed" is only one
 * that never left this computer (null). `undefined`, not read, is unsure: never said to be surely not
 * there. A hold, a refusal or a set-aside change is said so whatever the rest (its error tells, shownState).
 */
export function entryShownState(
  state: OutboxEntryState,
  error: Pick<OutboxError, 'kind'> | null | undefined,
  mayHaveArrived: MayHaveArrived | null | undefined,
): ShownState {
  return state === 'failed' ? failedEntryShown(error, mayHaveArrived) : state;
}

/**
 * entryShownState of a failed entry: the one rule main counts the failed entries by and picks a tab's by
 * (main/outbox/failed-shown.ts), so "1 unsure" finds its row under "Unsure whether it arrived".
 */
export function failedEntryShown(
  error: Pick<OutboxError, 'kind'> | null | undefined,
  mayHaveArrived: MayHaveArrived | null | undefined,
): FailedShown {
  const shown = failedShown(error);
  return shown === 'failed' && mayHaveArrived !== null ? 'uncertain' : shown;
}
