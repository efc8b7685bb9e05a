import type { OutboxEntry } from '../outbox/entry.js';
import { plateLaneOf } from '../../shared/outbox/intent-meta.js';
import { readBeforeMoves, rememberPlate } from './plate-check.js';
import { readHere, type PlateNames } from './plate-names.js';
import { sendCoalesced } from './send-coalesced.js';
import type { Withheld } from './superseded.js';
import type { TubeNames } from './tube-names.js';
import type { SendContext, StepResult } from './step-result.js';

/**
 * A batch of moves into one location (Assign location). When the location is a plate Well fill may
 * change (its changes are waiting, this computer wrote to it, or a screen read it), the moves change the
 * plate the plate check compares those changes with: without a word, a change made on a reading from
 * before the moves would wait as "Needs a look" for a move this computer made. So the plate is read
 * before the moves and after them, and recorded as this computer's own from the first reading on
 * (plate-check.ts): a change whose reading agrees with the plate as it was before the moves goes; one
 * made before another bench changed the plate still waits for a look. Other locations, and plates
 * never read here, cost no reading: a reading of them taken later already shows the moves.
 */
export async function sendMovesInto(
  ctx: SendContext,
  run: readonly OutboxEntry[],
  withheld: ReadonlyMap<number, Withheld>,
  names: TubeNames,
  plates: PlateNames,
): Promise<StepResult> {
  const first = run[0]?.intent;
  const uuid = first?.type === 'location-assign' ? first.locationId : null;
  const target = uuid === null ? null : plateLaneOf({ uuid });
  const watched =
    uuid !== null &&
    target !== null &&
    (ctx.outbox.pendingHeadOf(target) !== null || ctx.outbox.plateSeen(target) !== null || readHere(plates, uuid));
  if (!watched) return sendCoalesced(ctx, 'assignments', run, withheld, names);
  const start = await readBeforeMoves(ctx, target, { uuid });
  const r = await sendCoalesced(ctx, 'assignments', run, withheld, names);
  if (start && run.some((e) => ctx.outbox.get(e.id)?.state === 'done'))
    await rememberPlate(ctx, target, { uuid }, start.before);
  return r;
}
