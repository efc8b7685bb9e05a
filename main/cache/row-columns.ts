import { DEMO_SAMPLES } from '../../shared/demo-lab.js';
import type { IdColumnsFrom, KnownIdColumns } from '../../shared/ipc/id-columns.js';

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
export function identifyColumns(headers: readonly string[], known?: KnownIdColumns): RowColumns {
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

/**
 * The demo labsheet's ID columns, known on the embedded sandbox's demo lab (`onDemo`: not a fixture),
 * which Benchlink builds: a guess there put a warning on Row update before any scan, about a guess
 * that was right. Anywhere else a labsheet of that name may have other columns, so it is guessed.
 */
export function demoIdColumns(labsheet: string, onDemo: boolean): KnownIdColumns | undefined {
  if (!onDemo || labsheet !== DEMO_SAMPLES.labsheet) return undefined;
  return { id: DEMO_SAMPLES.idColumn, barcode: DEMO_SAMPLES.barcodeColumn, from: 'demo' };
}
