import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createReadCache, openCacheStore, type CacheStore, type ReadCache } from '../../../../main/cache/index.js';
import { createOutbox, type Outbox } from '../../../../main/outbox/index.js';
import { fakeNow, tempDir } from '../outbox/helpers.js';

/**
 * A plate's or box's hrid or barcode read in another letter case than the service spells it (a keyboard
 * scanner with Caps Lock on; an hrid matches no built-in pattern, so nothing upper-cases it). The real
 * read cache on a real store and outbox on disk, offline, answering from what was saved an hour before.
 */
describe('read cache, offline: a box named in another letter case', () => {
  let t: ReturnType<typeof tempDir>;
  let outbox: Outbox;
  let store: CacheStore;
  let cache: ReadCache;
  const clock = fakeNow();
  const box = (uuid: string, hrid: string, barcode: string) => {
    const m = { uuid, hrid, barcode, name: `Box ${hrid}`, template: '81 Slot Box', rows: 9, columns: 9 };
    store.putManifest(
      {
        ...m,
        fetchedAt: clock.now(),
        basis: { lastUpdate: null, emptySpaces: 81 },
        layoutFrom: 'service',
        wellsFrom: 'this-computer',
      },
      [],
    );
    store.putLocation({ ...m, kind: 'manifest' }, clock.now());
  };
  beforeEach(() => {
    t = tempDir('cache-box-letter-case-');
    outbox = createOutbox({ path: path.join(t.dir, 'outbox.db'), now: clock.now });
    store = openCacheStore(path.join(t.dir, 'read-cache.db'), clock.now);
    box('11111111-1111-4111-8111-111111111111', 'PL-0003', 'Lab-Plate-3');
    // Two boxes whose hrids and barcodes differ only in case.
    box('22222222-2222-4222-8222-222222222222', 'BX-0009', 'Rack-9');
    box('33333333-3333-4333-8333-333333333333', 'bx-0009', 'rack-9');
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

  it('finds the one box it names by hrid or barcode in any case', async () => {
    // On the old code: null, and Assign location said "Scan a location, box or plate first".
    expect(await cache.manifest({ hrid: 'pl-0003' })).toMatchObject({ hrid: 'PL-0003', fromCache: true });
    expect(await cache.manifest({ barcode: 'LAB-PLATE-3' })).toMatchObject({ hrid: 'PL-0003', fromCache: true });
  });

  it('lists a location by its barcode in any case (the page picks among them)', () => {
    // On the old code: none, and a location scanned with Caps Lock on was not known.
    expect(cache.locations('lab-plate-3').map((l) => l.hrid)).toEqual(['PL-0003']);
    expect(cache.locations('RACK-9').map((l) => l.hrid)).toEqual(['BX-0009', 'bx-0009']);
  });

  it('lists a plate by its hrid in any case (an hrid read with Caps Lock on)', () => {
    expect(cache.locations('pl-0003').map((l) => l.hrid)).toEqual(['PL-0003']);
  });

  it('finds none when boxes differ from it only in case; one spelled as a box spells it is that box', async () => {
    // No copy is this one's (two differ from it only in case), and the service could not be asked: said so,
    // not answered as "no such box".
    await expect(cache.manifest({ hrid: 'Bx-0009' })).rejects.toThrow(/^Could not look up "Bx-0009": .*no copy of it/);
    await expect(cache.manifest({ barcode: 'RACK-9' })).rejects.toThrow(/^Could not look up "RACK-9": .*no copy of it/);
    expect(await cache.manifest({ hrid: 'BX-0009' })).toMatchObject({ barcode: 'Rack-9' });
    expect(await cache.manifest({ hrid: 'bx-0009' })).toMatchObject({ barcode: 'rack-9' });
    expect(await cache.manifest({ barcode: 'rack-9' })).toMatchObject({ hrid: 'bx-0009' });
  });
});
