import type { CachedManifest, PendingWellChange } from '../../shared/ipc/channels/cache.js';
import { positionKey } from '../../shared/layout/positions.js';
import { isUsedWell } from '../../shared/outbox/well-state.js';
import type { LocationAssignIntent } from '../../shared/outbox/intents.js';

/**
 * This computer's moves on Assign location into a plate, as its record states them. The screens draw
 * them by renderer/lib/plate-map/moved-tube.ts (and well-view.ts overlay, unknown-used.ts), which main
 * cannot import (main imports shared only); the rule here is that one, kept to the letter, so the record
 * states what Well fill showed. Were those moved to shared/, both would import one copy.
 */

/** A move into the plate, with the well it goes to. */
export type MoveInto = PendingWellChange & { intent: LocationAssignIntent & { position: string } };

export const isMoveInto = (c: PendingWellChange): c is MoveInto =>
  c.intent.type === 'location-assign' && c.intent.position !== undefined && c.intent.position !== '';

/** Who put the tube a well holds there: the reading, an assignment from this computer, or a fill from it. */
export type HeldBy = 'listing' | 'assignment' | 'fill';

/** A well holding a tube, as the fold has it. */
export interface HeldTube {
  position: string;
  sample: { id: string; labsheet: string };
  by: HeldBy;
}

/** Whether `id` is a name of the move's tube: the one queued or any main knows, in any case. */
function isTubeOf(id: string, move: MoveInto): boolean {
  const upper = id.toUpperCase();
  return [move.intent.id, ...(move.names ?? [])].some((n) => n.toUpperCase() === upper);
}

/**
 * The well of the plate the page saw the move's tube in, which the move empties while it waits (a move
 * within the plate): once confirmed, the reading says what is there. Null when it names none.
 */
function fromWhileWaiting(move: MoveInto): string | null {
  const from = move.intent.from;
  if (move.state === 'done' || from?.locationId !== move.intent.locationId) return null;
  return positionKey(from.position) !== positionKey(move.intent.position) ? positionKey(from.position) : null;
}

/**
 * Whether a well holding a tube no longer holds it once the move is made (moved-tube.ts movedOn, and
 * takesFrom for its `from`): the service keeps a row in one location. The well it leaves, holding its
 * tube (or, when main knows none of its names, whatever is there: the move was queued from seeing it
 * there); a well this computer assigned it to; a well the reading shows it in while the move waits. A
 * well only a fill from this computer put it in keeps its sample, as the service does.
 */
export function leaves(held: HeldTube, move: MoveInto): boolean {
  if (held.position === fromWhileWaiting(move) && (!move.names || isTubeOf(held.sample.id, move))) return true;
  if (!isTubeOf(held.sample.id, move)) return false;
  if (held.by === 'assignment') return held.sample.labsheet === move.intent.labsheet;
  return (
    held.by === 'listing' &&
    move.state !== 'done' &&
    held.position !== positionKey(move.intent.position) &&
    (held.sample.labsheet === move.intent.labsheet || !held.sample.labsheet)
  );
}

/**
 * Used wells nobody here can place (main's `unplacedUsed`), less those this computer's own moves explain
 * (unknown-used.ts unknownUsed): on a service that lists no wells the count includes the tubes Assign
 * location put there. Only a move the service confirmed before the plate was read is in its count. Null
 * when nobody can tell how many are used.
 */
export function unexplainedUsed(
  m: Pick<CachedManifest, 'unplacedUsed' | 'wells' | 'pending' | 'fetchedAt'>,
): number | null {
  if (m.unplacedUsed === null) return null;
  const shown = new Set(m.wells.filter((w) => isUsedWell(w)).map((w) => positionKey(w.position)));
  const ours = new Set<string>();
  for (const c of m.pending)
    if (isMoveInto(c) && c.state === 'done' && c.updatedAt <= m.fetchedAt && !shown.has(positionKey(c.intent.position)))
      ours.add(positionKey(c.intent.position));
  return Math.max(0, m.unplacedUsed - ours.size);
}
