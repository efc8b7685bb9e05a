import type { OutboxCounts } from '../../../shared/ipc/channels/outbox.js';
import type { FailedShown, ShownState } from '../../../shared/outbox-words/shown-state.js';

/** One count of the queue as it is said: how many entries the Outbox shows in that state. */
export interface ShownCount {
  state: ShownState;
  n: number;
  /** Some are there that only the user can move on (send anyway, correct, discard): said in red. */
  bad: boolean;
}

/**
 * The open entries counted by the states the Outbox's rows show, in the order a technician deals with
 * them: waiting (sending ones too: they are not sent yet), then the failed ones split as main split them
 * (needs a look, refused, failed, set aside), then the unsure ones: those whose answer was lost and the
 * failed ones main says may be on the service, as their rows and the Unsure tab have them. So "2 refused"
 * finds two Refused rows, and "1 unsure" the row that says "Unsure whether it arrived".
 */
export function shownCounts(c: OutboxCounts): ShownCount[] {
  const failed = (state: Exclude<FailedShown, 'uncertain'>): ShownCount => ({
    state,
    n: c.failedAs[state],
    bad: c.failedAs[state] > 0,
  });
  return [
    { state: 'pending', n: c.pending + c.sending, bad: false },
    failed('held'),
    failed('refused'),
    failed('failed'),
    // Only when there are some: a change is set aside rarely (sent again after newer ones went), and the
    // Outbox's line of counts has no room for a sixth that reads 0 nearly always (one line at 1280 px).
    ...(c.failedAs.superseded > 0 ? [failed('superseded')] : []),
    { state: 'uncertain', n: c.uncertain + c.failedAs.uncertain, bad: false },
  ];
}
