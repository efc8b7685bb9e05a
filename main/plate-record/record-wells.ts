import type { CachedManifest } from '../../shared/ipc/channels/cache.js';
import { positionKey, positionsInOrder } from '../../shared/layout/positions.js';
import { applyWellIntent, type WellState } from '../../shared/outbox/well-state.js';

/** One well as the record states it: what it holds once the queue has landed, and when it was filled here. */
export interface RecordWell extends WellState {
  position: string;
  /** When this computer queued the sample that is in the well (ms), or null (filled elsewhere, or empty). */
  filledAt: number | null;
  /**
   * False when neither the service nor this computer says what the well holds (a service that lists no
   * wells, and a plate used at positions this computer did not place): sample and label are then blank,
   * and every file says "unknown", never "empty".
   */
  known: boolean;
}

/**
 * Why unknown wells are marked, not the filing refused: against a real service (which lists no wells)
 * a plate shared between benches is the usual case, and a scientist reading the record later needs
 * what this bench placed, with the rest plainly marked as not known here, more than no record at all;
 * the one thing the record must never do is call such a well empty.
 *
 * Whether a position this computer knows nothing about can be stated as empty. A service that lists
 * wells says so; otherwise only its count does: emptySpaces known, the layout known, and no used well
 * unaccounted for (`unplacedUsed` 0) means every other position is empty.
 */
function othersAreEmpty(m: CachedManifest, ownView: boolean): boolean {
  if (m.wellsFrom === 'service') return true;
  return ownView && m.basis.emptySpaces !== null && m.layoutFrom !== 'unknown' && m.unplacedUsed === 0;
}

/**
 * The plate as the record shows it: the service's wells with this computer's queued changes folded
 * in, oldest first, failed ones left out (they did not land); every position, row-major. `createdAt`
 * gives each entry's queue time (the "filled at" column). `ownView` false: the plate was changed
 * elsewhere since this computer's last write (record-view.ts), so neither its record of the wells nor
 * the count says anything, and only the changes still to land here are stated.
 */
export function recordWells(
  m: CachedManifest,
  createdAt: (entryId: number) => number | null,
  ownView = true,
): RecordWell[] {
  const wells = new Map<string, RecordWell>();
  const known = othersAreEmpty(m, ownView);
  for (const p of positionsInOrder(m, 'row-major'))
    wells.set(p, { position: p, sample: null, label: '', tags: [], filledAt: null, known });
  // Matched by one key per well: a service may list A01 or a1 for A1, and a change may name it so.
  for (const w of m.wellsFrom === 'service' || ownView ? m.wells : []) {
    const at = wells.get(positionKey(w.position));
    if (at) wells.set(at.position, { ...at, sample: w.sample, label: w.label, tags: w.tags, known: true });
  }
  for (const c of m.pending) {
    if (c.state === 'failed' || (c.intent.type !== 'well-set' && c.intent.type !== 'well-remove')) continue;
    const before = wells.get(positionKey(c.intent.position));
    if (!before) continue;
    const after = applyWellIntent(before, c.intent);
    const newSample = c.intent.type === 'well-set' && c.intent.sample !== undefined && c.intent.sample !== null;
    // A change placed here makes the well known when what it states is what matters: the sample it put
    // there, or the whole well emptied. Clearing only a sample of an unknown well leaves a possible
    // control label unknown, so that well stays unknown rather than "empty".
    const whole =
      c.intent.type === 'well-set'
        ? newSample || (c.intent.sample !== undefined && c.intent.label !== undefined)
        : new Set(c.intent.fields).size === 3;
    wells.set(before.position, {
      ...after,
      known: before.known || whole,
      position: before.position,
      filledAt: after.sample === null ? null : newSample ? createdAt(c.entryId) : before.filledAt,
    });
  }
  return [...wells.values()];
}
