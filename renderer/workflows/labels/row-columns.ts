import type { ColumnMap } from '../../../shared/labels/index.js';
import type { CachedRow } from '../../../shared/ipc/channels/cache.js';

/**
 * Header patterns for the label fields a labsheet does not name outright. Each is the whole header: a
 * word found inside a longer one named other columns ("Volume unit" gave a volume of "uL", "Created by"
 * a date of "ada@lab.example"). A volume column may carry its unit; a date column is a date word alone
 * or with what happened on it ("Date received"). The row listing gives no column types, so a DATE
 * column is known only by such a name.
 */
const UNIT = String.raw`(?:\s*\(?\s*(?:[µμu]l|ml|nl|l)\s*\)?)?`;
const EVENT = '(?:received|collected|created|sampled|frozen|drawn)';
const GUESSES: ReadonlyArray<[keyof Omit<ColumnMap, 'id'>, RegExp]> = [
  ['name', /^(name|sample name|label)$/i],
  ['volume', new RegExp(`^volume${UNIT}$`, 'i')],
  ['date', new RegExp(`^(?:date|${EVENT}|${EVENT}(?: on| date)|date ${EVENT}|collection date)$`, 'i')],
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
    const header = row.headers.find((h) => h !== row.idColumn && pattern.test(h.trim()));
    if (header !== undefined) map[field] = header;
  }
  return map;
}
