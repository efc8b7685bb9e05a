import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createReadCache, openCacheStore, type CacheStore, type ReadCache } from '../../../../main/cache/index.js';
import { createOutbox, type Outbox } from '../../../../main/outbox/index.js';
import { fakeNow, tempDir } from '../outbox/helpers.js';

const headers = ['uuid', 'Sample ID', 'Tube Barcode'];
const shape = { headers, idColumn: 'Sample ID', barcodeColumn: 'Tube Barcode' };
const tube = (n: number, barcode = `TB${String(n).padStart(6, '0')}`) => ({
  uuid: `row-${n}`,
  'Sample ID': `S-${String(n).padStart(4, '0')}`,
  'Tube Barcode': barcode,
});

/**
 * The sync asks the read cache for every tube's names on each sending step of a rack and again as each
 * move is confirmed; each answer took four reads of the saved rows. Answers are now kept while the saved
 * rows stay as they were. A real cache store and outbox on disk; the service is never asked.
 */
describe("the read cache's tube names", () => {
  let t: ReturnType<typeof tempDir>;
  let outbox: Outbox;
  let store: CacheStore;
  let cache: ReadCache;
  let reads: number;
  const clock = fakeNow();
  beforeEach(() => {
    t = tempDir('tube-names-kept-');
    outbox = createOutbox({ path: path.join(t.dir, 'outbox.db'), now: clock.now });
    store = openCacheStore(path.join(t.dir, 'read-cache.db'), clock.now);
    store.bindService('lab-a');
    store.putRows('Samples', shape, [tube(1), tube(2)], clock.now());
    reads = 0;
    // The store as the cache uses it, counting its row lookups.
    const counted = new Proxy(store, {
      get(target, key, receiver) {
        const v: unknown = Reflect.get(target, key, receiver);
        if (typeof v !== 'function') return v;
        return (...args: unknown[]) => {
          if (key === 'findRow' || key === 'rowOfUuid') reads += 1;
          return (v as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    let service = 'lab-a';
    cache = createReadCache({
      store: counted,
      client: () => Promise.reject(new Error('connect ECONNREFUSED')),
      outbox,
      now: clock.now,
      service: () => service,
    });
    switchTo = (s: string) => (service = s);
  });
  let switchTo: (s: string) => void;
  afterEach(() => {
    cache.close();
    store.close();
    outbox.close();
    t.cleanup();
  });

  it('reads the saved rows once per tube while they stay as they were', () => {
    for (let pass = 0; pass < 3; pass++) {
      expect(cache.tubeNames('Samples', 'TB000001')).toEqual(['S-0001', 'TB000001', 'row-1']);
      expect(cache.tubeNames('Samples', 'TB999999')).toEqual(['TB999999']);
    }
    // The unknown one asks by key and then by uuid, once; the known one once. On the old code: 3 times each.
    expect(reads).toBe(3);
  });

  it('answers anew once the rows are saved again with another barcode', () => {
    expect(cache.tubeNames('Samples', 'S-0001')).toEqual(['S-0001', 'TB000001', 'row-1']);
    store.putRows('Samples', shape, [tube(1, 'FX000001'), tube(2)], clock.now());
    expect(cache.tubeNames('Samples', 'S-0001')).toEqual(['S-0001', 'FX000001', 'row-1']);
    expect(cache.tubeNames('Samples', 'TB000001')).toEqual(['TB000001']);
  });

  it('answers anew once the rows are keyed by other columns', () => {
    expect(cache.tubeNames('Samples', 'row-2')).toEqual(['S-0002', 'TB000002', 'row-2']);
    store.rekeyRows('Samples', { idColumn: 'Tube Barcode', barcodeColumn: null });
    expect(cache.tubeNames('Samples', 'row-2')).toEqual(['TB000002', 'row-2']);
  });

  it("answers anew once another service's data replaced the rows", () => {
    expect(cache.tubeNames('Samples', 'TB000002')).toEqual(['S-0002', 'TB000002', 'row-2']);
    switchTo('lab-b');
    expect(cache.tubeNames('Samples', 'TB000002')).toEqual(['TB000002']);
  });
});
