import type { Outbox } from '../outbox/outbox-store.js';
import type { EntryError, OutboxEntry } from '../outbox/entry.js';
import { SUPERSEDED } from '../../shared/ipc/channels/outbox.js';
import { positionKey } from '../../shared/layout/positions.js';
import { namesOfTubes } from './cross-target.js';
import { ONLY_AS_NAMED, plateKey, plateLanes, plateName, platesAskedOnce, type PlateNames } from './plate-names.js';
import { ONLY_AS_QUEUED, tubeKey, type TubeNames } from './tube-names.js';

/** One thing an entry sets: a key equal for every entry that sets the same thing, and its name for people. */
interface Sets {
  key: string;
  what: string;
  /** For a row update: the column, so the cell can be left out of the request. */
  column?: string;
}

/** How the entries are named: a tube's (row's) names and a plate's. */
interface Names {
  tubes: TubeNames;
  plates: PlateNames;
}

/** Which tube is in a well of a plate: what a move into the well and a well change of its sample both set. */
const wellSample = (plate: string, position: string) => JSON.stringify(['well-sample', plate, positionKey(position)]);

/**
 * What an entry sets: a well of a plate (`A01` and `a1` alike, the plate by its uuid or its hrid
 * alike), and which tube is in it when the change sets the well's sample; where a tube is (a tube is
 * in one place, whatever location the entry names) and, for a move into a plate position, which tube
 * is in that well (Assign location and Well fill change the same well, each in its own lane); or each
 * cell of a row it changes, under whichever of the row's names the entry was queued (tube-names.ts).
 * update-rows-by-id changes only the columns it is given (the spec: each element is one column and its
 * new value), so two updates of one row overlap only in the columns both name. The ID column is never
 * sent (coalesceRows), so it sets nothing. Empty for anything else.
 */
function setsOf(e: OutboxEntry, { tubes, plates }: Names): Sets[] {
  const i = e.intent;
  if (i.type === 'well-set' || i.type === 'well-remove') {
    const at = positionKey(i.position);
    const plate = plateKey(plates, i.manifest);
    const what = `well ${at} of ${plateName(plates, i.manifest)}`;
    const sample = i.type === 'well-set' ? i.sample !== undefined : i.fields.includes('SAMPLE');
    return [
      { key: JSON.stringify(['well', plate, at]), what },
      ...(sample ? [{ key: wellSample(plate, at), what }] : []),
    ];
  }
  if (i.type === 'location-assign') {
    const tube = { key: JSON.stringify(['tube', tubeKey(tubes, i.labsheet, i.id)]), what: `tube ${i.id}` };
    if (i.position === undefined) return [tube];
    const at = positionKey(i.position);
    const what = `well ${at} of ${plateName(plates, { uuid: i.locationId })}`;
    return [tube, { key: wellSample(plateKey(plates, { uuid: i.locationId }), at), what }];
  }
  if (i.type === 'row-update') {
    // One row whichever name it was queued under (its barcode, its sample ID); people read it by its ID.
    const row = tubeKey(tubes, i.labsheet, i.id);
    const id = tubes(i.labsheet, i.id)[0] ?? i.id;
    const called = id === i.id ? i.id : `${id} (${i.id})`;
    return Object.keys(i.changes)
      .filter((column) => column !== i.idColumn)
      .map((column) => ({ key: JSON.stringify(['cell', row, column]), what: `${column} of row ${called}`, column }));
  }
  return [];
}

/**
 * Entries newer than the run's first that were sent (or may have been) and may set what the run sets:
 * for moves, later moves of the same tubes and later changes of the location's wells (a plate is a
 * location by its uuid); for a plate's changes, later changes of the plate under either of its names
 * and later moves into it.
 */
function sentSince(outbox: Outbox, run: readonly OutboxEntry[], { tubes, plates }: Names): OutboxEntry[] {
  const first = run[0]!;
  const i = first.intent;
  const found: OutboxEntry[] = [];
  if (i.type === 'location-assign') {
    found.push(...outbox.sentAssignmentsAfter(first.id, namesOfTubes(run, tubes)));
    if (run.some((e) => e.intent.type === 'location-assign' && e.intent.position !== undefined))
      for (const lane of plateLanes(plates, { uuid: i.locationId })) found.push(...outbox.sentAfter(lane, first.id));
  } else if (i.type === 'well-set' || i.type === 'well-remove') {
    for (const lane of new Set([first.target, ...plateLanes(plates, i.manifest)]))
      found.push(...outbox.sentAfter(lane, first.id));
    const uuid = plates(i.manifest).uuid;
    if (uuid !== null) found.push(...outbox.sentAssignmentsInto(uuid, first.id));
  } else return outbox.sentAfter(first.target, first.id);
  const byId = new Map(found.map((e) => [e.id, e]));
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * Cells of a row update left out of the request because a newer change to each went first; `note`
 * says so on the entry once it is done (Outbox shows it).
 */
export interface Withheld {
  columns: ReadonlySet<string>;
  note: string;
}

export interface NotSuperseded {
  /** The entries that may go, in order. */
  run: OutboxEntry[];
  /** Per entry id: the cells of a row update that must not be sent (a newer value is on the service). */
  withheld: ReadonlyMap<number, Withheld>;
}

const list = (xs: readonly string[]) =>
  xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]!}`;
const entries = (ids: readonly number[]) =>
  ids.length === 1 ? `entry #${ids[0]!}` : `entries ${ids.map((id) => `#${id}`).join(', ')}`;

/** A move (Assign location) and a well change (Well fill) of the same well: the user made them on two screens. */
const isMove = (e: Pick<OutboxEntry, 'type'>) => e.type === 'location-assign';
const isWellChange = (e: Pick<OutboxEntry, 'type'>) => e.type === 'well-set' || e.type === 'well-remove';

/** Why `e` is not sent, for the Outbox: what was changed since, by which entries, and what to do. */
function supersededMessage(e: OutboxEntry, covered: readonly (Sets & { by: OutboxEntry })[]): string {
  const ids = (cs: readonly { by: OutboxEntry }[]) =>
    entries([...new Set(cs.map((c) => c.by.id))].sort((a, b) => a - b));
  const whats = (cs: readonly Sets[]) => list([...new Set(cs.map((c) => c.what))]);
  const wellChanges = covered.filter((c) => isMove(e) && isWellChange(c.by));
  if (wellChanges.length > 0)
    return (
      `Not sent: ${whats(wellChanges)} was changed on Well fill after this move (${ids(wellChanges)}, already ` +
      'sent), and sending this now would undo that. Discard this one, or scan the tube into the well again if ' +
      'it is the one you want.'
    );
  const moves = covered.filter((c) => isWellChange(e) && isMove(c.by));
  if (moves.length > 0)
    return (
      `Not sent: a tube was put in ${whats(moves)} on Assign location after this change (${ids(moves)}, already ` +
      'sent), and sending this now would undo that. Discard this one, or make the change on Well fill again if ' +
      'it is the one you want.'
    );
  const again = e.type === 'row-update' ? 'change the row again' : 'scan again';
  return (
    `Not sent: a newer change to ${whats(covered)} (${ids(covered)}) was sent after this one, and sending this ` +
    `now would undo it. Discard this one, or ${again} if it is the one you want.`
  );
}

/**
 * A lane sends in order, but an entry can come back after newer ones went: "send anyway" on a held
 * plate, or a retry of an entry that failed. Sent now it would land last and undo the newer change to
 * the same well, tube or row cell (a scan made since, a move to another box, a tube taken out of a
 * well on Well fill after a move into it on Assign location, a field edited again, or the undo of this
 * very change). Such an entry fails with the reason instead; the user sees both and can make the
 * change again if the older value is really wanted. A row update of which only some fields were
 * changed again since is still sent, without those fields: dropping it whole would lose the fields
 * nothing newer covers.
 */
export function setAsideSuperseded(
  outbox: Outbox,
  run: OutboxEntry[],
  now: number,
  tubes: TubeNames = ONLY_AS_QUEUED,
  plates: PlateNames = ONLY_AS_NAMED,
): NotSuperseded {
  const none: NotSuperseded = { run, withheld: new Map() };
  if (run.length === 0) return none;
  const names: Names = { tubes, plates: platesAskedOnce(plates) };
  const newer = sentSince(outbox, run, names);
  if (newer.length === 0) return none;
  const newerSets = newer.map((n) => ({ entry: n, keys: new Set(setsOf(n, names).map((s) => s.key)) }));
  const keep: OutboxEntry[] = [];
  const withheld = new Map<number, Withheld>();
  const settle: { id: number; state: 'failed'; error: EntryError }[] = [];
  for (const e of run) {
    const sets = setsOf(e, names);
    const covered = sets
      .map((s) => ({ ...s, by: newerSets.find((n) => n.entry.id > e.id && n.keys.has(s.key))?.entry }))
      .filter((s): s is Sets & { by: OutboxEntry } => s.by !== undefined);
    if (covered.length === 0) {
      keep.push(e);
      continue;
    }
    // Only a row update is sent in part: a move or a well change is one thing, undone whole.
    if (e.type === 'row-update' && covered.length < sets.length) {
      const what = list(covered.map((c) => c.what));
      const by = entries([...new Set(covered.map((c) => c.by.id))].sort((a, b) => a - b));
      const sent = sets.filter((s) => !covered.some((c) => c.key === s.key)).map((s) => s.column ?? s.what);
      keep.push(e);
      withheld.set(e.id, {
        columns: new Set(covered.map((c) => c.column ?? c.what)),
        note:
          `Sent ${list(sent)} only: ${what} had been changed again since (${by}, already sent), ` +
          'so the newer value was kept.',
      });
      continue;
    }
    settle.push({
      id: e.id,
      state: 'failed',
      error: { kind: SUPERSEDED, message: supersededMessage(e, covered), at: now },
    });
  }
  if (settle.length > 0) outbox.settle(settle);
  return { run: keep, withheld };
}
