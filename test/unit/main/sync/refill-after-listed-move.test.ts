import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createReadCache, openCacheStore, type CacheStore, type ReadCache } from '../../../../main/cache/index.js';
import { createOutbox, type Outbox } from '../../../../main/outbox/index.js';
import { heldByRules } from '../../../../main/sync/cross-target.js';
import { ENTRY_BATCH_LIMIT } from '../../../../main/sync/coalesce.js';
import { askedOnce } from '../../../../main/sync/tube-names.js';
import type { Intent } from '../../../../shared/outbox/intents.js';
import { fakeNow, tempDir } from '../outbox/helpers.js';

/**
 * Another bench put S-0099 in the box's A1; this computer moved that tube (scanned by its barcode,
 * TB000099) into a plate from the plate's screen, so the move says nothing of the box, and then refilled
 * A1 with TB000150. The page freed A1 from main's copy of the box, which lists S-0099 there. With the
 * plate's lane held (a 503), the refill went first: "A1 already holds S-0099", and it stayed failed after
 * the move went. The rules of the real outbox on disk, with the real read cache's copy of the box and
 * its rows (what the sync engine is given).
 */
describe('a refill of a position the saved copy lists another bench tube in', () => {
  let t: ReturnType<typeof tempDir>;
  let outbox: Outbox;
  let store: CacheStore;
  let cache: ReadCache;
  const clock = fakeNow();
  const BOX = '0b0c0000-0000-4000-8000-000000000001';
  const PLATE = '0b0c0000-0000-4000-8000-000000000002';
  const move = (id: string, locationId: string, position?: string): Intent => ({
    type: 'location-assign',
    labsheet: 'Samples',
    locationId,
    idType: 'ID_BARCODE',
    id,
    ...(position ? { position } : {}),
  });
  beforeEach(() => {
    t = tempDir('refill-listed-');
    outbox = createOutbox({ path: path.join(t.dir, 'outbox.db'), now: clock.now });
    store = openCacheStore(path.join(t.dir, 'read-cache.db'), clock.now);
    store.putRows(
      'Samples',
      { headers: ['uuid', 'Sample ID', 'Tube Barcode'], idColumn: 'Sample ID', barcodeColumn: 'Tube Barcode' },
      [
        { uuid: 'row-99', 'Sample ID': 'S-0099', 'Tube Barcode': 'TB000099' },
        { uuid: 'row-150', 'Sample ID': 'S-0150', 'Tube Barcode': 'TB000150' },
      ],
      clock.now(),
    );
    store.putManifest(
      {
        uuid: BOX,
        hrid: 'BX-0001',
        barcode: 'BOX000001',
        name: 'Freezer Box 1',
        template: '81 Slot Box',
        rows: 9,
        columns: 9,
        fetchedAt: clock.now(),
        basis: { lastUpdate: null, emptySpaces: 80 },
        layoutFrom: 'service',
        wellsFrom: 'service',
      },
      [{ position: 'A1', sample: { id: 'S-0099', labsheet: 'Samples' }, label: 'SAMPLE', tags: [] }],
    );
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

  /** The box's lane as the rules cut it for one pass: the tubes sent, and what the next one waits for. */
  function boxPass(...intents: Intent[]) {
    const ids = outbox.enqueueMany(intents);
    const target = ids.map((id) => outbox.get(id)!.target).find((l) => l.includes(BOX))!;
    const names = askedOnce(cache.tubeNames);
    const { run, wait } = heldByRules(
      outbox,
      outbox.pendingOf(target, ENTRY_BATCH_LIMIT),
      names,
      undefined,
      cache.listedTubes,
    );
    const idOf = (n: number | undefined) => (n === undefined ? null : ids.indexOf(n));
    return {
      sent: run.map((e) => (e.intent.type === 'location-assign' ? e.intent.id : '')),
      wait: wait && { entry: idOf(wait.entry.id), on: idOf(wait.on.id), rule: wait.rule },
    };
  }

  it('waits for the move of the tube listed there, in the plate lane', () => {
    // On the old code the refill went at once: nothing here put S-0099 in A1, and the move has no `from`.
    expect(boxPass(move('TB000099', PLATE, 'A1'), move('TB000150', BOX, 'A1'))).toEqual({
      sent: [],
      wait: { entry: 1, on: 0, rule: 'moved-out-before' },
    });
  });

  it('within the box: the move of the listed tube goes first, the refill in a request after it', () => {
    expect(boxPass(move('TB000099', BOX, 'A5'), move('TB000150', BOX, 'A1'))).toEqual({
      sent: ['TB000099'],
      wait: { entry: 1, on: 0, rule: 'moved-out-before' },
    });
  });

  it('holds nothing for a move of the listed tube made after the refill', () => {
    expect(boxPass(move('TB000150', BOX, 'A1'), move('TB000099', PLATE, 'A1'))).toEqual({
      sent: ['TB000150'],
      wait: null,
    });
  });

  it('holds nothing for the listed tube scanned into its own position again (by its other name)', () => {
    expect(boxPass(move('TB000099', BOX, 'A1'))).toEqual({ sent: ['TB000099'], wait: null });
  });
});
