import type { Outbox } from '../outbox/outbox-store.js';
import type { EntryError, OutboxEntry } from '../outbox/entry.js';
import { positionKey } from './coalesce.js';
import { namesOfTubes } from './cross-target.js';
import { ONLY_AS_QUEUED, tubeKey, type TubeNames } from './tube-names.js';

/** One thing an entry sets: a key equal for every entry that sets the same thing, and its name for people. */
interface Sets {
  key: string;
  what: string;
  /** For a row update: the column, so the cell can be left out of the request. */
  column?: string;
}

/**
 * What an entry sets: a well of a plate (`A01` and `a1` alike); where a tube is (a tube is in one
 * place, whatever location the entry names); or each cell of a row it changes, under whichever of
 * the row's names the entry was queued (tube-names.ts). update-rows-by-id
 * changes only the columns it is given (the spec: each element is one column and its new value), so
 * two updates of one row overlap only in the columns both name. The ID column is never sent
 * (coalesceRows), so it sets nothing. Empty for anything else.
 */
function setsOf(e: OutboxEntry, names: TubeNames): Sets[] {
  const i = e.intent;
  if (i.type === 'well-set' || i.type === 'well-remove')
    return [{ key: JSON.stringify(['well', e.target, positionKey(i.position)]), what: positionKey(i.position) }];
  if (i.type === 'location-assign')
    return [{ key: JSON.stringify(['tube', tubeKey(names, i.labsheet, i.id)]), what: `tube ${i.id}` }];
  if (i.type === 'row-update') {
    // One row whichever name it was queued under (its barcode, its sample ID); people read it by its ID.
    const row = tubeKey(names, i.labsheet, i.id);
    const id = names(i.labsheet, i.id)[0] ?? i.id;
    const called = id === i.id ? i.id : `${id} (${i.id})`;
    return Object.keys(i.changes)
      .filter((column) => column !== i.idColumn)
      .map((column) => ({ key: JSON.stringify(['cell', row, column]), what: `${column} of row ${called}`, column }));
  }
  return [];
}

/** Entries newer than the run's first that were sent (or may have been) and set what the run sets. */
function sentSince(outbox: Outbox, run: readonly OutboxEntry[], names: TubeNames): OutboxEntry[] {
  const first = run[0]!;
  if (first.intent.type === 'location-assign') return outbox.sentAssignmentsAfter(first.id, namesOfTubes(run, names));
  return outbox.sentAfter(first.target, first.id);
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

/**
 * A lane sends in order, but an entry can come back after newer ones went: "send anyway" on a held
 * plate, or a retry of an entry that failed. Sent now it would land last and undo the newer change to
 * the same well, tube or row cell (a scan made since, a move to another box, a field edited again, or
 * the undo of this very change). Such an entry fails with the reason instead; the user sees both and
 * can make the change again if the older value is really wanted. A row update of which only some
 * fields were changed again since is still sent, without those fields: dropping it whole would lose
 * the fields nothing newer covers.
 */
export function setAsideSuperseded(
  outbox: Outbox,
  run: OutboxEntry[],
  now: number,
  names: TubeNames = ONLY_AS_QUEUED,
): NotSuperseded {
  const none: NotSuperseded = { run, withheld: new Map() };
  if (run.length === 0) return none;
  const newer = sentSince(outbox, run, names);
  if (newer.length === 0) return none;
  const newerSets = newer.map((n) => ({ id: n.id, keys: new Set(setsOf(n, names).map((s) => s.key)) }));
  const keep: OutboxEntry[] = [];
  const withheld = new Map<number, Withheld>();
  const settle: { id: number; state: 'failed'; error: EntryError }[] = [];
  for (const e of run) {
    const sets = setsOf(e, names);
    const covered = sets
      .map((s) => ({ ...s, by: newerSets.find((n) => n.id > e.id && n.keys.has(s.key))?.id }))
      .filter((s): s is Sets & { by: number } => s.by !== undefined);
    if (covered.length === 0) {
      keep.push(e);
      continue;
    }
    const what = list(covered.map((c) => c.what));
    const by = entries([...new Set(covered.map((c) => c.by))].sort((a, b) => a - b));
    if (covered.length < sets.length) {
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
    const again = e.type === 'row-update' ? 'change the row again' : 'scan again';
    settle.push({
      id: e.id,
      state: 'failed',
      error: {
        kind: 'superseded',
        message:
          `Not sent: a newer change to ${what} (${by}) was sent after this one, and sending this ` +
          `now would undo it. Discard this one, or ${again} if it is the one you want.`,
        at: now,
      },
    });
  }
  if (settle.length > 0) outbox.settle(settle);
  return { run: keep, withheld };
}
