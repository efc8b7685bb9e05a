import { existsSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCacheStore } from '../../../../main/cache/cache-store.js';
import { CACHE_MIGRATIONS } from '../../../../main/cache/schema.js';
import { runMigrations } from '../../../../main/common/sqlite/migrations.js';
import { tempDir } from '../outbox/helpers.js';

/** The read cache's own file: thrown away and rebuilt from the service whenever it cannot be used. */
describe('read cache file', () => {
  let temp: ReturnType<typeof tempDir>;
  beforeEach(() => (temp = tempDir('cache-file-')));
  afterEach(() => temp.cleanup());

  it('one a newer version of the app wrote is moved aside and an empty cache started, saying where it went', () => {
    const file = path.join(temp.dir, 'read-cache.db');
    const newer = new Database(file);
    newer.exec('CREATE TABLE from_the_future (x)');
    newer.pragma('user_version = 99');
    newer.close();

    const store = openCacheStore(file, () => 1_234);
    try {
      expect(store.recovered).toMatchObject({ movedTo: `${file}.newer-1234` });
      expect(store.recovered?.reason).toMatch(/newer version of the app \(schema 99/);
      expect(existsSync(`${file}.newer-1234`)).toBe(true);
      expect(store.shape('Samples')).toBeNull();
      store.putRows('Samples', { headers: ['ID'], idColumn: 'ID', barcodeColumn: null }, [{ ID: 'S-1' }], 5);
      expect(store.findRow('Samples', 'S-1')).not.toBeNull();
    } finally {
      store.close();
    }
  });

  it('migration 5: saved rows from before are whole; rows saved as part of a labsheet say so', () => {
    const file = path.join(temp.dir, 'read-cache.db');
    const old = new Database(file);
    runMigrations(
      old,
      CACHE_MIGRATIONS.filter((m) => m.version <= 4),
    );
    old
      .prepare(
        `INSERT INTO labsheets (name, headers, id_column, barcode_column, rows_fetched_at) VALUES ('S', '["ID"]', 'ID', NULL, 7)`,
      )
      .run();
    old.close();

    const store = openCacheStore(file);
    try {
      expect(store.shape('S')).toMatchObject({ fetchedAt: 7, partial: false });
      store.putRows('S', { headers: ['ID'], idColumn: 'ID', barcodeColumn: null }, [{ ID: 'S-1' }], 8, true);
      expect(store.shape('S')).toMatchObject({ fetchedAt: 8, partial: true });
      store.putRows('S', { headers: ['ID'], idColumn: 'ID', barcodeColumn: null }, [{ ID: 'S-1' }], 9);
      expect(store.shape('S')).toMatchObject({ fetchedAt: 9, partial: false });
    } finally {
      store.close();
    }
  });
});
