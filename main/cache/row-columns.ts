import type { IdColumnsFrom, LabsheetIdColumns } from '../../shared/ipc/id-columns.js';

export interface RowColumns {
  idColumn: string;
  barcodeColumn: string | null;
  idFrom: IdColumnsFrom;
}

/**
 * The one answer to "which column is the ID (and the ID_BARCODE) of this labsheet". The row listing
 * names its columns but not their types (its first header is the row `uuid`), and a labsheet's one
 * ID column may be at any position. So what this app knows wins: the columns it created the
 * labsheet with, or the ones the user chose. Only without that is it guessed from the names, and
 * the answer says it is a guess so the page can say so.
 */
export function identifyColumns(headers: readonly string[], known?: LabsheetIdColumns): RowColumns {
  const columns = headers[0] === 'uuid' ? headers.slice(1) : headers;
  // A remembered column the listing no longer has (renamed, deleted) is no answer at all.
  if (known && columns.includes(known.id)) {
    const barcodeColumn = known.barcode !== null && columns.includes(known.barcode) ? known.barcode : null;
    return { idColumn: known.id, barcodeColumn, idFrom: known.from };
  }
  return { ...guessColumns(columns), idFrom: 'guess' };
}

/** A column named like an ID ("Sample ID", "ID"), else the first; a barcode column names itself. */
function guessColumns(columns: readonly string[]): { idColumn: string; barcodeColumn: string | null } {
  const idColumn = columns.find((h) => /\bid\b/i.test(h) && !/barcode/i.test(h)) ?? columns[0] ?? 'ID';
  const barcodeColumn = columns.find((h) => h !== idColumn && /barcode/i.test(h)) ?? null;
  return { idColumn, barcodeColumn };
}
