import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOutbox, type Outbox } from '../../../../main/outbox/index.js';
import { ENTRY_BATCH_LIMIT } from '../../../../main/sync/coalesce.js';
import { laneWindow, passWindow } from '../../../../main/sync/pass-window.js';
import { ONLY_AS_QUEUED } from '../../../../main/sync/tube-names.js';
import type { Intent } from '../../../../shared/outbox/intents.js';
import { randInt, seededRandom } from '../../../helpers/seeded-random.js';
import { assign, fakeNow, rowUpdate, tempDir, wellSet } from '../outbox/helpers.js';

/**
 * A pass of the sync engine, and each Outbox listing, read a lane's first 5,000 pending entries (each one
 * parsed) for a window of its first 1,000 moves. They now read the first 1,001 and all 5,000 only when the
 * window runs to the end of those. The window must be the same as from all 5,000: seeded lanes of moves,
 * row updates and well changes, of every length around the batch sizes, with few or many distinct tubes.
 */
describe("a lane's pass window, read a page first", () => {
  let t: ReturnType<typeof tempDir>;
  let outbox: Outbox;
  beforeEach(() => {
    t = tempDir('lane-window-');
    outbox = createOutbox({ path: path.join(t.dir, 'o.db'), now: fakeNow().now });
  });
  afterEach(() => {
    outbox.close();
    t.cleanup();
  });

  /** `n` intents of one lane: moves into the box, updates of Samples rows or changes of plate PL-0001. */
  function lane(kind: 'moves' | 'rows' | 'wells', n: number, tubes: number, rand: () => number): Intent[] {
    return Array.from({ length: n }, (_, i) => {
      const tube = `TB${randInt(rand, 0, tubes - 1)}`;
      if (kind === 'moves') return assign(tube, `A${(i % 9) + 1}`);
      if (kind === 'rows') return rowUpdate(tube, { Status: `s${i}` });
      return wellSet(`A${(i % 12) + 1}`, tube);
    });
  }

  /** The lane's pending entries as the engine reads them, counting how many were read. */
  function reader(target: string) {
    let read = 0;
    return {
      read: (limit: number, afterId: number) => {
        const got = outbox.pendingHead(target, limit, afterId);
        read += got.length;
        return got;
      },
      count: () => read,
    };
  }

  it('is the window all 5,000 give, for lanes of every kind and length', () => {
    const rand = seededRandom(1129);
    const cases: ['moves' | 'rows' | 'wells', number, number][] = [
      ['moves', 1, 1],
      ['moves', 999, 5000],
      ['moves', 1001, 5000],
      ['moves', 1002, 5000],
      ['moves', 3000, 900],
      ['moves', 5500, 1200],
      ['rows', 501, 400],
      ['rows', 1200, 5000],
      ['wells', 2500, 50],
    ];
    for (const [kind, n, tubes] of cases) {
      const ids = outbox.enqueueMany(lane(kind, n, tubes, rand));
      const target = outbox.get(ids[0]!)!.target;
      const all = passWindow(outbox.pendingHead(target, ENTRY_BATCH_LIMIT), ONLY_AS_QUEUED);
      const { first, window } = laneWindow(reader(target).read, ONLY_AS_QUEUED);
      expect([kind, n, tubes, first?.id, window.map((e) => e.id)]).toEqual([
        kind,
        n,
        tubes,
        ids[0],
        all.map((e) => e.id),
      ]);
      // The next case in a lane of its own: these go as if sent.
      outbox.claim(ids, `r-${kind}-${n}`, 'x');
      outbox.settle(ids.map((id) => ({ id, state: 'done' as const })));
    }
  });

  it('reads 1,001 entries, not 5,000, for a window of 1,000 distinct tubes', () => {
    const ids = outbox.enqueueMany(lane('moves', 5000, 1_000_000, seededRandom(7)));
    const r = reader(outbox.get(ids[0]!)!.target);
    expect(laneWindow(r.read, ONLY_AS_QUEUED).window).toHaveLength(1000);
    expect(r.count()).toBe(1001);
  });
});
