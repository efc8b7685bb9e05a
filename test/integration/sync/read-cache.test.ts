import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createReadCache, openCacheStore, type CacheStore, type ReadCache } from '../../../main/cache/index.js';
import { tempDir } from '../../unit/outbox/helpers.js';
import { startStack, type Stack } from './stack.js';

describe('read cache: works offline, says how old, overlays pending wells', () => {
  let t: ReturnType<typeof tempDir>;
  let s: Stack;
  let store: CacheStore;
  let cache: ReadCache;
  let clock = 1_000_000;
  beforeEach(async () => {
    clock = 1_000_000;
    t = tempDir('cache-it-');
    s = await startStack(t.dir);
    store = openCacheStore(path.join(t.dir, 'read-cache.db'));
    cache = createReadCache({ store, client: async () => s.client, outbox: s.outbox, now: () => clock });
  });
  afterEach(async () => {
    store.close();
    await s.close();
    t.cleanup();
  });

  it('a manifest read online is served from the cache offline, with its age and the pending wells', async () => {
    const online = await cache.manifest({ hrid: 'PL-0001' });
    expect(online).toMatchObject({ hrid: 'PL-0001', rows: 8, columns: 12, fromCache: false, fetchedAt: 1_000_000 });
    expect(online!.wells.find((w) => w.position === 'A1')?.sample).toEqual({ id: 'S-0001', labsheet: 'Samples' });

    s.proxy.setFaults([{ fault: { kind: 'reset-before' } }]);
    const id = s.outbox.enqueue({ type: 'well-set', manifest: { hrid: 'PL-0001' }, position: 'B1', sample: { id: 'S-0050', labsheet: 'Samples' } });
    clock += 60_000;
    const offline = await cache.manifest({ barcode: 'PLT000001' });
    expect(offline).toMatchObject({ fromCache: true, fetchedAt: 1_000_000, hrid: 'PL-0001' });
    expect(offline!.pending).toEqual([expect.objectContaining({ entryId: id, state: 'pending' })]);
    expect(cache.locations()).toEqual([expect.objectContaining({ kind: 'manifest', hrid: 'PL-0001', rows: 8 })]);
  });

  it('finds a labsheet row by ID and by ID_BARCODE, also offline', async () => {
    const byId = await cache.row('Samples', 'S-0007');
    expect(byId).toMatchObject({ idColumn: 'Sample ID', barcodeColumn: 'Tube Barcode', matchedBy: 'ID', fromCache: false });
    expect(byId!.row['Tube Barcode']).toBe('TB000007');
    s.proxy.setFaults([{ fault: { kind: 'reset-before' } }]);
    const byBarcode = await cache.row('Samples', 'TB000008', true);
    expect(byBarcode).toMatchObject({ matchedBy: 'ID_BARCODE', fromCache: true });
    expect(byBarcode!.row['Sample ID']).toBe('S-0008');
  });

  it('rows past half their life answer at once and refresh in the background; past their life, the lookup waits for fresh rows', async () => {
    await cache.row('Samples', 'S-0007');
    expect(store.shape('Samples')?.fetchedAt).toBe(1_000_000);

    clock += 20_000; // older than half of the 30 s freshness, younger than all of it
    const early = await cache.row('Samples', 'S-0007');
    expect(early).toMatchObject({ fetchedAt: 1_000_000, fromCache: false, matchedBy: 'ID' });
    await expect.poll(() => store.shape('Samples')?.fetchedAt).toBe(1_020_000);

    clock += 31_000;
    const late = await cache.row('Samples', 'TB000007');
    expect(late).toMatchObject({ fetchedAt: 1_051_000, fromCache: false, matchedBy: 'ID_BARCODE' });
  });

  it('warming a labsheet loads its rows once, so the first lookup needs no request', async () => {
    expect(store.shape('Samples')).toBeNull();
    expect(await cache.warmRows('Samples')).toEqual({ ready: true });
    expect(store.shape('Samples')?.fetchedAt).toBe(1_000_000);
    s.proxy.setFaults([{ fault: { kind: 'reset-before' } }]);
    expect(await cache.row('Samples', 'TB000009')).toMatchObject({ matchedBy: 'ID_BARCODE', fromCache: false });
    clock += 60_000;
    // Stale and offline: not ready to refresh, but the saved copy still serves.
    s.proxy.setFaults([{ fault: { kind: 'reset-before' } }]);
    expect(await cache.warmRows('Samples')).toEqual({ ready: true });
    expect(await cache.warmRows('Nope')).toEqual({ ready: false });
  });

  it('labsheet names fall back to the last list when offline', async () => {
    expect((await cache.labsheets()).names).toEqual(expect.arrayContaining(['Samples', 'Reagents']));
    s.proxy.setFaults([{ fault: { kind: 'reset-before' } }]);
    const offline = await cache.labsheets();
    expect(offline).toMatchObject({ fromCache: true, fetchedAt: 1_000_000 });
    expect(offline.names).toContain('Samples');
  });
});
