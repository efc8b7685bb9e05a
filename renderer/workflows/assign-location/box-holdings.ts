import type { CachedManifest } from '../../../shared/ipc/channels/cache.js';
import { isHeldForLook } from '../../../shared/ipc/channels/outbox.js';
import { drawnDone, markOf } from '../../lib/plate-map/well-view.js';
import {
  fromWhileWaiting,
  movedElsewhere,
  movedOn,
  takesFrom,
  type HeldBy,
} from '../../../shared/plate-map/moved-tube.js';
import type { TubeRow } from '../../lib/samples/sample-index.js';
import { isReservedWell } from '../../lib/plate-map/fill-order.js';
import { TubesByName } from '../../lib/plate-map/tubes-by-name.js';

/**
 * A tube in a position of the box as far as this computer knows, under the name it was recorded
 * with: the text scanned on Assign location (a barcode or a sample ID), or a well's sample ID (the
 * service's list, Well fill's changes).
 */
export interface HeldTube {
  id: string;
  /** '' when the service listed the well without naming the sample's labsheet. */
  labsheet: string;
  position: string;
  /** Put there by a location assignment from this computer: emptying the well on Well fill frees it. */
  assigned: boolean;
}

/**
 * A well emptied on Well fill whose removal is held for a look (the plate changed on the service since
 * it was read). Its tube is still there until the user sends the removal anyway, so the well stays
 * taken for the next tube; but a tube moved into it on purpose waits for the removal in the Outbox.
 */
export interface HeldRemoval {
  position: string;
  /** The tube being taken out, as this computer knows it; null when it does not know which. */
  tube: string | null;
  /** A tube this computer queued into the well after the removal (it waits for it), or null. */
  movedIn: string | null;
}

/**
 * A well filled on Well fill whose fill is held for a look. The sample may still go in when the user
 * sends it anyway, so the well is the user's: a tube moved there would wait behind the fill and then
 * be refused by the service (the well taken).
 */
export interface HeldFill {
  position: string;
  /** The sample's ID, as the fill names it. */
  sample: string;
}

export interface BoxHoldings {
  /** Positions the next tube must not go to. */
  occupied: string[];
  /** Oldest record first: a tube listed twice (moved within the box, the move not yet read back) is where its last entry says. */
  held: HeldTube[];
  removalsHeld: HeldRemoval[];
  fillsHeld: HeldFill[];
  /** Wells kept for a control, a blank or a standard (isReservedWell): no tube goes there, as on Well fill. */
  controls: ReservedPosition[];
}

/** A well a plate's layout keeps for a control, a blank or a standard, with that label. */
export interface ReservedPosition {
  position: string;
  label: string;
}

/**
 * What a box already holds, as main knows it: the wells the service lists (or this computer's record
 * of them) less the listed tubes this computer moved to other locations since, the well changes
 * waiting to be sent, and this computer's standing location assignments into it. The last matter most with a service that lists no wells: without them a box scanned again
 * starts over at A1 (409 later) and a tube already in it is "assigned" again, which moves it.
 */
export function boxHoldings(m: Pick<CachedManifest, 'wells' | 'pending' | 'movedAway'>): BoxHoldings {
  const occupied = new Set<string>();
  const byPosition = new TubesByName<HeldTube>((h) => h.id);
  const removalsHeld = new Map<string, HeldRemoval>();
  const fillsHeld = new Map<string, HeldFill>();
  /** Positions an assignment was drawn at over a tube listed there: taken still when that tube moves on. */
  const drawnOver = new Set<string>();
  /** Positions whose tube a fill from this computer put there: a move of that tube leaves it (movedOn). */
  const filled = new Set<string>();
  const byOf = (h: HeldTube): HeldBy => (h.assigned ? 'assignment' : filled.has(h.position) ? 'fill' : 'listing');
  const controls = new Map<string, string>();
  for (const w of m.wells) {
    if (!w.sample) {
      if (isReservedWell({ sample: null, label: w.label })) {
        controls.set(w.position, w.label);
        occupied.add(w.position);
      }
      continue;
    }
    occupied.add(w.position);
    byPosition.set(w.position, { ...w.sample, position: w.position, assigned: false });
  }
  // Oldest first, so a later entry wins: a well emptied on Well fill after a tube was assigned to it
  // is free again; a refused change never happened. One held for a look may still happen, so it is
  // drawn as waiting (a removed tube stays until it is sent; a filled sample takes the well as if it
  // were in); one failed otherwise or unsure may be on the service, so it counts as made, as the plate
  // draws it (drawnDone).
  const away = new Set(m.movedAway.map((p) => p.entryId));
  for (const p of [...m.pending, ...m.movedAway].sort((a, b) => a.entryId - b.entryId)) {
    const i = p.intent;
    if (away.has(p.entryId)) {
      // A listed tube taken out and moved to another location: its position is free for the next tube.
      if (i.type !== 'location-assign') continue;
      const move = { intent: i, state: p.state, names: p.names };
      for (const [at, e] of byPosition.holding(move))
        if (movedElsewhere({ ...e, by: byOf(e) }, move)) {
          byPosition.delete(at);
          occupied.delete(at);
        }
      continue;
    }
    if (isHeldForLook(p.state, p.error)) {
      if (i.type === 'well-remove' && i.fields.includes('SAMPLE'))
        removalsHeld.set(i.position, {
          position: i.position,
          tube: byPosition.get(i.position)?.id ?? null,
          movedIn: null,
        });
      if (i.type === 'well-set' && i.sample) {
        fillsHeld.set(i.position, { position: i.position, sample: i.sample.id });
        byPosition.set(i.position, { ...i.sample, position: i.position, assigned: false });
        filled.add(i.position);
        occupied.add(i.position);
      }
      continue;
    }
    // Drawn as the plate draws it (markOf): a change that never happened (refused, failed before it left) or
    // one set aside for a newer change takes nothing.
    const sync = markOf(p);
    if (sync === null || !drawnDone(sync)) continue;
    // A later change on Well fill says what the well holds next, whatever the held one does.
    if (i.type === 'well-set' || i.type === 'well-remove') {
      removalsHeld.delete(i.position);
      fillsHeld.delete(i.position);
      drawnOver.delete(i.position);
    }
    if (i.type === 'location-assign' && i.position) {
      // A move out of a position of the box not confirmed yet (fromWhileWaiting) empties it of its tube
      // (takesFrom): a tube queued into it is sent only after the move.
      const move = { intent: i, state: p.state, names: p.names };
      const from = fromWhileWaiting(move);
      const atFrom = from === null ? undefined : byPosition.get(from);
      if (from !== null && (!atFrom || takesFrom(atFrom.id, move))) {
        byPosition.delete(from);
        occupied.delete(from);
      }
      // A move into a well whose removal is held waits for that removal in the Outbox.
      const behind = removalsHeld.get(i.position);
      if (behind) behind.movedIn = i.id;
      // An assignment moves the tube (movedOn): it is no longer where this computer put it before, nor,
      // while it waits, where the service listed it, under any of its names. A position this computer
      // put it in is free again unless another tube is known to be there.
      for (const [at, e] of byPosition.holding(move))
        if (movedOn({ ...e, by: byOf(e) }, move)) {
          byPosition.delete(at);
          if (!drawnOver.has(at)) occupied.delete(at);
        }
      const there = byPosition.get(i.position);
      if (there && !there.assigned) drawnOver.add(i.position);
      else drawnOver.delete(i.position);
      // Set anew, not in place: `held` lists a box's tubes oldest record first, so where a tube was put
      // last is found last (a tube moved within the box is still listed where the service had it).
      byPosition.delete(i.position);
      byPosition.set(i.position, { id: i.id, labsheet: i.labsheet, position: i.position, assigned: true });
      filled.delete(i.position);
      occupied.add(i.position);
    } else if (i.type === 'well-set' && i.sample) {
      byPosition.delete(i.position);
      byPosition.set(i.position, { ...i.sample, position: i.position, assigned: false });
      filled.add(i.position);
      occupied.add(i.position);
    } else if (i.type === 'well-set' && i.label !== undefined && !byPosition.has(i.position)) {
      // A layout applied on Well fill labels wells with no tube: a control from then on, or none.
      if (isReservedWell({ sample: null, label: i.label })) {
        controls.set(i.position, i.label);
        occupied.add(i.position);
      } else if (controls.delete(i.position)) occupied.delete(i.position);
    } else if (i.type === 'well-remove' && i.fields.includes('LABEL') && !i.fields.includes('SAMPLE')) {
      if (controls.delete(i.position) && !byPosition.has(i.position)) occupied.delete(i.position);
    } else if (i.type === 'well-remove' && i.fields.includes('SAMPLE')) {
      const was = byPosition.get(i.position);
      byPosition.delete(i.position);
      filled.delete(i.position);
      // Only what this computer assigned is known to be gone; anything else may still be there.
      if (was?.assigned) occupied.delete(i.position);
    }
  }
  return {
    occupied: [...occupied],
    held: [...byPosition.values()],
    removalsHeld: [...removalsHeld.values()],
    fillsHeld: [...fillsHeld.values()],
    controls: [...controls].map(([position, label]) => ({ position, label })),
  };
}

/**
 * Every name a scanned tube goes by, upper-cased: the text as scanned and, when the labsheet has its
 * row, the row's ID and ID_BARCODE. A tube put in a box by its barcode is the same tube when its
 * sample ID is scanned, and a well lists it by its sample ID whichever was scanned.
 */
export function namesOf(scanned: string, row: TubeRow | null): Set<string> {
  const names = new Set([scanned.toUpperCase()]);
  if (row) names.add(row.id.toUpperCase());
  if (row?.barcode) names.add(row.barcode.toUpperCase());
  return names;
}

/** Whether a tube recorded in the box is the scanned one (`names` from namesOf), in the labsheet scanned into. */
export function isTube(h: { id: string; labsheet: string }, labsheet: string, names: ReadonlySet<string>): boolean {
  return (h.labsheet === labsheet || h.labsheet === '') && names.has(h.id.toUpperCase());
}
