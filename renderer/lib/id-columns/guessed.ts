import type { IdColumnsFrom } from '../../../shared/ipc/id-columns.js';

/** A labsheet's ID columns as main answers them (a row found, or `cache.idColumns`). */
export interface IdColumnsInUse {
  labsheet: string;
  idColumn: string | null;
  barcodeColumn: string | null;
  idFrom: IdColumnsFrom;
}

/**
 * Why nothing may be written by a labsheet's ID columns yet, or null when they are known (created here,
 * chosen by the user, the demo's own). A guess from the column names is no ground to write on: a row
 * update names its row by an element keyed by the ID column, and the service takes every other element
 * keyed by an ID or barcode column as the start of another row. A wrong guess sent a change to another
 * row, or none, and the bench was told it was saved. Said with which columns were guessed, so the user
 * can check them in the ID columns panel (IdColumns.svelte), where one click keeps them.
 */
export function guessedSaid(c: IdColumnsInUse): string | null {
  if (c.idFrom !== 'guess') return null;
  if (c.idColumn === null) return `the ID column of ${c.labsheet} is not known here yet`;
  const barcode =
    c.barcodeColumn === null
      ? 'no column was found by name to be its barcode column'
      : `"${c.barcodeColumn}" its barcode column`;
  return `"${c.idColumn}" is only a guess at the ID column of ${c.labsheet}, from the column names, and ${barcode}`;
}
