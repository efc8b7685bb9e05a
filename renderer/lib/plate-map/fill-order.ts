import { positionsInOrder, type FillOrder, type Layout } from '../../../shared/layout/positions.js';
import { isReservingLabel } from '../../../shared/outbox/well-state.js';

/**
 * Where the next scanned sample goes: the first empty well at or after `from` in fill order,
 * wrapping round to the start so gaps left earlier are filled before the plate counts as full.
 * Null when every well is taken.
 */
export function nextEmptyWell(
  layout: Layout,
  order: FillOrder,
  isTaken: (position: string) => boolean,
  from?: string,
): string | null {
  const all = positionsInOrder(layout, order);
  const start = from ? Math.max(0, all.indexOf(from)) : 0;
  for (let i = 0; i < all.length; i++) {
    const p = all[(start + i) % all.length]!;
    if (!isTaken(p)) return p;
  }
  return null;
}

/**
 * Where the next sample goes in a fill the user started at `start` on a plate some of whose used wells
 * nobody here can place: the first empty well at or after `from` (or `start`, if `from` is before it) in
 * fill order, never going round to the start of the plate. Past the last well the wells are ones this
 * computer cannot see into, so null there: the fill stops and the user says where next.
 */
export function nextEmptyForward(
  layout: Layout,
  order: FillOrder,
  isTaken: (position: string) => boolean,
  start: string,
  from?: string,
): string | null {
  const all = positionsInOrder(layout, order);
  const first = Math.max(0, all.indexOf(start));
  const at = from ? all.indexOf(from) : -1;
  for (let i = Math.max(first, at); i < all.length; i++) if (!isTaken(all[i]!)) return all[i]!;
  return null;
}

/** Whether `position` is the last well in fill order: the well after it is the first (wellPast). */
export function isLastWell(layout: Layout, order: FillOrder, position: string): boolean {
  const all = positionsInOrder(layout, order);
  return all[all.length - 1] === position;
}

/** The well after `position` in fill order, the first one after the last: where a fill that passes it goes on. */
export function wellPast(layout: Layout, order: FillOrder, position: string): string {
  const all = positionsInOrder(layout, order);
  return all[(all.indexOf(position) + 1) % all.length]!;
}

/**
 * Wells the fill cursor passes over without a sample in them: controls, blanks and standards
 * (a label other than SAMPLE). On the demo QC plate, H11 and H12 hold the positive and negative
 * controls; the 95th and 96th tubes must not be put there. A position scan can still arm one.
 */
export function isReservedWell(w: { sample: string | null; label: string }): boolean {
  return w.sample === null && isReservingLabel(w.label);
}
