import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_ROWS_FOR_VALUES, openCacheStore, type CacheStore } from '../../../../main/cache/cache-store.js';
import { tempDir } from '../outbox/helpers.js';

/**
 * The values a column of the saved rows holds (Row update offers them as a batch's Value is typed), read
 * from this computer's copy: most held first, numbers as text, nothing empty, nothing too long to be a
 * value anyone types; a column's name of any characters; none read from a labsheet too big to read
 * between scans.
 */
describe('read cache store: a column’s values', () => {
  let temp: ReturnType<typeof tempDir>;
  let store: CacheStore;
  beforeEach(() => {
    temp = tempDir('column-values-');
    store = openCacheStore(path.join(temp.dir, 'read-cache.db'));
  });
  afterEach(() => {
    store.close();
    temp.cleanup();
  });
  const odd = 'Status "QC" $.a[0]';
  const shape = { headers: ['uuid', 'ID', odd, 'Volume'], idColumn: 'ID', barcodeColumn: null };

  it('most held first, numbers as text, none empty or over 200 characters, in a column of any name', () => {
    const rows = [
      { uuid: 'u1', ID: 'S-1', [odd]: 'depleted', Volume: 12 },
      { uuid: 'u2', ID: 'S-2', [odd]: 'received', Volume: 12 },
      { uuid: 'u3', ID: 'S-3', [odd]: 'depleted', Volume: 7.5 },
      { uuid: 'u4', ID: 'S-4', [odd]: '', Volume: null },
      { uuid: 'u5', ID: 'S-5', [odd]: 'x'.repeat(201), Volume: 12 },
    ];
    store.putRows('Samples', shape, rows, 1);
    expect(store.columnValues('Samples', odd, 50)).toEqual([
      { value: 'depleted', rows: 2 },
      { value: 'received', rows: 1 },
    ]);
    expect(store.columnValues('Samples', 'Volume', 50)).toEqual([
      { value: '12', rows: 3 },
      { value: '7.5', rows: 1 },
    ]);
    expect(store.columnValues('Samples', 'Volume', 1)).toEqual([{ value: '12', rows: 3 }]);
    expect(store.columnValues('Samples', 'No such column', 50)).toEqual([]);
    expect(store.columnValues('Other', odd, 50)).toEqual([]);
  });

  it(`none from a labsheet of more than ${MAX_ROWS_FOR_VALUES} saved rows`, () => {
    const rows = Array.from({ length: MAX_ROWS_FOR_VALUES + 1 }, (_, i) => ({
      uuid: `u${i}`,
      ID: `S-${i}`,
      [odd]: 'a',
    }));
    store.putRows('Big', shape, rows, 1);
    expect(store.columnValues('Big', odd, 50)).toBeNull();
    store.putRows('Big', shape, rows.slice(1), 2);
    expect(store.columnValues('Big', odd, 50)).toEqual([{ value: 'a', rows: MAX_ROWS_FOR_VALUES }]);
  });
});
