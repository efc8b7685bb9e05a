import type { CachedManifest } from '../../shared/ipc/channels/cache.js';
import { positionKey, positionsInOrder } from '../../shared/layout/positions.js';
import { applyWellIntent, type WellState } from '../../shared/outbox/well-state.js';
import { isMoveInto, leaves, type HeldBy, type MoveInto } from './record-moves.js';
import { unknownUsed } from '../../shared/plate-map/unknown-used.js';

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
 * unaccounted for (unknownUsed 0: this computer's confirmed moves into the plate account for theirs)
 * means every other position is empty.
 */
function othersAreEmpty(m: CachedManifest, ownView: boolean): boolean {
  if (m.wellsFrom === 'service') return true;
  return ownView && m.basis.emptySpaces !== null && m.layoutFrom !== 'unknown' && unknownUsed(m) === 0;
}

/**
 * The plate as the record shows it: the service's wells with this computer's queued changes and its
 * moves into the plate on Assign location folded in, oldest first, as Well fill draws them; failed ones
 * left out (they did not land); every position, row-major. `createdAt` gives each entry's queue time
 * (the "filled at" column). `ownView` false: the plate was changed elsewhere since this computer's last
 * write (record-view.ts), so neither its record of the wells nor the count says anything, and only the
 * changes still to land here are stated.
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
  /** Who put each well's tube there: a move takes its tube out of the wells it leaves (record-moves.ts). */
  const by = new Map<string, HeldBy>();
  for (const w of wells.values()) if (w.sample) by.set(w.position, 'listing');
  for (const c of m.pending) {
    if (c.state === 'failed') continue;
    if (isMoveInto(c)) {
      // A move confirmed before a reading that no longer stands here says no more than that reading.
      if (ownView || m.wellsFrom === 'service' || c.state !== 'done' || c.updatedAt >= m.fetchedAt)
        foldMove(wells, by, c, createdAt);
      continue;
    }
    if (c.intent.type !== 'well-set' && c.intent.type !== 'well-remove') continue;
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
    if (after.sample === null) by.delete(before.position);
    else if (newSample && after.sample.id !== before.sample?.id) by.set(before.position, 'fill');
  }
  return [...wells.values()];
}

/**
 * One move into the plate, as Well fill draws it (well-view.ts overlay): its tube leaves the wells it was
 * in, and goes to its well unless the reading or an earlier change has a sample there (a confirmed move
 * is listed under the sample's ID; one still on its way to a taken well will be refused). What it leaves
 * keeps its label and tags, as the service keeps them.
 */
function foldMove(
  wells: Map<string, RecordWell>,
  by: Map<string, HeldBy>,
  move: MoveInto,
  createdAt: (entryId: number) => number | null,
): void {
  for (const w of wells.values()) {
    const held = by.get(w.position);
    if (!w.sample || !held || !leaves({ position: w.position, sample: w.sample, by: held }, move)) continue;
    wells.set(w.position, { ...w, sample: null, filledAt: null });
    by.delete(w.position);
  }
  const to = wells.get(positionKey(move.intent.position));
  if (!to || to.sample !== null) return;
  // Under its row's ID when main's saved rows know the tube (names, ID first), as the service lists it
  // once the move lands: a scanned barcode in the "sample id" column would name no sample.
  const id = move.names?.[0] ?? move.intent.id;
  wells.set(to.position, {
    ...to,
    sample: { id, labsheet: move.intent.labsheet },
    known: true,
    filledAt: createdAt(move.entryId),
  });
  by.set(to.position, 'assignment');
}
