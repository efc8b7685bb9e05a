import type { PendingWellChange } from '../../shared/ipc/channels/cache.js';
import { fromWhileWaiting, movedOn, takesFrom, type HeldBy } from '../../shared/plate-map/moved-tube.js';
import type { LocationAssignIntent } from '../../shared/outbox/intents.js';

/**
 * This computer's moves on Assign location into a plate, as its record states them: by the rules the
 * screens draw them with (shared/plate-map/moved-tube.ts, unknown-used.ts), so the record states what Well
 * fill showed.
 */

/** A move into the plate, with the well it goes to. */
export type MoveInto = PendingWellChange & { intent: LocationAssignIntent & { position: string } };

export const isMoveInto = (c: PendingWellChange): c is MoveInto =>
  c.intent.type === 'location-assign' && c.intent.position !== undefined && c.intent.position !== '';

/** Who put the tube a well holds there: the reading, an assignment from this computer, or a fill from it. */
export type { HeldBy };

/** A well holding a tube, as the fold has it. */
export interface HeldTube {
  position: string;
  sample: { id: string; labsheet: string };
  by: HeldBy;
}

/**
 * Whether a well holding a tube no longer holds it once the move is made: the well its `from` empties
 * while it waits (takesFrom), or one its tube is drawn in (movedOn). A well only a fill from this
 * computer put it in keeps its sample, as the service does.
 */
export function leaves(held: HeldTube, move: MoveInto): boolean {
  const standing = { intent: move.intent, state: move.state, names: move.names };
  if (held.position === fromWhileWaiting(standing) && takesFrom(held.sample.id, standing)) return true;
  return movedOn(
    { position: held.position, id: held.sample.id, labsheet: held.sample.labsheet, by: held.by },
    standing,
  );
}
