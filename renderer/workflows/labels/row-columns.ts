import type { ColumnMap } from '../../../shared/labels/index.js';
import type { CachedRow } from '../../../shared/ipc/channels/cache.js';

/** Header patterns for the label fields a labsheet does not name outright, most specific first. */
const GUESSES: ReadonlyArray<[keyof Omit<ColumnMap, 'id'>, RegExp]> = [
  ['name', /^(name|sample name|label)$/i],
  ['volume', /volume/i],
  ['date', /^(date|received|created|collected)\b/i],
];

/**
 * Which columns of a looked-up row feed which label field: `id` is the labsheet's ID column and
 * `barcode` its ID_BARCODE column (both known from the cache); name, volume and date are guessed
 * from header names because the service does not type them.
 */
export function columnsFor(row: Pick<CachedRow, 'headers' | 'idColumn' | 'barcodeColumn'>): ColumnMap {
  const map: ColumnMap = { id: row.idColumn };
  if (row.barcodeColumn !== null) map.barcode = row.barcodeColumn;
  for (const [field, pattern] of GUESSES) {
    const header = row.headers.find((h) => h !== row.idColumn && pattern.test(h));
    if (header !== undefined) map[field] = header;
  }
  return map;
}
