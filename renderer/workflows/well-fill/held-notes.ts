import type { WellView } from '../../lib/plate-map/well-view.js';

/*
 * A well whose change is held for a look (the plate changed on the service since it was read) is the
 * user's to decide in the Outbox. Well fill names it in these words wherever a scan meets one: when the
 * position is scanned, so the user knows before the tube comes, and when the tube comes.
 */

/** "A1 holds S-0001, your change that needs a look in the Outbox": the well's fill is held. */
export const heldFillIn = (position: string, sample: string): string =>
  `${position} holds ${sample}, your change that needs a look in the Outbox`;

/** "your removal of S-0005 there still needs a look in the Outbox": the well's removal is held. */
export const removalStillHeld = (tube: string): string =>
  `your removal of ${tube} there still needs a look in the Outbox`;

/**
 * The line for a scanned position: where the next tube goes and, when the user's own change there is
 * held, which. `removalHeld` is the tube whose removal is held (WellFillState.removalHeldAt).
 */
export function armedSaid(
  position: string,
  well: Pick<WellView, 'sample' | 'sync'> | undefined,
  removalHeld: string | null,
): string {
  const next = `Next tube goes to ${position}`;
  if (removalHeld) return `${next} — ${removalStillHeld(removalHeld)}`;
  if (well?.sync === 'held' && well.sample !== null)
    return `${next} — ${heldFillIn(position, well.sample)}; you will be asked before it is replaced`;
  // Said at the position scan, not only once the tube comes: the bench may have scanned the wrong well.
  if (well && well.sample !== null)
    return `${next} — ${position} holds ${well.sample}; you will be asked before it is replaced`;
  return next;
}
