import type { OutboxEntryState } from '../ipc/channels/outbox.js';
import type { LocationAssignIntent } from '../outbox/intents.js';

/**
 * How a move on Assign location takes its tube out of the wells of its box, one rule for each screen
 * that draws a box (Assign location's holdings, Well fill's plate), so both say a tube is in one place:
 * where its newest move that did or may happen (drawnDone) puts it. A move that never happened takes
 * nothing anywhere: the callers take a tube out by these only for a move drawn made.
 */

/** A standing move as main sends it with a box: its entry's state, and its tube's names (main's saved rows). */
export interface StandingMove {
  intent: LocationAssignIntent;
  state: OutboxEntryState;
  names?: readonly string[] | undefined;
}

/**
 * Who put the tube a well is drawn holding there: the service's listing (or main's copy of it), an
 * assignment from this computer, or a fill from this computer on Well fill.
 */
export type HeldBy = 'listing' | 'assignment' | 'fill';

/** A well drawn holding a tube: the name it is drawn under and its labsheet ('' or null when not named). */
export interface DrawnTube {
  position: string;
  id: string;
  labsheet: string | null;
  by: HeldBy;
}

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
export function fromWhileWaiting(move: StandingMove): string | null {
  return move.state !== 'done' ? fromInBox(move.intent) : null;
}

/**
 * Whether a move takes out the tube drawn at its `from` while it waits (`heldId`: the name that well
 * is drawn under). The page saw the move's tube there, but what it saw may have changed since: an
 * older move of the tube into that well refused because another bench's tube is there. A tube whose
 * names main knows (a saved row holds it) is told from another by them, and the other stays, as the
 * service keeps it. Without them a well may name the tube by a sample ID this computer does not know,
 * so whoever is drawn there goes: the move was queued from seeing it there.
 */
export function takesFrom(heldId: string, move: StandingMove): boolean {
  return !move.names || isTubeOf(heldId, move);
}

/** Whether `id` is a name of the move's tube: the one queued or any main knows, in any case. */
function isTubeOf(id: string, move: StandingMove): boolean {
  const upper = id.toUpperCase();
  return [move.intent.id, ...(move.names ?? [])].some((n) => n.toUpperCase() === upper);
}

/**
 * Whether a well drawn holding a tube no longer holds it once the move is made: the service keeps a row
 * in one location. A well this computer assigned the tube to, under any of its names. A well the listing
 * shows it in, under any of its names, while the move waits: main lists no more an older move this one
 * overtook, so nothing else says the tube leaves where the listing has it (the older move given up,
 * refused, or confirmed after the reading: the tube is there or where that move put it, and this one
 * takes it from either). Once confirmed, the wells read say where it is. A well only Well fill filled
 * keeps its sample: the service keeps a fill's sample when the row is assigned elsewhere
 * (main/sandbox/README.md).
 */
export function movedOn(held: DrawnTube, move: StandingMove): boolean {
  if (!isTubeOf(held.id, move)) return false;
  if (held.by === 'assignment') return held.labsheet === move.intent.labsheet;
  return (
    held.by === 'listing' &&
    move.state !== 'done' &&
    held.position !== move.intent.position &&
    (held.labsheet === move.intent.labsheet || !held.labsheet)
  );
}

/**
 * Whether a well the listing shows holding a tube no longer holds it once a move of that tube to another
 * location (main's `movedAway`: one that did or may happen, which the reading predates) is made: the tube
 * was taken out of this box. Only a listing: a well this computer filled on Well fill keeps its sample, as
 * the service keeps a fill's sample when the row is assigned elsewhere, and this computer's own
 * assignments into the box that a later move overtook are not sent with the box at all.
 */
export function movedElsewhere(held: DrawnTube, move: StandingMove): boolean {
  return held.by === 'listing' && isTubeOf(held.id, move) && (held.labsheet === move.intent.labsheet || !held.labsheet);
}
