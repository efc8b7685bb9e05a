import type { CellValue, ColumnType } from '../../../../../shared/api/primitives.js';
import type { LabsheetIdColumns } from '../../../../../shared/ipc/id-columns.js';
import { createLabsheet } from '../../../../../main/sandbox/domain/labsheets.js';
import { OUTBOX_ENTRY_STATES } from '../../../../../shared/ipc/channels/outbox.js';
import type { Benches } from '../../../../helpers/benches-on-main.js';

/**
 * A labsheet of the lab's own, made elsewhere (straight into the service's store, as another client made
 * it): this computer knows its columns only by the names the row listing gives.
 */
export function addLabsheet(
  b: Benches,
  name: string,
  columns: Array<{ name: string; type: ColumnType }>,
  rows: ReadonlyArray<Record<string, CellValue>>,
): void {
  const store = b.sandbox().store;
  createLabsheet(store, { name, columns }, 'ada@lab.example');
  store.seedRows(name, rows);
}

/** The cell the service holds in the row whose ID (or, `by` barcode, ID_BARCODE) is `name`; each such row's. */
export function cellsOnService(
  b: Benches,
  labsheet: string,
  name: string,
  column: string,
  by: 'id' | 'barcode' = 'id',
): CellValue[] {
  const store = b.sandbox().store;
  const sheet = store.labsheets.byName(labsheet)!;
  const col = store.labsheets.columns(sheet.uuid).find((c) => c.name === column)!;
  const rows = by === 'id' ? store.rows.byIdValue(sheet.uuid, name) : store.rows.byBarcode(sheet.uuid, name);
  return rows.map((r) => r.cells[String(col.id)] ?? null);
}

/** Saves a labsheet's ID columns as the app's shell does (App.svelte's saveIdColumns). */
export const saveIdColumnsOn =
  (b: Benches) =>
  async (labsheet: string, columns: LabsheetIdColumns | null): Promise<string | null> => {
    const r = await b.env.api.invoke('settings.set', { labsheetIdColumns: { [labsheet]: columns } });
    return r.ok ? null : r.error.message;
  };

/** Row updates main's outbox holds for the labsheet, in every state. */
export async function rowUpdatesFor(b: Benches, labsheet: string) {
  const entries = await b.env.call('outbox.list', { states: [...OUTBOX_ENTRY_STATES] });
  return entries.filter((e) => e.intent?.type === 'row-update' && e.intent.labsheet === labsheet);
}
