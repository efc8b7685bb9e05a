/**
 * The technician's two choices for an entry unsure whether it arrived, with the words every screen
 * offers them in (the Outbox's row, the Upload row): one table, so "It arrived" on one screen is never
 * another word for the same choice on the next. Each is main's `outbox.reconcile` resolution of that name.
 */
export const UNSURE_CHOICES = [
  { resolution: 'mark-done', label: 'It arrived', title: 'It did reach the server' },
  { resolution: 'resend', label: 'Send again', title: 'It did not reach the server' },
] as const;

export type UnsureChoice = (typeof UNSURE_CHOICES)[number]['resolution'];
