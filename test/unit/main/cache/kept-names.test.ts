/**
 * The names of a service's plates and locations are kept when its data is thrown away for another
 * service's, so an Outbox entry queued for it still names its box. They go with the Outbox's history:
 * once no entry still kept (any state) names a uuid, its kept name is pruned, at start and daily with
 * the finished entries (synced, cancelled, discarded), never on a scan. A real outbox and a real cache
 * store on disk, as main/app.ts wires them; the service is never asked.
 */
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createReadCache, openCacheStore, type CacheStore, type ReadCache } from '../../../../main/cache/index.js';
import { createOutbox, scheduleOutboxPruning, type Outbox } from '../../../../main/outbox/index.js';
import type { Intent } from '../../../../shared/outbox/intents.js';
import { fakeNow, tempDir } from '../outbox/helpers.js';

const DAY = 86_400_000;
const A = 'service-a';
const B = 'service-b';

describe('names kept for a service left are pruned once no outbox entry names them', () => {
  let t: ReturnType<typeof tempDir>;
  let clock: ReturnType<typeof fakeNow>;
  let current: string;
  let outbox: Outbox;
  let store: CacheStore;
  let cache: ReadCache;
  const logged: string[] = [];
  const log = {
    info: (m: string) => logged.push(m),
    warn: (m: string) => logged.push(`warn: ${m}`),
    error: (m: string) => logged.push(`error: ${m}`),
  };
  const timers = { setInterval: () => 0, clearInterval: () => undefined };

  beforeEach(() => {
    t = tempDir('kept-names-');
    clock = fakeNow();
    current = A;
    logged.length = 0;
    outbox = createOutbox({ path: path.join(t.dir, 'outbox.db'), now: clock.now, service: () => current });
    store = openCacheStore(path.join(t.dir, 'read-cache.db'), clock.now);
    cache = createReadCache({
      store,
      client: () => Promise.reject(new Error('the service is not asked here')),
      outbox,
      now: clock.now,
      service: () => current,
    });
    // What the read cache does before every lookup: what it saves from now on is A's.
    store.bindService(A);
  });
  afterEach(() => {
    cache.close();
    store.close();
    outbox.close();
    t.cleanup();
  });

  const plate = (uuid: string, hrid: string) =>
    store.putManifest(
      {
        uuid,
        hrid,
        barcode: `BC-${hrid}`,
        name: hrid,
        template: '96 well plate',
        rows: 8,
        columns: 12,
        fetchedAt: clock.now(),
        basis: { lastUpdate: null, emptySpaces: null },
        layoutFrom: 'service',
        wellsFrom: 'this-computer',
      },
      [],
    );
  const fill = (uuid: string, position: string): Intent => ({
    type: 'well-set',
    manifest: { uuid },
    position,
    sample: { id: 'S-0001', labsheet: 'Samples' },
  });
  const into = (locationId: string): Intent => ({
    type: 'location-assign',
    labsheet: 'Samples',
    locationId,
    idType: 'ID',
    id: 'S-0002',
  });
  const settled = (intent: Intent, state: 'done' | 'failed') => {
    const id = outbox.enqueue(intent);
    outbox.claim([id], `r-${id}`, 'test');
    outbox.settle([
      state === 'done' ? { id, state } : { id, state, error: { kind: 'not-found', message: 'Not found', at: 0 } },
    ]);
    return id;
  };
  const prune = () =>
    scheduleOutboxPruning({
      outbox,
      log,
      timers,
      keepMs: 30 * DAY,
      alongside: { what: 'kept names', prune: () => cache.pruneKeptNames() },
    })();

  it('a name whose entries were all pruned goes; one an entry still kept names stays, of its own service', () => {
    for (const n of [1, 2, 3, 4, 5]) plate(`plate-${n}`, `PL-000${n}`);
    store.putLocation({ uuid: 'shelf-1', name: 'Shelf 1', kind: 'location' }, clock.now());
    const synced = settled(fill('plate-1', 'A1'), 'done');
    settled(into('shelf-1'), 'failed');
    // Taken back a month ago: history like the synced one, and it goes with it.
    const cancelled = outbox.enqueue(fill('plate-2', 'B1'));
    expect(outbox.cancel(cancelled)).toBe(true);
    const discarded = settled(fill('plate-4', 'D1'), 'failed');
    expect(outbox.discard(discarded)?.state).toBe('discarded');
    clock.advance(20 * DAY);
    // Taken back ten days ago: still kept, and so is its plate's name.
    const recent = outbox.enqueue(fill('plate-5', 'E1'));
    expect(outbox.cancel(recent)).toBe(true);

    // Switched to another service: A's data goes, its names are kept for A's entries.
    current = B;
    // The same uuid queued on B is B's plate: it keeps nothing of A's alive.
    outbox.enqueue(fill('plate-1', 'C1'));
    expect(cache.nameOf('plate-1', A)).toBe('PL-0001');
    expect(cache.nameOf('plate-3', A)).toBe('PL-0003');

    clock.advance(11 * DAY);
    prune();
    expect([synced, cancelled, discarded].map((id) => outbox.get(id))).toEqual([null, null, null]);
    // No entry of A names plates 1 to 4 now.
    for (const n of [1, 2, 3, 4]) expect(cache.nameOf(`plate-${n}`, A)).toBeNull();
    // A failed entry and a recently cancelled one are still kept, so their box and plate keep their names.
    expect(cache.nameOf('shelf-1', A)).toBe('Shelf 1');
    expect(cache.nameOf('plate-5', A)).toBe('PL-0005');
    expect(logged).toEqual(['pruned finished outbox entries', 'pruned kept names']);

    // Nothing more to go: the next run drops nothing and says nothing of names.
    logged.length = 0;
    prune();
    expect(cache.nameOf('shelf-1', A)).toBe('Shelf 1');
    expect(logged).toEqual([]);
  });

  it('a prune of the history that fails still leaves every name an entry needs', () => {
    plate('plate-1', 'PL-0001');
    settled(fill('plate-1', 'A1'), 'done');
    current = B;
    expect(cache.nameOf('plate-1', A)).toBe('PL-0001');
    clock.advance(31 * DAY);
    const stop = scheduleOutboxPruning({
      outbox: {
        pruneFinished: () => {
          throw new Error('attempt to write a readonly database');
        },
      },
      log,
      timers,
      alongside: { what: 'kept names', prune: () => cache.pruneKeptNames() },
    });
    stop();
    expect(cache.nameOf('plate-1', A)).toBe('PL-0001');
    expect(logged).toEqual(['warn: could not prune finished outbox entries']);
  });
});
