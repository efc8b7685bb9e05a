/**
 * The read cache records each well change the service confirmed as this computer's record of the
 * plate, reading the entries of a batch of outbox changes. One row this version cannot read (damaged,
 * or written by a newer version) in the batch skips only itself: the other changes of the batch are
 * still recorded, and the row is logged once by id, never with its content. A real outbox and a real
 * cache store on disk, a row corrupted in SQLite; the service is never asked.
 */
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createReadCache, openCacheStore, type CacheStore, type ReadCache } from '../../../../main/cache/index.js';
import type { Logger } from '../../../../main/common/logger.js';
import { createOutbox, type Outbox } from '../../../../main/outbox/index.js';
import { fakeNow, tempDir } from '../outbox/helpers.js';

describe('one unreadable entry in a batch of changes the read cache reacts to', () => {
  let t: ReturnType<typeof tempDir>;
  let outbox: Outbox;
  let store: CacheStore;
  let cache: ReadCache;
  let logged: { level: string; msg: string; fields: Record<string, unknown> | undefined }[];
  const clock = fakeNow();
  beforeEach(() => {
    t = tempDir('cache-unreadable-');
    logged = [];
    const log: Logger = {
      info: (msg, fields) => logged.push({ level: 'info', msg, fields }),
      warn: (msg, fields) => logged.push({ level: 'warn', msg, fields }),
      error: (msg, fields) => logged.push({ level: 'error', msg, fields }),
    };
    outbox = createOutbox({ path: path.join(t.dir, 'outbox.db'), now: clock.now, log });
    store = openCacheStore(path.join(t.dir, 'read-cache.db'), clock.now);
    // Well fill read the plate before: the cache knows it by both its names, with no wells listed.
    store.putManifest(
      {
        uuid: 'plate-1',
        hrid: 'PL-0001',
        barcode: 'BC-PL-0001',
        name: 'Plate 1',
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
    cache = createReadCache({
      store,
      client: () => Promise.reject(new Error('the service is not asked here')),
      outbox,
      now: clock.now,
      log,
    });
  });
  afterEach(() => {
    cache.close();
    store.close();
    outbox.close();
    t.cleanup();
  });

  const fill = (
    position: string,
    sample: string,
    manifest: { uuid: string } | { hrid: string } = { uuid: 'plate-1' },
  ) => outbox.enqueue({ type: 'well-set', manifest, position, sample: { id: sample, labsheet: 'Samples' } });
  const corrupt = (id: number, payload: string) =>
    outbox.db.prepare(`UPDATE entries SET payload = ? WHERE id = ?`).run(payload, id);
  const sent = (ids: number[]) => {
    outbox.claim(ids, `r-${ids.join('-')}`, 'test');
    outbox.settle(ids.map((id) => ({ id, state: 'done' as const })));
  };
  const recorded = () =>
    Object.fromEntries(store.manifest('uuid', 'plate-1')!.wells.map((w) => [w.position, w.sample?.id ?? null]));

  it('a damaged row first in the batch: the other changes are still recorded; it is logged once, by id', () => {
    const bad = fill('A1', 'S-SECRET-1');
    const byUuid = fill('A2', 'S-0002');
    const byHrid = fill('A3', 'S-0003', { hrid: 'PL-0001' });
    corrupt(bad, '{"type":"well-set","manifest":{"uuid":"plate-1"},"position":"A1","sample":{"id":"S-SECRET-1"');

    sent([bad, byUuid, byHrid]);
    expect(recorded()).toEqual({ A2: 'S-0002', A3: 'S-0003' });

    // Changed again (discarded by the user after a retry, say): still one line for it, and no content.
    outbox.db.prepare(`UPDATE entries SET state = 'failed' WHERE id = ?`).run(bad);
    expect(outbox.discard(bad)).not.toBeNull();
    const warned = logged.filter((l) => l.level !== 'info');
    expect(warned.map((l) => l.fields)).toEqual([{ id: bad, type: 'well-set' }]);
    expect(JSON.stringify(logged)).not.toMatch(/SECRET/);
  });

  it('a row a newer version wrote, in the middle of the batch, skips only itself', () => {
    const before = fill('B1', 'S-0011');
    const newer = fill('B2', 'S-0012');
    const after = fill('B3', 'S-0013');
    // A field this version has never heard of, as a newer version may write it.
    const payload = JSON.parse(
      (outbox.db.prepare(`SELECT payload FROM entries WHERE id = ?`).get(newer) as { payload: string }).payload,
    ) as Record<string, unknown>;
    corrupt(newer, JSON.stringify({ ...payload, volume: '20 µl' }));

    sent([before, newer, after]);
    expect(recorded()).toEqual({ B1: 'S-0011', B3: 'S-0013' });
    expect(logged.filter((l) => l.level !== 'info').map((l) => l.fields)).toEqual([{ id: newer, type: 'well-set' }]);
  });
});
