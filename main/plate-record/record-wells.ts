import type { CachedManifest } from '../../shared/ipc/channels/cache.js';
import { positionKey, positionsInOrder } from '../../shared/layout/positions.js';
import { applyWellIntent, isReservingLabel, type WellState } from '../../shared/outbox/well-state.js';
import { isMoveInto, leaves, type HeldBy, type MoveInto } from './record-moves.js';
import { unknownUsed } from '../../shared/plate-map/unknown-used.js';
import type { PlacedHere } from './placed-here.js';

/** One well as the record states it: what it holds once the queue has landed, and when it was filled here. */
export interface RecordWell extends WellState {
  position: string;
  /**
   * When this computer queued the sample that is in the well (ms), whether the change is still on its way
   * or confirmed (while the outbox keeps it), or null (filled elsewhere, or empty).
   */
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
  // A copy saved earlier (the service out of reach) says how the plate was then: another bench may have
  // filled a well since, which the copy, its count and this computer's reading all still call empty.
  if (m.fromCache) return false;
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
  placed: ReadonlyMap<string, PlacedHere | null> = new Map(),
): RecordWell[] {
  const wells = new Map<string, RecordWell>();
  const known = othersAreEmpty(m, ownView);
  for (const p of positionsInOrder(m, 'row-major'))
    wells.set(p, { position: p, sample: null, label: '', tags: [], filledAt: null, known });
  // Matched by one key per well: a service may list A01 or a1 for A1, and a change may name it so.
  for (const w of m.wellsFrom === 'service' || ownView ? m.wells : []) {
    const at = wells.get(positionKey(w.position));
    // The saved copy of a service's wells calls a well empty as it was then, not now (othersAreEmpty);
    // this computer's own record of its writes (wellsFrom this-computer) states what it put there.
    const emptyThen = m.fromCache && m.wellsFrom === 'service' && w.sample === null && !isReservingLabel(w.label);
    if (at && !emptyThen)
      wells.set(at.position, { ...at, sample: w.sample, label: w.label, tags: w.tags, known: true });
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
  return [...wells.values()].map((w) =>
    w.filledAt === null ? { ...w, filledAt: filledHereAt(w, m, placed, createdAt) } : w,
  );
}

const sameTube = (a: string, b: string): boolean => a.toUpperCase() === b.toUpperCase();

/**
 * When this computer queued the tube a well shows, when its change is no longer on its way: the last
 * confirmed well change here that put that tube there (`placed`), or a confirmed move of it into that
 * well on Assign location; null when neither did (another bench filled it, or the outbox no longer keeps it).
 */
function filledHereAt(
  w: RecordWell,
  m: CachedManifest,
  placed: ReadonlyMap<string, PlacedHere | null>,
  createdAt: (entryId: number) => number | null,
): number | null {
  if (!w.known || w.sample === null) return null;
  const id = w.sample.id;
  const fill = placed.get(w.position);
  if (fill && sameTube(fill.sample, id)) return fill.at;
  const move = m.pending
    .filter(isMoveInto)
    .filter((c) => c.state === 'done' && positionKey(c.intent.position) === w.position)
    .filter((c) => [c.intent.id, ...(c.names ?? [])].some((n) => sameTube(n, id)))
    .at(-1);
  return move ? createdAt(move.entryId) : null;
}

/**
 * One move into the plate, as Well fill draws it (well-view.ts drawPlate): its tube leaves the wells it was
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
