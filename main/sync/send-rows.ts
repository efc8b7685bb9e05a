import type { OutboxEntry } from '../outbox/entry.js';
import { countCheckReadFailed } from './check-read-failed.js';
import { checkRows, type RowCheck } from './row-check.js';
import { bySameChanges } from './row-change-sets.js';
import { sendCoalesced } from './send-coalesced.js';
import type { SendContext, StepResult } from './step-result.js';
import type { Withheld } from './superseded.js';
import type { TubeNames } from './tube-names.js';

/**
 * A labsheet's row changes go only over the cells they were made on (row-check.ts): those whose rows were
 * changed elsewhere since wait for a look, the others go after the one read, a request per set of rows
 * that set the same cells alike (row-change-sets.ts: the spec does not show how a service groups a
 * request's elements into rows). Offline, the check's read waits like any send; answered with a failure,
 * it is a failed try of the changes it checks. A request that does not go through stops the run: the
 * rest stay pending for the next pass.
 */
export async function sendRows(
  ctx: SendContext,
  run: readonly OutboxEntry[],
  withheld: ReadonlyMap<number, Withheld>,
  names: TubeNames,
): Promise<StepResult> {
  const check = await checkRows(ctx, run, withheld);
  if (check.kind === 'unreachable')
    return {
      kind: check.failure.action === 'pause' ? 'paused' : 'transient',
      failure: check.failure,
      requests: check.requests,
    };
  if (check.kind === 'failing') return checkFailed(ctx, check);
  // Only what is still pending after the read: a change cancelled meanwhile stays cancelled.
  const held = run.filter((e) => check.held.has(e.id) && ctx.outbox.get(e.id)?.state === 'pending');
  if (held.length > 0)
    ctx.outbox.settle(held.map((e) => ({ id: e.id, state: 'failed', error: check.held.get(e.id)! })));
  // On the service already, as read just now: done, saying so, with nothing sent.
  const there = run.filter((e) => check.already.has(e.id) && ctx.outbox.get(e.id)?.state === 'pending');
  if (there.length > 0)
    ctx.outbox.settle(there.map((e) => ({ id: e.id, state: 'done', result: { note: ALREADY_THERE } })));
  const rest = run.filter((e) => !check.held.has(e.id) && !check.already.has(e.id));
  let requests = check.requests;
  for (const group of bySameChanges(rest, withheld, names)) {
    const r = await sendCoalesced(ctx, 'rows', group, withheld, names);
    if (r.kind === 'waiting') return requests === 0 ? r : { kind: 'ok', requests };
    requests += r.requests;
    if (r.kind !== 'ok') return { ...r, requests };
  }
  return { kind: 'ok', requests };
}

/** Said of a row change found on the service before it was sent. */
export const ALREADY_THERE = 'Not sent: the row held these values on the service already (read just before sending).';

/** The check's read answered with a failure: a failed try of each change it checks (countCheckReadFailed). */
function checkFailed(ctx: SendContext, check: Extract<RowCheck, { kind: 'failing' }>): StepResult {
  const { failure, labsheet } = check;
  const readFailed = `reading the rows of ${labsheet} before sending (to see whether they were changed elsewhere) failed`;
  return countCheckReadFailed(ctx, check.checked, failure, readFailed) > 0
    ? { kind: 'transient', failure, requests: check.requests }
    : { kind: 'ok', requests: check.requests };
}
