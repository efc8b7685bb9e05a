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
