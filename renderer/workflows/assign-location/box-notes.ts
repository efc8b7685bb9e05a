import { noCountSaid } from '../../../shared/plate-map/unknown-used.js';
import { queuedSaid } from '../../lib/outbox/follow-entry-sync.js';
import { movedInto, waitsForLook, type Assignment, type BoxRecord } from './box-record.js';
import { fillOf, removalOf } from './held-words.js';

/* The lines the screen shows about the open box, beside its tubes and under a scan refused there. */

/** One line per well whose removal or fill is held for a look: what waits for the user in the Outbox. */
export function heldNotes(box: BoxRecord): string[] {
  return [
    ...box.removalsHeld.map((r) => {
      const waiting = movedInto(box, r);
      return `${r.position}: your ${removalOf(r)} needs a look in the Outbox${waiting ? `; ${waiting} waits for it` : ''}`;
    }),
    ...box.fillsHeld.map((f) => `${f.position}: your ${fillOf(f)} needs a look in the Outbox`),
  ];
}

/**
 * A tube of this visit the service refused, still in its position (unmadeInPlace): the next tube goes
 * past it, and the note says how to free the position.
 */
export function unmadeSaid(a: Assignment): string {
  return (
    `${a.position}: ${a.id} is still in it as far as Benchlink knows, but the service refused it, so the next ` +
    `tube goes past ${a.position}. See why in the Outbox; once the tube is out of ${a.position}, discard it ` +
    'there to free the position'
  );
}

/** A tube whose queueing main may have saved though its answer was lost: its position is kept from the next tube. */
export interface Unconfirmed {
  id: string;
  position: string;
  /** The position was listed to rescan: listed again if the tube turns out not saved. */
  rescan: boolean;
  /** When it was held, in the order of such tubes (AssignState keeps the count). */
  at: number;
}

const NAMED_IN_A_NOTE = 6;

/** The note about the tubes whose answer was lost (one line, a rack file's too), or none. */
export function unconfirmedSaid(held: readonly Unconfirmed[]): string[] {
  const n = held.length;
  if (n === 0) return [];
  const named = held.slice(0, NAMED_IN_A_NOTE).map((u) => `${u.id} in ${u.position}`);
  if (n > NAMED_IN_A_NOTE) named.push(`and ${n - NAMED_IN_A_NOTE} more`);
  return [
    `${named.join(', ')}: Benchlink did not answer, so ${n === 1 ? 'it' : 'they'} may or may not have been saved. ` +
      `The next tube goes past ${n === 1 ? 'that position' : 'those positions'} until the box is read again; ` +
      `look in the Outbox before you scan ${n === 1 ? 'it' : 'them'} again`,
  ];
}

/** A tube's row in words: what became of its move. */
export function rowSaid(box: BoxRecord, a: Assignment): string {
  return waitsForLook(box, a) ? 'waits for your removal — see Outbox' : queuedSaid(a);
}

/** Why each tube needs its position scanned first: `unplaced` positions of the box are used, none knows which. */
export function positionNeededSaid(unplaced: number | null): string {
  const n = unplaced;
  if (n === null)
    return `Any position of this box may be used: ${noCountSaid('this box', { wells: 'positions' })}; scan the position (C5) before each tube`;
  return (
    `${n} position${n === 1 ? '' : 's'} of this box ${n === 1 ? 'was' : 'were'} filled elsewhere and the service does not say which: ` +
    'scan the position (C5) before each tube'
  );
}

/**
 * Tube `code` not put in `position`, found taken (`why`) as it was about to go there: what happened and
 * what to do. `listed` when the rack file listed the position to rescan; `next` is where the tube would
 * go now, or null when a position must be scanned.
 */
export function passedOverSaid(
  position: string,
  code: string,
  why: string,
  listed: boolean,
  next: string | null,
): string {
  const again = next ? `scan ${code} again to put it in ${next}` : 'scan a free position, then the tube again';
  return listed
    ? `NOT RECORDED: ${code} was not put in ${position}, which the rack file listed to rescan: ${why}. ` +
        `Check ${position} by eye (it is off the list to rescan); ${again}`
    : `NOT RECORDED: ${code} was not put in ${position}: ${why}. Scan another position, or ${again}`;
}

/** Why no tube goes into a box whose layout is not known, and what to do. */
export function layoutUnknownSaid(template: string): string {
  return `Say how a "${template}" is laid out first: the service does not say, so its positions are not known`;
}
