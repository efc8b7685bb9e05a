import { z } from 'zod';

/**
 * Which column of a labsheet is its ID (and which its ID_BARCODE). The row listing names columns
 * without their types, so the app knows this only when it created the labsheet or the user said.
 */
const columnName = z.string().trim().min(1).max(200);
export const labsheetIdColumns = z.strictObject({
  id: columnName,
  barcode: columnName.nullable(),
  /** 'created': this app created the labsheet with these columns; 'chosen': the user picked them. */
  from: z.enum(['created', 'chosen']),
});
export type LabsheetIdColumns = z.infer<typeof labsheetIdColumns>;

/**
 * Where the answer in use came from: the two above, 'demo' (the embedded sandbox's demo labsheet,
 * which Benchlink builds), or a guess from the column names.
 */
export const ID_COLUMNS_FROM = ['created', 'chosen', 'demo', 'guess'] as const;
export type IdColumnsFrom = (typeof ID_COLUMNS_FROM)[number];

/** What this computer knows of a labsheet's ID columns without guessing: saved, or the demo's own. */
export type KnownIdColumns = Omit<LabsheetIdColumns, 'from'> & { from: Exclude<IdColumnsFrom, 'guess'> };

/** By labsheet name; bounded so a hostile patch cannot grow the settings file without end. */
export const labsheetIdColumnMaps = z
  .record(z.string().trim().min(1).max(200), labsheetIdColumns)
  .refine((o) => Object.keys(o).length <= 1000, 'at most 1000 labsheets with known ID columns');
export type LabsheetIdColumnMaps = z.infer<typeof labsheetIdColumnMaps>;

/** A patch names labsheets to set; null forgets one (back to the guess). */
export const labsheetIdColumnsPatch = z
  .record(z.string().trim().min(1).max(200), labsheetIdColumns.nullable())
  .refine((o) => Object.keys(o).length <= 1000, 'at most 1000 labsheets in one change');
export type LabsheetIdColumnsPatch = z.infer<typeof labsheetIdColumnsPatch>;

export function mergeIdColumns(base: LabsheetIdColumnMaps, patch: LabsheetIdColumnsPatch | undefined) {
  if (!patch) return base;
  const merged: LabsheetIdColumnMaps = { ...base };
  for (const [labsheet, entry] of Object.entries(patch)) {
    if (entry === null) delete merged[labsheet];
    else merged[labsheet] = entry;
  }
  return merged;
}

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
