import type { OutboxEntry } from '../outbox/entry.js';
import type { RowUpdateIntent } from '../../shared/outbox/intents.js';
import type { Withheld } from './superseded.js';
import { tubeKey, type TubeNames } from './tube-names.js';

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
 * together first (the later value of a cell wins, as coalesceRows sends it), so a row is never split.
 * The cells compared are those sent: not the row's name columns, nor a cell withheld (superseded.ts).
 */
export function bySameChanges(
  run: readonly OutboxEntry[],
  withheld: ReadonlyMap<number, Withheld>,
  names: TubeNames,
): OutboxEntry[][] {
  const rows = new Map<string, { entries: OutboxEntry[]; nameColumns: Set<string>; cells: Map<string, unknown> }>();
  for (const e of run) {
    if (!isRowUpdate(e)) continue;
    const key = tubeKey(names, e.intent.labsheet, e.intent.id);
    const row = rows.get(key) ?? { entries: [], nameColumns: new Set<string>(), cells: new Map<string, unknown>() };
    rows.set(key, row);
    row.entries.push(e);
    row.nameColumns.add(e.intent.idColumn);
  }
  const groups = new Map<string, OutboxEntry[]>();
  for (const row of rows.values()) {
    for (const e of row.entries as RowEntry[]) {
      const skip = withheld.get(e.id)?.columns;
      for (const [column, value] of Object.entries(e.intent.changes))
        if (!row.nameColumns.has(column) && !skip?.has(column)) row.cells.set(column, value);
    }
    const sent = JSON.stringify([...row.cells].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    groups.set(sent, [...(groups.get(sent) ?? []), ...row.entries]);
  }
  // Entries in the run's order within each group: the order of one row's changes is kept.
  const order = new Map(run.map((e, i) => [e.id, i]));
  return [...groups.values()].map((g) => g.sort((a, b) => order.get(a.id)! - order.get(b.id)!));
}
