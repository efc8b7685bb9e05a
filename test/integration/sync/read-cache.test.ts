import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createReadCache, openCacheStore, type CacheStore, type ReadCache } from '../../../main/cache/index.js';
import { tempDir } from '../../unit/main/outbox/helpers.js';
import type { AnswerOptions } from '../../../main/sandbox/answers/profiles.js';
import type { Intent } from '../../../shared/outbox/intents.js';
import { stackPerTest, startStack, type Stack } from './stack.js';
import { foundRow } from '../../helpers/found-row.js';
import { MAX_KNOWN_LOCATIONS, rowAnswerAt } from '../../../shared/ipc/channels/cache.js';

describe('read cache: works offline, says how old, overlays pending wells', () => {
  const { stack: s, dir } = stackPerTest('cache-it-');
  let store: CacheStore;
  let cache: ReadCache;
  let clock = 1_000_000;
  beforeEach(() => {
    clock = 1_000_000;
    store = openCacheStore(path.join(dir(), 'read-cache.db'));
    cache = createReadCache({ store, client: async () => s.client, outbox: s.outbox, now: () => clock });
  });
  afterEach(() => {
    cache.close();
    store.close();
  });

  it('finds a labsheet row by ID and by ID_BARCODE, also offline', async () => {
    const byId = await cache.row('Samples', 'S-0007');
    expect(byId).toMatchObject({
      idColumn: 'Sample ID',
      barcodeColumn: 'Tube Barcode',
      matchedBy: 'ID',
      fromCache: false,
    });
    expect(foundRow(byId)?.row['Tube Barcode']).toBe('TB000007');
    s.proxy.setFaults([{ fault: { kind: 'reset-before' } }]);
    const byBarcode = await cache.row('Samples', 'TB000008', true);
    expect(byBarcode).toMatchObject({ matchedBy: 'ID_BARCODE', fromCache: true });
    expect(foundRow(byBarcode)?.row['Sample ID']).toBe('S-0008');
  });

  it('asks for the rows without an archive filter: `any` is the default and the spec does not name the parameter', async () => {
    await cache.row('Samples', 'S-0007');
    const listings = s.proxy.requests.filter((r) => r.path.startsWith('/labsheets/fetch-list-rows'));
    expect(listings.length).toBeGreaterThan(0);
    for (const r of listings) {
      const query = new URL(r.url, 'http://x').searchParams;
      expect(query.get('labsheet')).toBe('Samples');
      expect([...query.keys()].sort()).toEqual(['labsheet', 'page', 'pageSize']);
    }
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

  it('the sample index loads the rows once, answers ID → barcode for every row, and says when it is fresh', async () => {
    expect(store.shape('Samples')).toBeNull();
    const loaded: unknown[] = [];
    cache.events.on('rowsLoaded', (p) => loaded.push(p));
    const index = await cache.sampleIndex('Samples');
    expect(index).toMatchObject({
      labsheet: 'Samples',
      fetchedAt: 1_000_000,
      refreshFrom: 1_015_000,
      freshUntil: 1_030_000,
    });
    expect(index!.rows).toContainEqual(['S-0009', 'TB000009']);
    expect(index!.rows.length).toBe(store.rowKeys('Samples').length);
    expect(loaded).toEqual([{ labsheet: 'Samples', fetchedAt: 1_000_000 }]);
    // Loaded once: the first lookup needs no request.
    s.proxy.setFaults([{ fault: { kind: 'reset-before' } }]);
    expect(await cache.row('Samples', 'TB000009')).toMatchObject({ matchedBy: 'ID_BARCODE', fromCache: false });
    // Young rows are not reloaded for a second index.
    expect((await cache.sampleIndex('Samples'))?.fetchedAt).toBe(1_000_000);
    expect(loaded).toHaveLength(1);
    clock += 60_000;
    // Stale and offline: the saved copy is answered with its age (the page then asks per scan).
    s.proxy.setFaults([{ fault: { kind: 'reset-before' } }]);
    expect(await cache.sampleIndex('Samples')).toMatchObject({ fetchedAt: 1_000_000, freshUntil: 1_030_000 });
    expect(await cache.sampleIndex('Nope')).toBeNull();
    // Online again: a stale index reloads, and the page is told.
    s.proxy.setFaults([]);
    expect((await cache.sampleIndex('Samples'))?.fetchedAt).toBe(1_060_000);
    expect(loaded).toEqual([
      { labsheet: 'Samples', fetchedAt: 1_000_000 },
      { labsheet: 'Samples', fetchedAt: 1_060_000 },
    ]);
  });

  it('many values at once: each answered as cache.row answers it, in order, the rows read again once for those not held', async () => {
    const listings = () => s.proxy.requests.filter((r) => r.path.startsWith('/labsheets/fetch-list-rows')).length;
    await cache.row('Samples', 'S-0007');
    // The first lookup read the labsheet once: its pages are what one reload asks for.
    const before = listings();
    // Past the moment in which a miss is answered from the rows just read (read-cache-misses.test.ts).
    clock += 16_000;
    const values = ['TB000008', 'NEW000001', 'S-0009', 'NEW000002', 'TB000008'];
    const answer = await cache.rows('Samples', values);
    const rows = values.map((_, k) => rowAnswerAt(answer, k));
    expect(rows.map((r) => (r.found ? [r.matchedBy, r.row['Sample ID']] : null))).toEqual([
      ['ID_BARCODE', 'S-0008'],
      null,
      ['ID', 'S-0009'],
      null,
      ['ID_BARCODE', 'S-0008'],
    ]);
    // Two values no saved row holds (perhaps new since): one reload of the labsheet for both, not one each.
    expect(listings() - before).toBe(before);
    // The columns come once, each row's cells in their order.
    const at = (h: string) => answer.headers.indexOf(h);
    const first = answer.rows[0];
    const cells = first && 'cells' in first ? first.cells : [];
    expect(cells[at('Sample ID')]).toBe('S-0008');
    expect(cells[at('Tube Barcode')]).toBe('TB000008');
    expect(cells).toHaveLength(answer.headers.length);
    for (const [k, v] of values.entries()) expect(await cache.row('Samples', v)).toEqual(rows[k]);

    // Offline: the saved copy answers, marked as such.
    s.proxy.setFaults([{ fault: { kind: 'reset-before' } }]);
    clock += 31_000;
    const offline = await cache.rows('Samples', ['S-0007', 'NEW000001']);
    expect(offline.fromCache).toBe(true);
    expect(offline.rows.map((r) => (r && 'matchedBy' in r ? r.matchedBy : null))).toEqual(['ID', null]);
  });

  it('labsheet names fall back to the last list when offline', async () => {
    expect((await cache.labsheets()).names).toEqual(expect.arrayContaining(['Samples', 'Reagents']));
    s.proxy.setFaults([{ fault: { kind: 'reset-before' } }]);
    const offline = await cache.labsheets();
    expect(offline).toMatchObject({ fromCache: true, fetchedAt: 1_000_000 });
    expect(offline.names).toContain('Samples');
  });
});

describe("read cache: plates, as the sandbox's demo answers and as a real service answers them", () => {
  let t: ReturnType<typeof tempDir>;
  let s: Stack;
  let store: CacheStore;
  let cache: ReadCache;
  let clock = 1_000_000;
  async function start(answers: AnswerOptions): Promise<void> {
    clock = 1_000_000;
    t = tempDir('cache-it-');
    s = await startStack(t.dir, {}, answers);
    store = openCacheStore(path.join(t.dir, 'read-cache.db'));
    cache = createReadCache({ store, client: async () => s.client, outbox: s.outbox, now: () => clock });
  }
  afterEach(async () => {
    cache.close();
    store.close();
    await s.close();
    t.cleanup();
  });

  it('a manifest read online is served from the cache offline, with its age and the pending wells (extended answers list wells)', async () => {
    await start({ profile: 'extended' });
    const online = await cache.manifest({ hrid: 'PL-0001' });
    expect(online).toMatchObject({
      hrid: 'PL-0001',
      rows: 8,
      columns: 12,
      fromCache: false,
      fetchedAt: 1_000_000,
      wellsFrom: 'service',
      unplacedUsed: 0,
    });
    expect(online!.wells.find((w) => w.position === 'A1')?.sample).toEqual({ id: 'S-0001', labsheet: 'Samples' });

    s.proxy.setFaults([{ fault: { kind: 'reset-before' } }]);
    const id = s.outbox.enqueue({
      type: 'well-set',
      manifest: { hrid: 'PL-0001' },
      position: 'B1',
      sample: { id: 'S-0050', labsheet: 'Samples' },
    });
    clock += 60_000;
    const offline = await cache.manifest({ barcode: 'PLT000001' });
    expect(offline).toMatchObject({ fromCache: true, fetchedAt: 1_000_000, hrid: 'PL-0001' });
    expect(offline!.pending).toEqual([expect.objectContaining({ entryId: id, state: 'pending' })]);
    expect(cache.locations()).toEqual([expect.objectContaining({ kind: 'manifest', hrid: 'PL-0001', rows: 8 })]);
  });

  // On the old code the plate's changes did not say whether a failed one may be on the service, so Well fill
  // drew one that failed before any try "unsure whether it arrived" over a tube it never sent.
  it('a failed well change says whether it may be on the service, as the Outbox decides it (mayHaveArrived)', async () => {
    await start({ profile: 'extended' });
    expect(await cache.manifest({ hrid: 'PL-0001' })).not.toBeNull();
    s.proxy.setFaults([{ fault: { kind: 'reset-before' } }]);
    const fill = (position: string, id: string) =>
      s.outbox.enqueue({
        type: 'well-set',
        manifest: { hrid: 'PL-0001' },
        position,
        sample: { id, labsheet: 'Samples' },
      });
    const local = fill('B1', 'S-0050');
    const gaveUp = fill('B2', 'S-0051');
    const setAside = fill('B3', 'S-0052');
    const at = clock;
    s.outbox.settle([
      { id: local, state: 'failed', error: { kind: 'local', message: 'Could not be written here.', at } },
      { id: gaveUp, state: 'failed', error: { kind: 'gave-up', message: 'Stopped after 8 attempts.', at } },
      { id: setAside, state: 'failed', error: { kind: 'superseded', message: 'Not sent: a newer change.', at } },
    ]);
    const m = await cache.manifest({ hrid: 'PL-0001' });
    const why = Object.fromEntries(m!.pending.map((p) => [p.entryId, p.mayHaveArrived]));
    expect(why).toEqual({ [local]: null, [gaveUp]: 'gave-up', [setAside]: 'superseded' });
  });

  it('known plates: the list is the most recently opened, bounded; a code is found among all of them', async () => {
    const plate = (n: number) => ({
      uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      name: `Plate ${String(n).padStart(4, '0')}`,
      kind: 'manifest' as const,
      hrid: `PL-${n}`,
      barcode: `PLT${String(n).padStart(6, '0')}`,
      rows: 8,
      columns: 12,
    });
    await start({ profile: 'spec' });
    // Years of plates opened on this computer, the first one longest ago.
    const opened = MAX_KNOWN_LOCATIONS + 100;
    for (let n = 1; n <= opened; n++) store.putLocation(plate(n), n);
    const listed = cache.locations();
    expect(listed).toHaveLength(MAX_KNOWN_LOCATIONS);
    expect(listed.map((l) => l.name)).toEqual(
      Array.from({ length: MAX_KNOWN_LOCATIONS }, (_, i) => plate(opened - MAX_KNOWN_LOCATIONS + 1 + i).name),
    );
    // The first plate is past the list, and still found by any of its codes.
    expect(cache.locations(plate(1).barcode)).toEqual([plate(1)]);
    expect(cache.locations(plate(1).uuid)).toEqual([plate(1)]);
    expect(cache.locations('PLATE 0001')).toEqual([plate(1)]);
    expect(cache.locations('PLT999999')).toEqual([]);
  });

  it('a service that lists no wells: the layout comes from the template name, used wells it cannot place are counted', async () => {
    await start({ profile: 'spec' });
    // PL-0001 of the demo lab already holds samples and controls, filled "at another bench".
    const used = 96 - Number(s.sandbox.store.manifests.emptySpaces(s.sandbox.store.manifests.find('hrid', 'PL-0001')!));
    expect(used).toBeGreaterThan(0);
    const m = await cache.manifest({ hrid: 'PL-0001' });
    expect(m).toMatchObject({
      rows: 8,
      columns: 12,
      layoutFrom: 'template',
      wellsFrom: 'this-computer',
      wells: [],
      unplacedUsed: used,
    });
    expect(m!.basis).toEqual({ lastUpdate: expect.any(String), emptySpaces: 96 - used });
  });

  it("this computer's confirmed writes become its record of the plate, and no longer count as unplaced", async () => {
    await start({ profile: 'spec' });
    const uuid = s.sandbox.store.manifests.find('hrid', 'PL-0002')!.uuid;
    const before = await cache.manifest({ uuid });
    s.outbox.enqueueMany(
      ['A1', 'A2'].map((position, i): Intent => ({
        type: 'well-set',
        manifest: { uuid },
        position,
        sample: { id: `S-00${60 + i}`, labsheet: 'Samples' },
        label: 'SAMPLE',
        tags: [],
      })),
    );
    await s.engine.syncNow();
    const after = await cache.manifest({ uuid });
    expect(after!.wells.map((w) => [w.position, w.sample?.id])).toEqual([
      ['A1', 'S-0060'],
      ['A2', 'S-0061'],
    ]);
    expect(after!.unplacedUsed).toBe(before!.unplacedUsed);
    expect(after!.basis.emptySpaces).toBe(before!.basis.emptySpaces! - 2);
  });

  it('a template whose name says nothing is asked once and remembered for every plate of that kind', async () => {
    await start({ profile: 'spec' });
    const m = s.sandbox.store.manifests.find('hrid', 'PL-0001')!;
    s.sandbox.store.db.prepare('UPDATE manifests SET template = ? WHERE uuid = ?').run('Custom deep-well', m.uuid);
    expect(await cache.manifest({ uuid: m.uuid })).toMatchObject({ layoutFrom: 'unknown', unplacedUsed: 0 });
    cache.setTemplateLayout('Custom deep-well', { rows: 8, columns: 12 });
    expect(await cache.manifest({ uuid: m.uuid })).toMatchObject({ layoutFrom: 'user', rows: 8, columns: 12 });
  });
});
