import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createReadCache, openCacheStore, type CacheStore } from '../../../../main/cache/index.js';
import { createOutbox, type Outbox } from '../../../../main/outbox/index.js';
import { benchesPerTest } from '../../../helpers/benches-on-main.js';
import { fakeNow, tempDir } from '../outbox/helpers.js';

/**
 * A tube named by its row's uuid (idType ROW_UUID: some labs print it as the tube's 2D code), looked up in
 * main's read cache. On the old code the lookup matched a row's ID and barcode only: the uuid was "not in
 * the labsheet", though its row was right there.
 */
const open = benchesPerTest();
const UNKNOWN = '0f1e2d3c-4b5a-4968-8776-655443322110';

describe('read cache on the real main and sandbox: a row uuid', () => {
  it('finds its row, in either letter case, one value or many, said to be matched by ROW_UUID', async () => {
    const b = await open('spec');
    const store = b.sandbox().store;
    const uuid = store.rows.byIdValue(store.labsheets.byName('Samples')!.uuid, 'S-0003')[0]!.uuid;
    for (const value of [uuid, uuid.toUpperCase()])
      expect(await b.env.call('cache.row', { labsheet: 'Samples', value })).toMatchObject({
        found: true,
        matchedBy: 'ROW_UUID',
        row: { uuid, 'Sample ID': 'S-0003', 'Tube Barcode': 'TB000003' },
      });
    const many = await b.env.call('cache.rows', { labsheet: 'Samples', values: [uuid, 'TB000004', UNKNOWN] });
    const idAt = many.headers.indexOf('Sample ID');
    expect(many.rows.map((r) => (r && 'cells' in r ? [r.matchedBy, r.cells[idAt]] : r))).toEqual([
      ['ROW_UUID', 'S-0003'],
      ['ID_BARCODE', 'S-0004'],
      null,
    ]);
  });
});

/** The real store and read cache on files, offline: rows saved an hour before. */
describe('read cache, offline: a row uuid among the saved rows', () => {
  let t: ReturnType<typeof tempDir>;
  let outbox: Outbox;
  let store: CacheStore;
  const clock = fakeNow();
  const U1 = '3F2C9A4E-8B1D-4C6E-9F0A-1B2C3D4E5F61';
  const U2 = '3f2c9a4e-8b1d-4c6e-9f0a-1b2c3d4e5f62';
  const U3 = '3f2c9a4e-8b1d-4c6e-9f0a-1b2c3d4e5f63';
  beforeEach(() => {
    t = tempDir('cache-row-uuid-');
    outbox = createOutbox({ path: path.join(t.dir, 'outbox.db'), now: clock.now });
    store = openCacheStore(path.join(t.dir, 'read-cache.db'), clock.now);
    const headers = ['uuid', 'Sample ID', 'Tube Barcode'];
    store.putRows(
      'Samples',
      { headers, idColumn: 'Sample ID', barcodeColumn: 'Tube Barcode' },
      [
        // A service that writes its uuids in upper case.
        { uuid: U1, 'Sample ID': 'S-0001', 'Tube Barcode': 'TB000001' },
        // Two rows with one sample ID: a well or a change sent by it names both.
        { uuid: U2, 'Sample ID': 'S-0002', 'Tube Barcode': 'TB000002' },
        { uuid: U3, 'Sample ID': 'S-0002', 'Tube Barcode': 'TB000003' },
      ],
      clock.now(),
    );
    clock.advance(3_600_000);
  });
  afterEach(() => {
    store.close();
    outbox.close();
    t.cleanup();
  });
  const offline = () =>
    createReadCache({ store, client: () => Promise.reject(new Error('connect ECONNREFUSED')), outbox, now: clock.now });

  it('is compared lower-cased on both sides', async () => {
    const cache = offline();
    try {
      expect(await cache.row('Samples', U1.toLowerCase())).toMatchObject({
        found: true,
        fromCache: true,
        matchedBy: 'ROW_UUID',
        row: { uuid: U1, 'Sample ID': 'S-0001' },
      });
      expect(store.findRow('Samples', U1)).toMatchObject({ matchedBy: 'ROW_UUID', row: { uuid: U1 } });
      // Its names for the sync engine are its row's, as before.
      expect(cache.tubeNames('Samples', U1.toLowerCase())).toEqual(['S-0001', 'TB000001', U1, U1.toLowerCase()]);
    } finally {
      cache.close();
    }
  });

  it("names no row when its row's ID is other rows' too, as a barcode does; its names for the sync engine stay", async () => {
    const cache = offline();
    try {
      const shared = { value: 'S-0002', count: 2 };
      expect(await cache.row('Samples', U2)).toMatchObject({ found: false, shared });
      expect(await cache.row('Samples', 'TB000002')).toMatchObject({ found: false, shared });
      expect(cache.tubeNames('Samples', U2)).toEqual(['S-0002', 'TB000002', U2]);
    } finally {
      cache.close();
    }
  });
});
