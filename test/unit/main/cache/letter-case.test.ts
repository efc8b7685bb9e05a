import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createReadCache, openCacheStore, type CacheStore, type ReadCache } from '../../../../main/cache/index.js';
import { createOutbox, type Outbox } from '../../../../main/outbox/index.js';
import { fakeNow, tempDir } from '../outbox/helpers.js';

/**
 * Codes read in another letter case than the labsheet or the service spells them: a keyboard scanner with
 * Caps Lock on types fx00000001 for FX00000001, a uuid label may be printed in upper case. The real read
 * cache on a real store and outbox on disk, offline (the service is never reached), answering from what
 * was saved an hour before.
 */
describe('read cache, offline: a code in another letter case', () => {
  let t: ReturnType<typeof tempDir>;
  let outbox: Outbox;
  let store: CacheStore;
  let cache: ReadCache;
  const clock = fakeNow();
  const UUID = '3f2c9a4e-8b1d-4c6e-9f0a-1b2c3d4e5f60';
  beforeEach(() => {
    t = tempDir('cache-letter-case-');
    outbox = createOutbox({ path: path.join(t.dir, 'outbox.db'), now: clock.now });
    store = openCacheStore(path.join(t.dir, 'read-cache.db'), clock.now);
    const headers = ['uuid', 'Sample ID', 'Tube Barcode'];
    const row = (n: number, barcode: string) => ({
      uuid: `row-${n}`,
      'Sample ID': `S-000${n}`,
      'Tube Barcode': barcode,
    });
    store.putRows(
      'Samples',
      { headers, idColumn: 'Sample ID', barcodeColumn: 'Tube Barcode' },
      // S-0008 and S-0009: two tubes whose barcodes differ only in case.
      [row(1, 'FX00000001'), row(2, 'FX00000002'), row(8, 'FX00000008'), row(9, 'fx00000008')],
      clock.now(),
    );
    store.putManifest(
      {
        uuid: UUID,
        hrid: 'BX-0001',
        barcode: 'BOX000001',
        name: 'Box',
        template: '81 Slot Box',
        rows: 9,
        columns: 9,
        fetchedAt: clock.now(),
        basis: { lastUpdate: null, emptySpaces: 81 },
        layoutFrom: 'service',
        wellsFrom: 'this-computer',
      },
      [],
    );
    store.putLocation({ uuid: UUID, name: 'Box', kind: 'manifest', hrid: 'BX-0001', rows: 9, columns: 9 }, clock.now());
    clock.advance(3_600_000);
    cache = createReadCache({
      store,
      client: () => Promise.reject(new Error('connect ECONNREFUSED')),
      outbox,
      now: clock.now,
    });
  });
  afterEach(() => {
    cache.close();
    store.close();
    outbox.close();
    t.cleanup();
  });

  it('names the one row it matches ignoring case, by the name it matched', async () => {
    // On the old code: not found, so the tube was queued as fx00000001 and refused by the service later.
    expect(await cache.row('Samples', 'fx00000001')).toMatchObject({
      found: true,
      fromCache: true,
      matchedBy: 'ID_BARCODE',
      row: { 'Sample ID': 'S-0001', 'Tube Barcode': 'FX00000001' },
    });
    expect(await cache.row('Samples', 's-0002')).toMatchObject({
      found: true,
      matchedBy: 'ID',
      row: { uuid: 'row-2' },
    });
    const many = await cache.rows('Samples', ['Fx00000002', 'FX00000001', 'fx00000003']);
    expect(many.rows.map((r) => (r && 'cells' in r ? r.cells[1] : r))).toEqual(['S-0002', 'S-0001', null]);
    // Its names for the sync engine are the row's.
    expect(cache.tubeNames('Samples', 'fx00000001')).toEqual(['S-0001', 'FX00000001', 'row-1', 'fx00000001']);
  });

  it('names no row when rows differ from it only in case; a code as a row spells it is that row', async () => {
    expect(await cache.row('Samples', 'Fx00000008')).toMatchObject({
      found: false,
      shared: {
        value: 'Fx00000008',
        count: 2,
        rows: [
          { id: 'S-0008', barcode: 'FX00000008' },
          { id: 'S-0009', barcode: 'fx00000008' },
        ],
      },
    });
    expect(await cache.row('Samples', 'fx00000008')).toMatchObject({ found: true, row: { 'Sample ID': 'S-0009' } });
    expect(await cache.row('Samples', 'FX00000008')).toMatchObject({ found: true, row: { 'Sample ID': 'S-0008' } });
  });

  it('finds a box saved here by its uuid in upper case, as a manifest and as a location', async () => {
    // On the old code: null, and Assign location called the box an unknown location.
    expect(await cache.manifest({ uuid: UUID.toUpperCase() })).toMatchObject({ uuid: UUID, hrid: 'BX-0001' });
    expect(cache.locations(UUID.toUpperCase()).map((l) => l.uuid)).toEqual([UUID]);
  });
});
