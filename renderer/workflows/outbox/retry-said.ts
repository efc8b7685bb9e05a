import { isHeldForLook, type OutboxEntrySummary } from '../../../shared/ipc/channels/outbox.js';

/** What main says "Send anyway" on a held well change sends: `n` changes held on `plate`, itself among them. */
export type SendAnyway = NonNullable<OutboxEntrySummary['sendAnyway']>;

/**
 * Said of a plate sent anyway: main then takes it as read at the hold for this computer's later changes
 * too (send-anyway.ts putBackToSend, acceptPlate), so they are not held again for what happened there before.
 */
const LATER_CHANGES = 'Your later changes to it are no longer held for what changed there so far.';

/**
 * What the Outbox says once Retry or "Send anyway" was taken: the entry is queued again, not sent yet
 * (offline, or behind others, it waits), so the words say what will happen, never that it happened. A held
 * well change goes with every change held on its plate (`plate`, main's count on its row): how many is said,
 * since the user pressed one row's button and sees them all go.
 */
export function retryTakenSaid(heldForLook: boolean, plate?: SendAnyway): string {
  if (!heldForLook) return 'Will be tried again';
  if (!plate) return 'Will be sent over the plate as it is now';
  const what =
    plate.n === 1
      ? `Will be sent over ${plate.plate}`
      : `All ${plate.n} changes held on ${plate.plate} will be sent over the plate`;
  return `${what} as it is now. ${LATER_CHANGES}`;
}

/**
 * The button of a failed entry's row and its tooltip. "Send anyway" on a held well change sends every change
 * held on its plate (they share one lane and one reading; one sent while an earlier one stays held would go
 * out of order): the button says so before it is pressed when that is more than this one.
 */
export function retryOffer(e: Pick<OutboxEntrySummary, 'state' | 'lastError' | 'sendAnyway'>): {
  label: string;
  title: string | undefined;
} {
  if (!isHeldForLook(e.state, e.lastError)) return { label: 'Retry', title: undefined };
  const p = e.sendAnyway;
  if (!p) return { label: 'Send anyway', title: 'Sends this change over what the service has now.' };
  if (p.n === 1) return { label: 'Send anyway', title: `Sends this change over ${p.plate} as it is now.` };
  return {
    label: `Send anyway (all ${p.n} held on ${p.plate})`,
    title:
      `Sends all ${p.n} changes held on ${p.plate}, not only this one, in the order they were made, over the plate ` +
      'as it is now. Discard the ones you do not want first.',
  };
}

/** The words after a failed entry's Retry or Send anyway was taken, by what its row offered. */
export const retryTakenSaidOf = (e: Pick<OutboxEntrySummary, 'state' | 'lastError' | 'sendAnyway'>): string =>
  retryTakenSaid(isHeldForLook(e.state, e.lastError), e.sendAnyway);
