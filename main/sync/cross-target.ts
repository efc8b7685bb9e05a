import type { Outbox } from '../outbox/outbox-store.js';
import type { OutboxEntry } from '../outbox/entry.js';
import { plateLaneOf } from '../../shared/outbox/intent-meta.js';
import type { IntentType } from '../../shared/outbox/intents.js';
import { askedOnceBy } from '../common/asked-once.js';
import { groupBy } from '../../shared/group-by.js';
import { positionKey } from '../../shared/layout/positions.js';
import { ONLY_AS_QUEUED, tubeKey, type TubeNames } from './tube-names.js';

/** Every name of every tube the entries move (a tube queued by its barcode is its sample ID too). */
export function namesOfTubes(entries: readonly OutboxEntry[], names: TubeNames): string[] {
  const out = new Set<string>();
  for (const e of entries)
    if (e.intent.type === 'location-assign') for (const n of names(e.intent.labsheet, e.intent.id)) out.add(n);
  return [...out];
}

/**
 * Assignments are coalesced per location, but one tube can be moved between locations: A, then B,
 * then A again. Sending location A's batch (both A's) before B's would leave the tube in B. So an
 * assignment waits for an older pending assignment of its tube to a different location; that older
 * one is sent first (its target becomes the oldest) and order holds, even while that one's lane is set
 * aside after a failure: this lane then waits for it.
 *
 * For a run of one place's moves (oldest first): the older pending move of an entry's tube to another
 * place, which it waits for, or null. One read for the whole run.
 */
function olderMoveOfTube(
  outbox: Outbox,
  target: string,
  run: readonly OutboxEntry[],
  names: TubeNames,
): (e: OutboxEntry) => OutboxEntry | null {
  const last = run[run.length - 1];
  const elsewhere = last ? outbox.pendingElsewhere(target, last.id, namesOfTubes(run, names)) : [];
  const firstElsewhere = new Map<string, OutboxEntry>();
  for (const e of elsewhere) {
    if (e.intent.type !== 'location-assign') continue;
    const key = tubeKey(names, e.intent.labsheet, e.intent.id);
    if (!firstElsewhere.has(key)) firstElsewhere.set(key, e);
  }
  return (e) => {
    if (e.intent.type !== 'location-assign') return null;
    const earlier = firstElsewhere.get(tubeKey(names, e.intent.labsheet, e.intent.id));
    return earlier !== undefined && earlier.id < e.id ? earlier : null;
  };
}

/** A tube main's saved copy of a plate or box lists in one of its positions. */
export interface ListedTube {
  position: string;
  /** '' when the service did not say. */
  labsheet: string;
  id: string;
}

/**
 * The tubes main's saved copy of a plate or box (by uuid) lists in its positions: the read cache's, from
 * the store only, as the sync engine asks while it sends. None without it.
 */
export type ListedTubes = (locationId: string) => readonly ListedTube[];
export const NONE_LISTED: ListedTubes = () => [];

/** The tube an assignment moves, one key whichever of its names it was queued under ('' for others). */
function tubeOf(names: TubeNames, e: OutboxEntry): string {
  return e.intent.type === 'location-assign' ? tubeKey(names, e.intent.labsheet, e.intent.id) : '';
}

/** The position a move takes its tube out of, when the page saw it in one (its `from`), else null. */
function leftAt(e: OutboxEntry, location: string): string | null {
  const i = e.intent;
  return i.type === 'location-assign' && i.from?.locationId === location ? positionKey(i.from.position) : null;
}

/** Where an assignment puts its tube: the location and, when it gives one, the position. */
function placeOf(e: OutboxEntry): { location: string; at: string | null } | null {
  const i = e.intent;
  if (i.type !== 'location-assign') return null;
  return { location: i.locationId, at: i.position === undefined ? null : positionKey(i.position) };
}

/**
 * The service checks an assign-location against the box as it was before the request: a tube into a
 * position still holding another tube is refused, even when the same request (or one sent just
 * before it) moves that tube away. So a move into a position waits for the pending move that empties
 * it: the next move, to any other place, of a tube this computer put there, made after it was put
 * there and before this one. Once that move was sent (or may have been), the position is free: a later
 * pending move of the same tube starts from where that one took it and holds nothing here.
 * In its own lane the batch stops before it, so the move out goes first, in a request of its own; in
 * another lane (another box, or another idType) this lane waits for that one, as for a tube's older move.
 * A tube this computer did not put there (another bench's, known to the page from the service's record)
 * is known by the move itself when the page saw it leave: its `from`. A pending move with that `from`
 * empties the position just the same. What the page saw when the user moved the tube is a fact of that
 * entry, fixed when it was queued, so it comes first.
 *
 * Neither knows a tube another bench put there that this computer then moved on from another screen
 * (scanned into a plate while the box was not open): the move has no `from`, and no placement here put
 * the tube in the box. The page knows it from main's copy of the box (its wells list the tube, and this
 * move takes it away: movedAway), and frees the position; so the rule knows it from that copy too
 * (`listed`): a pending move of the tube the copy lists in the position, older than the entry, to any
 * other place, empties it. Sent first, the refill was refused (the box still held that tube) and stayed
 * failed after the move went. The copy is read again (or pruned) at any time, but a wait it gives is
 * only ever for an older pending move: a copy out of date at worst makes a move wait for one it did not
 * need to, never in a circle, and nothing goes out of order.
 *
 * For a run of one location's moves (oldest first): the oldest pending move that empties an entry's
 * position (the rules above), or null. Each way of knowing it, the older move of the tube this computer
 * put there, the move that says it leaves the position (its `from`) and the move of the tube the saved
 * copy lists there; the oldest is waited for.
 */
function olderMoveOutOf(
  outbox: Outbox,
  target: string,
  run: readonly OutboxEntry[],
  names: TubeNames,
  listed: ListedTubes,
): (e: OutboxEntry) => OutboxEntry | null {
  const first = run[0]?.intent;
  const last = run[run.length - 1];
  if (first?.type !== 'location-assign' || !last) return () => null;
  const positions = new Set(run.map((e) => placeOf(e)?.at));
  const rules = [
    olderMoveOfPlaced(outbox, target, run, names, first.locationId, positions),
    olderMoveLeaving(outbox, last.id, names, first.locationId, positions),
    olderMoveOfListed(outbox, target, run, names, listed, first.locationId, positions),
  ];
  return (e) => {
    let oldest: OutboxEntry | null = null;
    for (const rule of rules) {
      const m = rule(e);
      if (m !== null && (oldest === null || m.id < oldest.id)) oldest = m;
    }
    return oldest;
  };
}

/**
 * The rule for a tube main's saved copy of the location lists in an entry's position: one read of the
 * copy and one of the pending moves of the tubes it lists at the run's positions, for the whole run.
 * A tube listed without its labsheet is looked for among the run's.
 */
function olderMoveOfListed(
  outbox: Outbox,
  target: string,
  run: readonly OutboxEntry[],
  names: TubeNames,
  listed: ListedTubes,
  location: string,
  positions: ReadonlySet<string | null | undefined>,
): (e: OutboxEntry) => OutboxEntry | null {
  const last = run[run.length - 1];
  if (!last) return () => null;
  const labsheets = [...new Set(run.flatMap((e) => (e.intent.type === 'location-assign' ? [e.intent.labsheet] : [])))];
  // Per position, the tube listed there: its labsheets and every name it goes by (compared without case:
  // the copy may spell it otherwise than the scan it was queued by).
  const there = new Map<string, { labsheets: readonly string[]; names: ReadonlySet<string> }>();
  const asked = new Set<string>();
  for (const t of listed(location)) {
    const at = positionKey(t.position);
    if (!positions.has(at)) continue;
    const of = t.labsheet === '' ? labsheets : [t.labsheet];
    const known = of.flatMap((labsheet) => [...names(labsheet, t.id), t.id]);
    for (const n of known) asked.add(n);
    there.set(at, { labsheets: of, names: new Set(known.map((n) => n.toUpperCase())) });
  }
  if (there.size === 0) return () => null;
  const moves = [...outbox.pendingElsewhere(target, last.id, [...asked]), ...run];
  const isListed = (m: OutboxEntry, t: { labsheets: readonly string[]; names: ReadonlySet<string> }) =>
    m.intent.type === 'location-assign' &&
    t.labsheets.includes(m.intent.labsheet) &&
    t.names.has(m.intent.id.toUpperCase());
  return (e) => {
    const into = placeOf(e);
    if (into?.at == null) return null;
    const t = there.get(into.at);
    // The entry's own tube listed there already: nothing is emptied for it.
    if (!t || isListed(e, t)) return null;
    let oldest: OutboxEntry | null = null;
    for (const m of moves) {
      const to = placeOf(m);
      const out = m.id < e.id && isListed(m, t) && (to?.location !== into.location || to.at !== into.at);
      if (out && (oldest === null || m.id < oldest.id)) oldest = m;
    }
    return oldest;
  };
}

/**
 * The oldest pending move older than an entry that says it takes another tube out of the entry's
 * position (its `from`), in any lane, the run's own included. One read of the pending moves out of the
 * location for the whole run.
 */
function olderMoveLeaving(
  outbox: Outbox,
  beforeId: number,
  names: TubeNames,
  location: string,
  positions: ReadonlySet<string | null | undefined>,
): (e: OutboxEntry) => OutboxEntry | null {
  // Older than the run's last entry: a move the run waits for is older than the entry that waits.
  const moves = outbox.pendingMovesOutOf(location, beforeId).filter((m) => {
    const at = leftAt(m, location);
    return at !== null && positions.has(at);
  });
  if (moves.length === 0) return () => null;
  return (e) => {
    const into = placeOf(e);
    if (into?.at == null) return null;
    // Oldest first: the first that fits is the one to wait for. A move back into the position it
    // leaves (nothing moves) and a move of the entry's own tube hold nothing.
    return (
      moves.find((m) => {
        const to = placeOf(m);
        return (
          m.id < e.id &&
          leftAt(m, location) === into.at &&
          tubeOf(names, m) !== tubeOf(names, e) &&
          (to?.location !== into.location || to.at !== into.at)
        );
      }) ?? null
    );
  };
}

/**
 * The rule for tubes this computer put there: one read of what may hold the location's positions
 * (never its whole history: a tube this computer sent on from there is not read) and one of the
 * pending moves elsewhere of the tubes at the run's positions, for the whole run.
 */
function olderMoveOfPlaced(
  outbox: Outbox,
  target: string,
  run: readonly OutboxEntry[],
  names: TubeNames,
  location: string,
  positions: ReadonlySet<string | null | undefined>,
): (e: OutboxEntry) => OutboxEntry | null {
  const last = run[run.length - 1];
  if (!last) return () => null;
  const key = (e: OutboxEntry) => tubeOf(names, e);
  const placed = stillPlaced(
    outbox,
    outbox.assignmentsMayHold(location, last.id).filter((p) => {
      const at = placeOf(p)?.at;
      return at != null && positions.has(at);
    }),
    names,
  );
  if (placed.length === 0) return () => null;
  // Each placement by its position and each move by its tube, read once: a rack's run of 1,248 moves
  // compared every entry with every placement (and parsed its position each time).
  const placedAt = groupBy(
    placed.map((p) => ({ p, tube: key(p) })),
    ({ p }) => placeOf(p)?.at ?? '',
  );
  const holders = new Set(placed.map(key));
  // The pending moves of those tubes: in this lane (the run) and in every other lane.
  const movesOf = groupBy(
    [...outbox.pendingElsewhere(target, last.id, namesOfTubes(placed, names)), ...run].flatMap((m) => {
      const tube = key(m);
      return holders.has(tube) ? [{ m, tube, to: placeOf(m) }] : [];
    }),
    ({ tube }) => tube,
  );
  return (e) => {
    const into = placeOf(e);
    if (into?.at == null) return null;
    const tube = key(e);
    let oldest: OutboxEntry | null = null;
    for (const { p, tube: held } of placedAt.get(into.at) ?? []) {
      if (p.id >= e.id || held === tube) continue;
      for (const { m, to } of movesOf.get(held) ?? []) {
        const out = m.id > p.id && m.id < e.id && (to?.location !== into.location || to.at !== into.at);
        if (out && (oldest === null || m.id < oldest.id)) oldest = m;
      }
    }
    return oldest;
  };
}

/**
 * The placements left once those whose tube was sent on since under another of its names are dropped:
 * the outbox left out those sent on under the name they were queued by, and matches names as queued
 * only. So a done placement read here was not sent on since, and its tube's next move, if any, is the
 * pending one that empties the position. One read, of one entry at most per name asked about.
 */
function stillPlaced(outbox: Outbox, placed: OutboxEntry[], names: TubeNames): OutboxEntry[] {
  const asked: { labsheet: string; id: string; afterId: number }[] = [];
  for (const p of placed) {
    const { intent: i, state } = p;
    if (state !== 'done' || i.type !== 'location-assign') continue;
    for (const id of names(i.labsheet, i.id)) if (id !== i.id) asked.push({ labsheet: i.labsheet, id, afterId: p.id });
  }
  if (asked.length === 0) return placed;
  const sentOn = outbox.firstSentAssignmentsAfter(asked);
  return placed.filter(
    (p) => p.state !== 'done' || !sentOn.some((s) => s.id > p.id && tubeOf(names, s) === tubeOf(names, p)),
  );
}

/** The well an entry changes (Well fill) or moves a tube into (Assign location), or null. */
function wellOf(e: OutboxEntry): { kind: 'change' | 'move'; at: string } | null {
  const i = e.intent;
  if (i.type === 'well-set' || i.type === 'well-remove') return { kind: 'change', at: positionKey(i.position) };
  if (i.type === 'location-assign' && i.position !== undefined) return { kind: 'move', at: positionKey(i.position) };
  return null;
}

/**
 * For `others` (a plate's moves, or its changes; oldest first): the older entry of the other screen
 * into an entry's well (a move for a change, a change for a move), which that entry waits for; or null.
 * The oldest into each well is kept, so a whole lane asks in one pass over each.
 */
function olderOtherInWell(others: readonly OutboxEntry[]): (entry: OutboxEntry) => OutboxEntry | null {
  const oldest = new Map<string, OutboxEntry>();
  for (const o of others) {
    const w = wellOf(o);
    const key = w && JSON.stringify([w.kind, w.at]);
    if (key !== null && !oldest.has(key)) oldest.set(key, o);
  }
  return (entry) => {
    const mine = wellOf(entry);
    const other = mine && oldest.get(JSON.stringify([mine.kind === 'change' ? 'move' : 'change', mine.at]));
    return other && other.id < entry.id ? other : null;
  };
}

/** The plate a well change is for, when it names it by uuid: a plate is a location by that uuid. */
function plateUuidOf(e: OutboxEntry): string | null {
  const i = e.intent;
  return (i.type === 'well-set' || i.type === 'well-remove') && 'uuid' in i.manifest ? i.manifest.uuid : null;
}

/**
 * A plate lane's well changes that newer moves into its wells wait for: per well, the oldest pending
 * one or one held for a look (the plate changed elsewhere) until the user sends it anyway or discards
 * it. A held change is only waiting for the user: a newer move sent before it would be refused, or
 * undone by it, or make "Send anyway" fail it as superseded (superseded.ts), so it holds the move as a
 * pending one does. A change the service refused holds nothing: it never happened.
 */
export type WellChangesOf = (lane: string) => readonly OutboxEntry[];

/**
 * For an Outbox listing: each plate's read once (many moves into one plate ask about them). One entry
 * at most per well, so the read is bounded by the plate's size, not by how much is queued for it.
 */
export function wellChangesOnce(outbox: Outbox): WellChangesOf {
  return askedOnceBy(
    (lane: string) => outbox.wellChangesAhead(lane),
    (lane) => lane,
  );
}

/** The kinds of entry the rules here can hold: a lane of any other kind waits for none of them. */
export const HELD_BY_RULES: ReadonlySet<IntentType> = new Set(['location-assign', 'well-set', 'well-remove']);

/** The first entry of a run that waits by a rule here, the entry it waits for, and by which rule. */
export interface RuleWait {
  entry: OutboxEntry;
  on: OutboxEntry;
  rule: 'tube-moved-before' | 'move-into-well' | 'well-changed-before' | 'moved-out-before';
}

/**
 * For a run of a plate's well changes: the older pending move of a tube into an entry's well, which it
 * waits for, or null. Assign location moves a tube into a plate's well in its location's lane; Well fill
 * changes the same well in the plate's lane. A removal (or a new sample) sent before the move would be
 * undone by it: the move puts the tube back. So the change goes once that move was sent (a move the
 * service refused, or one the user discarded, holds nothing).
 */
function olderMoveIntoWell(outbox: Outbox, run: readonly OutboxEntry[]): (e: OutboxEntry) => RuleWait | null {
  const first = run[0];
  const last = run[run.length - 1];
  const plate = first ? plateUuidOf(first) : null;
  if (!plate || !last) return () => null;
  const older = olderOtherInWell(outbox.pendingAssignmentsInto(plate, last.id));
  return (entry) => {
    const on = older(entry);
    return on && { entry, on, rule: 'move-into-well' };
  };
}

/**
 * For a run of one location's moves: what an entry waits for by the rules of a tube's moves, or null.
 * Its tube's older move elsewhere, the move that empties its position, and, the other way round from
 * olderMoveIntoWell, an older change of its well on Well fill: sent before that change, the move is
 * refused (the well still holds the old tube) or undone by it (the change lands over the new tube); one
 * held for a look holds it too, until sent anyway (it then goes first) or discarded. Every wait is for
 * an older entry, so none waits in a circle.
 */
function olderForMove(
  outbox: Outbox,
  run: readonly OutboxEntry[],
  names: TubeNames,
  changesOf: WellChangesOf,
  listed: ListedTubes,
): (e: OutboxEntry) => RuleWait | null {
  const first = run[0];
  if (first?.intent.type !== 'location-assign') return () => null;
  const elsewhere = olderMoveOfTube(outbox, first.target, run, names);
  const movedOut = olderMoveOutOf(outbox, first.target, run, names, listed);
  const changed = olderOtherInWell(changesOf(plateLaneOf({ uuid: first.intent.locationId })));
  return (entry) => {
    const tube = elsewhere(entry);
    if (tube) return { entry, on: tube, rule: 'tube-moved-before' };
    const out = movedOut(entry);
    if (out) return { entry, on: out, rule: 'moved-out-before' };
    const change = changed(entry);
    return change && { entry, on: change, rule: 'well-changed-before' };
  };
}

/**
 * The one answer to "which entry of this run waits, and for what": the sync engine sends `run` up to,
 * not including, `wait.entry`, and the Outbox says why that one and every later one of its lane waits.
 * `run`: what one pass of the lane looks at (passWindow), oldest first. One read per rule for the run.
 * `listed`: what main's saved copy of a box lists in its positions (the read cache's listedTubes).
 */
export function heldByRules(
  outbox: Outbox,
  run: readonly OutboxEntry[],
  names: TubeNames = ONLY_AS_QUEUED,
  changesOf: WellChangesOf = (lane) => outbox.wellChangesAhead(lane),
  listed: ListedTubes = NONE_LISTED,
): { run: OutboxEntry[]; wait: RuleWait | null } {
  const waits =
    run[0]?.intent.type === 'location-assign'
      ? olderForMove(outbox, run, names, changesOf, listed)
      : olderMoveIntoWell(outbox, run);
  for (let n = 0; n < run.length; n++) {
    const wait = waits(run[n]!);
    if (wait) return { run: run.slice(0, n), wait };
  }
  return { run: [...run], wait: null };
}
