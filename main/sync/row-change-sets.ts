import type { OutboxEntry } from '../outbox/entry.js';
import type { RowUpdateIntent } from '../../shared/outbox/intents.js';
import type { Withheld } from './superseded.js';
import { foldRows } from './coalesce.js';
import type { TubeNames } from './tube-names.js';

type RowEntry = OutboxEntry & { intent: RowUpdateIntent };

const isRowUpdate = (e: OutboxEntry): e is RowEntry => e.intent.type === 'row-update';

/**
 * A run of row changes cut into requests that are safe under any grouping the service may use.
 *
 * update-rows-by-id takes `rows` as single-key elements, one keyed by the ID column, and the spec does
 * not show how elements are grouped into rows. The sandbox (DESIGN.md) starts a new row at each ID
 * element; a service that reads the whole array as one row would give the first row every later row's
 * values and answer it updated: wrong data, said to be right. Rows that set the same cells to the same
 * values are safe together under any grouping (merged, each row still gets its own values), and that is
 * the batch a bench makes (one Status for a rack of tubes). So the rows of a run are grouped by the cells
 * they send, one request per group, in the order their first change was made. A row's changes fold
 * together first, as coalesceRows sends them (foldRows), so a row is never split.
 */
export function bySameChanges(
  run: readonly OutboxEntry[],
  withheld: ReadonlyMap<number, Withheld>,
  names: TubeNames,
): OutboxEntry[][] {
  const rowEntries = run.filter(isRowUpdate);
  const { rows, byKey } = foldRows(rowEntries, withheld, names);
  const entryOf = new Map(rowEntries.map((e) => [e.id, e]));
  const groups = new Map<string, number[]>();
  for (const [key, row] of rows) {
    const sent = JSON.stringify([...row.cells].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    groups.set(sent, [...(groups.get(sent) ?? []), ...(byKey.get(key) ?? [])]);
  }
  // Entries in the run's order within each group: the order of one row's changes is kept.
  const order = new Map(run.map((e, i) => [e.id, i]));
  return [...groups.values()].map((ids) =>
    ids.sort((a, b) => order.get(a)! - order.get(b)!).map((id) => entryOf.get(id)!),
  );
}
