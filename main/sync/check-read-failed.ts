import type { OutboxEntry, Settlement } from '../outbox/entry.js';
import { gaveUp, MAX_ANSWERED_FAILURES, triedMayHaveApplied, type Classified, type TriedError } from './classify.js';
import type { SendContext } from './step-result.js';
import { capitalised } from '../../shared/sentence-case.js';

/**
 * A read made before sending, to see whether another bench changed what the changes go over (a plate,
 * a labsheet's rows), that the service answered with a failure: one failed try of each change it was to
 * check, as a send's is (send-single.ts), so a read the service fails every time ends. A change that
 * reaches MAX_ANSWERED_FAILURES fails with the reason (`readFailed`: what read failed, in words); the
 * others wait out the backoff. The read changed nothing on the service: whether a change may be there
 * is only what its own earlier tries say (triedMayHaveApplied). Returns how many still wait.
 */
export function countCheckReadFailed(
  ctx: Pick<SendContext, 'outbox'>,
  checked: readonly OutboxEntry[],
  failure: Classified,
  readFailed: string,
): number {
  // As they are now: a change cancelled during the read stays cancelled, and the count is the stored one.
  const live = checked.map((e) => ctx.outbox.get(e.id)).filter((e): e is OutboxEntry => e?.state === 'pending');
  let waiting = 0;
  const settlements = live.map((e): Settlement => {
    const applied = triedMayHaveApplied(e);
    if (e.answeredFailures + 1 < MAX_ANSWERED_FAILURES) {
      waiting += 1;
      const error: TriedError = applied ? { ...failure.error, mayHaveApplied: true } : failure.error;
      return { id: e.id, state: 'pending', error, answered: true };
    }
    const g = gaveUp(failure, MAX_ANSWERED_FAILURES, applied);
    const message = applied ? `${capitalised(readFailed)}. ${g.message}` : `Not sent: ${readFailed}. ${g.message}`;
    return { id: e.id, state: 'failed', error: { ...g, message }, answered: true };
  });
  if (settlements.length > 0) ctx.outbox.settle(settlements);
  return waiting;
}
