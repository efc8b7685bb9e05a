import type { OutboxEntry } from '../outbox/entry.js';
import { checkRows } from './row-check.js';
import { sendCoalesced } from './send-coalesced.js';
import type { SendContext, StepResult } from './step-result.js';
import type { Withheld } from './superseded.js';
import type { TubeNames } from './tube-names.js';

/**
 * A labsheet's row changes go only over the cells they were made on (row-check.ts): those whose rows were
 * changed elsewhere since wait for a look, the others go in one request as before. Offline, the check's
 * read waits like any send.
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
  // Only what is still pending after the read: a change cancelled meanwhile stays cancelled.
  const held = run.filter((e) => check.held.has(e.id) && ctx.outbox.get(e.id)?.state === 'pending');
  if (held.length > 0)
    ctx.outbox.settle(held.map((e) => ({ id: e.id, state: 'failed', error: check.held.get(e.id)! })));
  const rest = run.filter((e) => !check.held.has(e.id));
  if (rest.length === 0) return { kind: 'ok', requests: check.requests };
  const r = await sendCoalesced(ctx, 'rows', rest, withheld, names);
  return r.kind === 'waiting' ? r : { ...r, requests: r.requests + check.requests };
}
