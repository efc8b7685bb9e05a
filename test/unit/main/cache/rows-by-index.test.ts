import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  COUNT_HOLDING_SQL,
  ROWS_HOLDING_SQL,
  openCacheStore,
  type CacheStore,
} from '../../../../main/cache/cache-store.js';
import { tempDir } from '../outbox/helpers.js';

/**
 * A tube looked up among the saved rows (findRow: every scan offline, every move the sync settles, every
 * box read) finds them by its key's index, not by reading the labsheet's rows. SQLite plans without
 * statistics here (the app never runs ANALYZE), so the plan read on a small file is the one a labsheet
 * of 100,000 rows gets.
 */
describe('read cache store: a tube looked up by its ID or barcode', () => {
  let temp: ReturnType<typeof tempDir>;
  let store: CacheStore;
  let file: string;
  beforeEach(() => {
    temp = tempDir('rows-by-index-');
    file = path.join(temp.dir, 'read-cache.db');
    store = openCacheStore(file);
  });
  afterEach(() => {
    store.close();
    temp.cleanup();
  });
  const shape = { headers: ['uuid', 'ID', 'Barcode'], idColumn: 'ID', barcodeColumn: 'Barcode' };

  /** The plan SQLite makes for `sql` on the store's own file (its schema and indexes). */
  function planOf(sql: string): string {
    const read = new Database(file, { readonly: true });
    try {
      const plan = read.prepare(`EXPLAIN QUERY PLAN ${sql}`).all({ labsheet: 'Samples', value: 'TB1', n: 6 });
      return (plan as { detail: string }[]).map((r) => r.detail).join('; ');
    } finally {
      read.close();
    }
  }

  it('is found as spelled, in another letter case, or shared, as before', () => {
    store.putRows(
      'Samples',
      shape,
      [
        { uuid: 'u-1', ID: 'S-1', Barcode: 'TB1' },
        { uuid: 'u-2', ID: 'S-2', Barcode: 'NONE' },
        { uuid: 'u-3', ID: 'S-3', Barcode: 'none' },
        ...Array.from({ length: 50 }, (_, i) => ({ uuid: `u-${10 + i}`, ID: `S-${10 + i}`, Barcode: `TB${10 + i}` })),
      ],
      1,
    );
    expect(store.findRow('Samples', 'TB1')).toMatchObject({ matchedBy: 'ID_BARCODE', row: { uuid: 'u-1' } });
    expect(store.findRow('Samples', 's-1')).toMatchObject({ matchedBy: 'ID', row: { uuid: 'u-1' } });
    expect(store.findRow('Samples', 'NONE')).toMatchObject({ matchedBy: 'ID_BARCODE', row: { uuid: 'u-2' } });
    expect(store.findRow('Samples', 'None')).toEqual({
      shared: {
        value: 'None',
        count: 2,
        rows: [
          { id: 'S-2', barcode: 'NONE' },
          { id: 'S-3', barcode: 'none' },
        ],
      },
    });
    expect(store.findRow('Samples', 'TB9')).toBeNull();
  });

  it('reads both key indexes by labsheet and value, as spelled and in any letter case, never the whole labsheet', () => {
    for (const match of ['exact', 'anyCase'] as const) {
      const index = match === 'exact' ? '' : '_nocase';
      for (const plan of [planOf(ROWS_HOLDING_SQL[match]), planOf(COUNT_HOLDING_SQL[match])]) {
        expect(plan).toContain(`USING INDEX labsheet_rows_id${index} (labsheet=? AND id_value=?)`);
        expect(plan).toContain(`USING INDEX labsheet_rows_barcode${index} (labsheet=? AND barcode_value=?)`);
        expect(plan).not.toMatch(/SCAN labsheet_rows|\(labsheet=\?\)/);
      }
    }
  });
});
