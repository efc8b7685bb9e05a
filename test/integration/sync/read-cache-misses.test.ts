import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createReadCache, openCacheStore, type CacheStore, type ReadCache } from '../../../main/cache/index.js';
import { requestsToList } from '../../../main/api/paginate.js';
import { stackPerTest } from './stack.js';

/**
 * Tubes not yet registered are a common scan. The spec has no row search, so finding out a tube is
 * new means reading the whole labsheet (pages of at most 1000 rows): these count those reads.
 */
describe('read cache: scans of tubes the labsheet does not hold', () => {
  const ROWS = 6_000;
  const { stack: s, dir } = stackPerTest('cache-miss-it-');
  let store: CacheStore;
  let cache: ReadCache;
  let clock = 1_000_000;
  const listings = () => s.proxy.requests.filter((r) => r.path.startsWith('/labsheets/fetch-list-rows')).length;

  beforeEach(() => {
    clock = 1_000_000;
    const have = s.sandbox.store.rows.count(s.sandbox.store.labsheets.byName('Samples')!.uuid, 'any');
    s.sandbox.store.seedRows(
      'Samples',
      Array.from({ length: ROWS - have }, (_, i) => ({ 'Sample ID': `X-${i}`, 'Tube Barcode': `XB${i}` })),
    );
    store = openCacheStore(path.join(dir(), 'read-cache.db'));
    cache = createReadCache({ store, client: async () => s.client, outbox: s.outbox, now: () => clock });
  });
  afterEach(() => {
    cache.close();
    store.close();
  });

  it('20 unknown tubes scanned one after another read the labsheet once, and each answer says when', async () => {
    await cache.sampleIndex('Samples'); // the plate opened: the rows are read
    const oneRead = listings();
    expect(oneRead).toBe(requestsToList(ROWS));
    clock += 20_000; // the bench starts scanning: the rows are still fresh, but not read a moment ago
    const readAt = clock;
    const answers = [];
    for (let i = 0; i < 20; i++) {
      answers.push(await cache.row('Samples', `NEW-${i}`));
      clock += 500; // a scan every half second
    }
    // The first miss read the labsheet again (the tube may be new since); the other 19 answered from it.
    expect((listings() - oneRead) / oneRead).toBe(1);
    for (const a of answers)
      expect(a).toEqual({ found: false, labsheet: 'Samples', fetchedAt: readAt, fromCache: false, partial: false });
    // A known tube among them is still found, from the same rows.
    expect(await cache.row('Samples', 'XB17')).toMatchObject({ found: true, fetchedAt: readAt });
  });

  it('a tube registered on the service after that moment is found on its next scan', async () => {
    expect(await cache.row('Samples', 'LATE-1')).toMatchObject({ found: false, fetchedAt: clock });
    const before = listings();
    clock += 3_000;
    s.sandbox.store.seedRows('Samples', [{ 'Sample ID': 'LATE-1', 'Tube Barcode': 'LB1' }]);
    // Within the moment: the answer is the rows as read 3 s ago, and says so.
    expect(await cache.row('Samples', 'LB1')).toMatchObject({ found: false, fetchedAt: clock - 3_000 });
    expect(listings()).toBe(before);
    clock += 13_000; // past it (15 s by default): the next scan reads again and finds the tube
    expect(await cache.row('Samples', 'LB1')).toMatchObject({
      found: true,
      matchedBy: 'ID_BARCODE',
      fetchedAt: clock,
      row: { 'Sample ID': 'LATE-1' },
    });
    expect(listings() - before).toBe(requestsToList(ROWS + 1));
  });

  it('an explicit refresh reads again even within the moment', async () => {
    await cache.row('Samples', 'LATE-2');
    s.sandbox.store.seedRows('Samples', [{ 'Sample ID': 'LATE-2' }]);
    expect(await cache.row('Samples', 'LATE-2')).toMatchObject({ found: false });
    expect(await cache.row('Samples', 'LATE-2', true)).toMatchObject({ found: true });
  });

  it('concurrent misses on one labsheet share one read', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => cache.row('Samples', `NEW-${i}`)));
    expect(answers.every((a) => !a.found && a.fetchedAt === clock)).toBe(true);
    expect(listings()).toBe(requestsToList(ROWS));
  });

  it('the moment is an option: 0 reads again on every miss, as before', async () => {
    const eager = createReadCache({
      store,
      client: async () => s.client,
      outbox: s.outbox,
      now: () => clock,
      missAnsweredWithinMs: 0,
    });
    try {
      await eager.row('Samples', 'NEW-1');
      await eager.row('Samples', 'NEW-2');
      expect(listings()).toBe(2 * requestsToList(ROWS));
    } finally {
      eager.close();
    }
  });

  it('offline, a miss says it was looked for in the saved copy, and how old that is', async () => {
    await cache.row('Samples', 'S-0007');
    const readAt = clock;
    clock += 40_000;
    s.proxy.setFaults([{ fault: { kind: 'reset-before' } }]);
    expect(await cache.row('Samples', 'NEW-1')).toEqual({
      found: false,
      labsheet: 'Samples',
      fetchedAt: readAt,
      fromCache: true,
      partial: false,
    });
  });
});
