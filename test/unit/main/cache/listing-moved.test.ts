/**
 * The read cache reads a labsheet whole to answer "not in the labsheet". Listed page by page (the spec's
 * page × pageSize, no cursor) while another bench removes a row before a page boundary, every later row
 * moves up one: the old listing lost the row after the boundary and saved the rest as the whole
 * labsheet, so that tube was answered "not in the labsheet". A real cache store on disk; the service is
 * a labsheet served as the spec pages it.
 */
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createReadCache, openCacheStore, type CacheStore, type ReadCache } from '../../../../main/cache/index.js';
import type { LabClient } from '../../../../main/api/index.js';
import { createOutbox, type Outbox } from '../../../../main/outbox/index.js';
import type { RequestOf, ResponseOf } from '../../../../shared/api/endpoints.js';
import { fakeNow, tempDir } from '../outbox/helpers.js';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** 1,500 rows; before the second page is answered another bench removes row 10. */
function labsheetLosingARow() {
  const ids = Array.from({ length: 1_500 }, (_, i) => `S-${String(i).padStart(4, '0')}`);
  let calls = 0;
  return {
    async fetchLabsheetRows(q: RequestOf<'fetchLabsheetRows'>): Promise<ResponseOf<'fetchLabsheetRows'>> {
      calls += 1;
      if (calls === 2) ids.splice(10, 1);
      const size = Number(q.pageSize);
      const start = (Number(q.page) - 1) * size;
      const rows = ids.slice(start, start + size).map((id) => [`uuid-${id}`, id, `TB${id.slice(2)}`]);
      return { headers: ['uuid', 'Sample ID', 'Tube Barcode'], rows, total: ids.length, success: true };
    },
  };
}

describe('read cache: a labsheet changed elsewhere while it was read', () => {
  let t: ReturnType<typeof tempDir>;
  let outbox: Outbox;
  let store: CacheStore;
  let cache: ReadCache;
  const clock = fakeNow();
  beforeEach(() => {
    t = tempDir('cache-moved-');
    outbox = createOutbox({ path: path.join(t.dir, 'outbox.db'), now: clock.now, log: quiet });
    store = openCacheStore(path.join(t.dir, 'read-cache.db'), clock.now);
    const service = labsheetLosingARow();
    cache = createReadCache({
      store,
      client: async () => service as unknown as LabClient,
      outbox,
      now: clock.now,
      log: quiet,
    });
  });
  afterEach(() => {
    cache.close();
    store.close();
    outbox.close();
  });

  it('a tube whose row moved across the page boundary is found: the listing is read again from the start', async () => {
    const answer = await cache.row('Samples', 'S-1000');
    // On the old code: { found: false, partial: false }, the listing of 1,499 rows taken for the labsheet.
    expect(answer.found).toBe(true);
    expect(store.shape('Samples')?.partial).toBe(false);
    // Read whole the second time: the row removed at the other bench is gone, and no row is there twice.
    expect((await cache.row('Samples', 'S-0010')).found).toBe(false);
    expect((await cache.row('Samples', 'S-0011')).found).toBe(true);
  });
});
