import type { OutboxEntry } from '../outbox/entry.js';
import { plateLaneOf } from '../../shared/outbox/intent-meta.js';
import { ENTRY_BATCH_LIMIT } from './coalesce.js';
import { checkPlate, rememberPlate } from './plate-check.js';
import { sendCoalesced } from './send-coalesced.js';
import type { Withheld } from './superseded.js';
import type { TubeNames } from './tube-names.js';
import type { SendContext, StepResult } from './step-result.js';

/**
 * A batch of moves into one location (Assign location). When the location is a plate with well
 * changes still waiting (Well fill's, which wait for these moves: cross-target.ts), the moves change
 * the plate the plate check compares those changes with: without a word, they would wait as "Needs a
 * look" for a change this computer made. So the plate is checked as its own changes would be, before
 * the moves; if nothing else changed it, the plate as the moves leave it is this computer's own, as
 * after a write to its wells (rememberPlate). A plate changed elsewhere is left as read: its changes
 * still wait for a look.
 */
export async function sendMovesInto(
  ctx: SendContext,
  run: readonly OutboxEntry[],
  withheld: ReadonlyMap<number, Withheld>,
  names: TubeNames,
): Promise<StepResult> {
  const first = run[0]?.intent;
  const uuid = first?.type === 'location-assign' ? first.locationId : null;
  const target = uuid === null ? null : plateLaneOf({ uuid });
  const waiting = target === null ? [] : ctx.outbox.pendingOf(target, ENTRY_BATCH_LIMIT);
  if (uuid === null || target === null || waiting.length === 0)
    return sendCoalesced(ctx, 'assignments', run, withheld, names);
  const check = await checkPlate(ctx, target, waiting);
  const r = await sendCoalesced(ctx, 'assignments', run, withheld, names);
  if (check.kind === 'unchanged' && check.watched && run.some((e) => ctx.outbox.get(e.id)?.state === 'done'))
    await rememberPlate(ctx, target, { uuid });
  return r;
}
