import type { OutboxEntryState } from '../../../shared/ipc/channels/outbox.js';
import type { LocationAssignIntent } from '../../../shared/outbox/intents.js';

/**
 * How a move on Assign location takes its tube out of the wells of its box, one rule for each screen
 * that draws a box (Assign location's holdings, Well fill's plate), so both say a tube is in one place:
 * where its newest move that did or may happen (drawnDone) puts it. A move that never happened takes
 * nothing anywhere: the callers take a tube out by these only for a move drawn made.
 */

/**
 * The position of its own box the page saw a move's tube in, which the move leaves (a rack file's move
 * within the box), or null when it names none or names where the tube goes.
 */
export function fromInBox(move: LocationAssignIntent): string | null {
  const from = move.from?.locationId === move.locationId ? move.from.position : null;
  return from !== move.position ? from : null;
}

/**
 * The position of its own box a move empties while the service may still list the tube there: its
 * `from` (whoever put the tube there) until the move is confirmed. Once confirmed, the wells read say
 * what is there (main's copy of them takes a confirmed move's tube out of the wells it left,
 * main/cache/moved-tubes.ts).
 */
export function fromWhileWaiting(move: { intent: LocationAssignIntent; state: OutboxEntryState }): string | null {
  return move.state !== 'done' ? fromInBox(move.intent) : null;
}

/**
 * Whether a tube drawn in a position because this computer assigned it there is the one a newer move
 * moves on: the service keeps a row in one location, so that position no longer holds it. Known by the
 * name it was queued under, in the same labsheet, whatever the case the scanner sent.
 */
export function movedOn(
  held: { id: string | null; labsheet: string | null; assigned: boolean },
  move: LocationAssignIntent,
): boolean {
  return held.assigned && held.labsheet === move.labsheet && held.id?.toUpperCase() === move.id.toUpperCase();
}
