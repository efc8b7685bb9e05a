import type { MayHaveArrived } from '../ipc/channels/outbox.js';

/**
 * The technician's two choices for an entry unsure whether it arrived (its answer lost, or failed where
 * main says it may be on the service all the same), with the words every screen offers them in (the
 * Outbox's row, the Upload row): one table, so "It arrived" on one screen is never another word for the
 * same choice on the next. Each is main's `outbox.reconcile` resolution of that name.
 */
export const UNSURE_CHOICES = [
  { resolution: 'mark-done', label: 'It arrived', title: 'It did reach the server' },
  { resolution: 'resend', label: 'Send again', title: 'It did not reach the server' },
] as const;

export type UnsureChoice = (typeof UNSURE_CHOICES)[number]['resolution'];

/** A choice's label, for words that name it ("choose "It arrived""). */
export const unsureChoiceSaid = (choice: UnsureChoice): string =>
  UNSURE_CHOICES.find((c) => c.resolution === choice)!.label;

/**
 * What to do about a failed entry that may be on the service all the same (main's mayHaveArrived), said
 * after its own reason, which says only what happened (how many tries, the last answer): sent again
 * unlooked, the change may be made twice (a webhook delivered twice, a row updated twice). Null where its
 * reason says what to do already: a change set aside for a newer one must not be sent again over it.
 */
export function lookFirst(why: MayHaveArrived): string | null {
  if (why === 'superseded') return null;
  return (
    'It may be on the service all the same: look there before you send it again. ' +
    `If it is there, choose "${unsureChoiceSaid('mark-done')}"; if it is not, "${unsureChoiceSaid('resend')}".`
  );
}

/**
 * Said before changes unsure whether they arrived are discarded, `unsure` of the `of` asked about:
 * discarding forgets them on this computer, it does not take back what may be on the service (a tube
 * recorded there stays recorded).
 */
export function discardUnsureWarning(unsure: number, of = unsure): string {
  const them = unsure === 1 ? 'it' : 'them';
  const who = unsure === of ? (unsure === 1 ? 'It' : 'They') : `${unsure} of them`;
  return `${who} may be on the service already: discarding forgets ${them} on this computer, it does not take ${them} back there.`;
}
