import type { CellValue } from '../../../shared/api/primitives.js';

/** A labsheet row as far as its names go: its cells, and which columns name it. */
export interface NamedRow {
  idColumn: string;
  barcodeColumn: string | null;
  row: Record<string, CellValue>;
}

/** The column a change of a row goes under, and the row's value in it. */
export interface RowName {
  column: string;
  value: string;
}

const text = (v: CellValue | undefined): string | null =>
  v === null || v === undefined || String(v).trim() === '' ? null : String(v);

/**
 * What a row is named by, for the service and for the user: its ID, or for a row whose ID cell is empty
 * its barcode, by the barcode column (as tubeRowOf names such a row). Null when it has neither: nothing
 * the service matches rows by would find it. A row without an ID was said "null opened", and its save was
 * sent as the ID column holding the code scanned, which no row has.
 */
export function rowName(r: NamedRow): RowName | null {
  const id = text(r.row[r.idColumn]);
  if (id !== null) return { column: r.idColumn, value: id };
  const barcode = r.barcodeColumn === null ? null : text(r.row[r.barcodeColumn]);
  return barcode === null || r.barcodeColumn === null ? null : { column: r.barcodeColumn, value: barcode };
}

/** Why a row cannot be saved by any name, for "Not saved: " or "Nothing recorded: ". */
export function namelessSaid(r: NamedRow, labsheet: string, scanned?: string): string {
  const whose = scanned === undefined ? 'this row' : `${scanned}'s row`;
  const by =
    r.barcodeColumn === null ? `, and no barcode column of ${labsheet} is known here` : ` and no ${r.barcodeColumn}`;
  return (
    `${whose} has no ${r.idColumn}${by}, so the service could not tell it from other rows. ` +
    `Give it a ${r.idColumn} on the service first`
  );
}
