import type { SandboxStore } from '../store/index.js';
import type { ColumnRecord, LabsheetRecord } from '../store/labsheets.js';
import type { RowRecord } from '../store/rows.js';

export const idColumn = (cols: readonly ColumnRecord[]): ColumnRecord | undefined => cols.find((c) => c.type === 'ID');
export const barcodeColumn = (cols: readonly ColumnRecord[]): ColumnRecord | undefined =>
  cols.find((c) => c.type === 'ID_BARCODE');

/** Rows a caller's identifier names: by the ID column first, else by ID_BARCODE. */
export function rowsByIdOrBarcode(store: SandboxStore, sheet: LabsheetRecord, value: string): RowRecord[] {
  const byId = store.rows.byIdValue(sheet.uuid, value);
  return byId.length > 0 ? byId : store.rows.byBarcode(sheet.uuid, value);
}
