import type { IdType } from '../../../shared/api/primitives.js';
import { mayHappen, type QueuedItem } from '../../lib/outbox/follow-entry-sync.js';
import type { TubeRow } from '../../lib/samples/sample-index.js';
import {
  isTube,
  namesOf,
  type HeldFill,
  type HeldRemoval,
  type HeldTube,
  type ReservedPosition,
} from './box-holdings.js';
import { DECIDE_IN_OUTBOX, fillOf, type TubeAlreadyHere } from './held-words.js';

/** A tube of this visit, queued into the open location (its mark follows its outbox entry). */
export interface Assignment extends QueuedItem {
  id: string;
  idType: IdType;
  position: string | null;
  /** The position of the open box the page saw the tube in, which the move empties (a rack file's or a scan's move). */
  from?: string;
}

/** Where a tube is to go: what a scan or a rack file's read asks the outbox to queue. */
export type Placement = Pick<Assignment, 'id' | 'idType' | 'position' | 'from'>;

/**
 * The open box as this computer knows it: what it held as it was opened (box-holdings.ts) and this
 * visit's tubes, in the labsheet scanned into. AssignState holds these as its state; the questions
 * below are asked of it wherever a tube or a position is checked, by a scan or by a rack file.
 */
export interface BoxRecord {
  readonly occupied: readonly string[];
  readonly held: readonly HeldTube[];
  readonly removalsHeld: readonly HeldRemoval[];
  readonly fillsHeld: readonly HeldFill[];
  /** Wells kept for a control, a blank or a standard (BoxHoldings.controls): taken, and said as what they are. */
  readonly controls: readonly ReservedPosition[];
  readonly assignments: readonly Assignment[];
  readonly labsheet: string;
}

/**
 * This visit's tubes where they are, each at one position: less those that put nothing anywhere (refused,
 * failed before they left, cancelled or discarded in the Outbox), and less those a newer one of this visit
 * moved on, by the text scanned or out of their position (its `from`), sent or not. A tube moved twice
 * is where its newest move that did or may happen puts it; one that never happened moved nothing, so the
 * one before it stands (as Well fill's drawEntry draws a plate). `where: 'bench'` counts refused ones as
 * put where the user put them (unmadeButPut): the bench's box, not the record's.
 */
export function standing(box: BoxRecord, where: 'record' | 'bench' = 'record'): Assignment[] {
  if (where === 'record') return indexOf(box).record;
  const still = Object.isFrozen(box) ? indexOf(box) : null;
  return still ? (still.bench ??= standingNow(box, 'bench')) : standingNow(box, 'bench');
}

function standingNow(box: BoxRecord, where: 'record' | 'bench'): Assignment[] {
  const moved = new Set<string>();
  const left = new Set<string>();
  const stands: Assignment[] = [];
  for (const a of [...box.assignments].reverse()) {
    if (!mayHappen(a.sync) && !(where === 'bench' && unmadeButPut(a))) continue;
    const tube = a.id.toUpperCase();
    if (!moved.has(tube) && (a.position === null || !left.has(a.position))) stands.push(a);
    moved.add(tube);
    if (a.from) left.add(a.from);
  }
  return stands.reverse();
}

/**
 * What the record's questions read: its standing tubes, the positions it takes, and where each name and
 * position is last and first found among the standing tubes. Worked out once for a record held still
 * (heldStill), once a question for the live one.
 */
interface RecordIndex {
  record: Assignment[];
  bench?: Assignment[];
  taken: ReadonlySet<string>;
  /** Each standing tube's name in upper case → its last place in `record`. */
  lastNamed: ReadonlyMap<string, number>;
  /** Each position → the first standing tube at it. */
  firstAt: ReadonlyMap<string, Assignment>;
}
const stillIndexes = new WeakMap<BoxRecord, RecordIndex>();

/**
 * The record as it is now, held still for a run of questions none of which can change it (a rack file's
 * reads between the check's pauses: no news is heard while they run). Asked of it, each question reads
 * the record once for the run, not once a read: a rack file read again in the same visit asked where each
 * of its 1,248 tubes was by walking the visit's 1,248 tubes each time.
 */
export function heldStill<R extends object>(box: BoxRecord, rest: R): R & BoxRecord {
  const still: R & BoxRecord = {
    ...rest,
    occupied: [...box.occupied],
    held: [...box.held],
    removalsHeld: [...box.removalsHeld],
    fillsHeld: [...box.fillsHeld],
    controls: [...box.controls],
    // Their marks as they are now (a screen's items change in place as news comes).
    assignments: box.assignments.map((a) => ({ ...a })),
    labsheet: box.labsheet,
  };
  // Frozen, it is known held still (indexOf), and nothing can change it behind its index.
  Object.freeze(still);
  return still;
}

function indexOf(box: BoxRecord): RecordIndex {
  const known = stillIndexes.get(box);
  if (known) return known;
  const record = standingNow(box, 'record');
  const taken = new Set(box.occupied);
  const lastNamed = new Map<string, number>();
  const firstAt = new Map<string, Assignment>();
  record.forEach((a, k) => {
    lastNamed.set(a.id.toUpperCase(), k);
    if (a.position === null) return;
    taken.add(a.position);
    if (!firstAt.has(a.position)) firstAt.set(a.position, a);
  });
  const index: RecordIndex = { record, taken, lastNamed, firstAt };
  if (Object.isFrozen(box)) stillIndexes.set(box, index);
  return index;
}

/**
 * A tube of this visit the service refused, which the user put in its position all the same: it is there
 * until the user takes its entry out in the Outbox (discarded, so it puts nothing anywhere), moves it or
 * undoes it. (One that failed before it was sent frees its position, as the plate draws it.)
 */
const unmadeButPut = (a: Assignment): boolean => a.sync === 'refused';

/**
 * This visit's refused tubes (unmadeButPut) still in their position: no newer tube of this visit moved
 * them on or went in over them. The next tube must not go on top of them: given the refused tube's
 * position, it was queued into a slot that held a tube. `standing(box, 'bench')` is where the user put
 * this visit's tubes, whatever the service made of them.
 */
export function unmadeInPlace(box: BoxRecord): Assignment[] {
  const there = standing(box, 'bench');
  // A newer tube put in its position on purpose (its position scanned first) took its place. Newest first,
  // the positions a newer tube went to known as they are passed: a rack file's 1,248 tubes, all refused,
  // were each compared with every newer one.
  const putLater = new Set<string>();
  const inPlace: Assignment[] = [];
  for (const a of there.toReversed()) {
    if (a.position === null) continue;
    if (unmadeButPut(a) && !putLater.has(a.position)) inPlace.push(a);
    putLater.add(a.position);
  }
  return inPlace.reverse();
}

/**
 * The positions the box's record has a tube in: listed taken as it was opened, or holding a tube of this
 * visit (standing). For every position at once: asked position by position, a full rack of 1,248 read the
 * visit's 1,248 tubes for each, each time the next free position was sought (every rack file's save).
 */
export function takenPositions(box: BoxRecord): Set<string> {
  return new Set(indexOf(box).taken);
}

/**
 * Whether the next tube must not go to a position on its own: taken in the box's record (takenPositions),
 * held by a tube of this visit the service refused (it is still in it: unmadeInPlace), or held back by the
 * screen (`heldBack`: skipped this visit, a tube's whose answer was lost). Built once per choice: it is
 * asked of every position of the box.
 */
export function notOffered(box: BoxRecord, heldBack: Iterable<string>): (position: string) => boolean {
  const held = takenPositions(box);
  for (const a of unmadeInPlace(box)) if (a.position !== null) held.add(a.position);
  for (const p of heldBack) held.add(p);
  return (p) => held.has(p);
}

export function isTaken(box: BoxRecord, position: string): boolean {
  return indexOf(box).taken.has(position);
}

/**
 * Where the scanned tube already is in the open location, and under which name, whichever of its
 * names was scanned: put there this visit (and not refused), on an earlier one, by Well fill on this
 * computer, or as the service lists the box. `row` is the tube's row (lookUp). Moving a tube to another box is not
 * this: only the open location is looked at.
 */
export function whereIs(box: BoxRecord, code: string, row: TubeRow | null): TubeAlreadyHere | null {
  const names = namesOf(code, row);
  const here = lastStandingNamed(box, names);
  // The last record of it: a tube moved within the box is still listed where it was until read back.
  const found = here ?? box.held.findLast((h) => isTube(h, box.labsheet, names)) ?? null;
  if (!found) return null;
  return { position: found.position, as: found.id, held: heldChangeOf(box, found.position, names) };
}

/** The user's change held for a look that put the tube `names` at `position` (a fill), or takes it out (a removal). */
function heldChangeOf(box: BoxRecord, position: string | null, names: ReadonlySet<string>): TubeAlreadyHere['held'] {
  if (position === null) return null;
  if (box.fillsHeld.some((f) => f.position === position && names.has(f.sample.toUpperCase()))) return 'fill';
  const removal = box.removalsHeld.find((r) => r.position === position);
  return removal?.tube && names.has(removal.tube.toUpperCase()) ? 'removal' : null;
}

/** The newest standing tube of this visit under one of `names` (upper case), or null. */
function lastStandingNamed(box: BoxRecord, names: ReadonlySet<string>): Assignment | null {
  const { record, lastNamed } = indexOf(box);
  const at = Math.max(-1, ...[...names].map((n) => lastNamed.get(n) ?? -1));
  return at < 0 ? null : record[at]!;
}

/** The tube known to be at a position, or null (the position may still be taken). */
export function holderOf(box: BoxRecord, position: string): string | null {
  return indexOf(box).firstAt.get(position)?.id ?? box.held.find((e) => e.position === position)?.id ?? null;
}

/**
 * Why a tube cannot go to `position`, or null when it can: free, or its tube's removal is held for a
 * look (the tube waits for it). What a position scan and a rack file are refused with.
 */
export function takenBecause(box: BoxRecord, position: string): string | null {
  if (!isTaken(box, position) || removalHeldAt(box, position)) return null;
  const fill = box.fillsHeld.find((f) => f.position === position);
  if (fill) return `${position} holds your ${fillOf(fill)}, which needs a look in the Outbox (${DECIDE_IN_OUTBOX})`;
  const holder = holderOf(box, position);
  const control = holder ? undefined : box.controls.find((c) => c.position === position);
  if (control) return `${position} is a ${control.label} well, kept for it (the plate's layout)`;
  return `${position} is not empty${holder ? ` (${holder} is in it)` : ''}`;
}

/**
 * The held removal a tube scanned for `position` would wait for, or null. Only while no tube is
 * queued into the well yet: a second would be refused by the service once the first is in.
 */
export function removalHeldAt(box: BoxRecord, position: string): HeldRemoval | null {
  const r = box.removalsHeld.find((h) => h.position === position);
  return r && !movedInto(box, r) ? r : null;
}

/** The tube queued into a held removal's well after it, this visit or an earlier one. */
export function movedInto(box: BoxRecord, r: HeldRemoval): string | null {
  return standing(box).find((a) => a.position === r.position)?.id ?? r.movedIn;
}

/** Whether a tube of this visit waits to be sent behind a removal held for a look. */
export function waitsForLook(box: BoxRecord, a: Assignment): boolean {
  return a.sync === 'pending' && box.removalsHeld.some((r) => r.position === a.position);
}
