import { describe, expect, it, vi } from 'vitest';
import { followEntrySync, type QueuedItem } from '../../../../../renderer/lib/outbox/follow-entry-sync.js';
import type { Intent } from '../../../../../shared/outbox/intents.js';
import { pageOnMainForSuite } from '../../../../helpers/page-on-main.js';
import { fixtureFileForSuite, tubeLab } from '../../../../helpers/tube-lab.js';

/**
 * A screen's list follows its entries' news (followEntrySync): a rack file's 1,248 moves, sent and confirmed
 * by the real main in-process and its embedded sandbox, come back in a few batches of news. Each news was
 * looked for among all the items: 1,248 × 1,248 reads of an item's entry. `reads` counts them.
 */
const TUBES = 1248;
const tube = (n: number) => `TB${String(n).padStart(6, '0')}`;
const lab = fixtureFileForSuite(
  tubeLab({
    token: 'follow-many-test-token',
    tubes: TUBES,
    digits: 5,
    barcode: tube,
    manifests: [
      {
        name: 'Rack 1',
        hrid: 'RK-0001',
        barcode: 'RACK000001',
        template: '1248 Tube Rack',
        layout: { rows: 26, columns: 48 },
      },
    ],
  }),
);
const page = pageOnMainForSuite(() => ({ sandboxFixture: lab() }), 60_000);
const pos = (i: number) => `${String.fromCharCode(65 + Math.floor(i / 48))}${(i % 48) + 1}`;

describe('followEntrySync: a rack file of news', () => {
  it("marks every item synced as its entry's news comes, reading each item a few times, not once a news", async () => {
    const rack = (await page.env.call('cache.manifest', { barcode: 'RACK000001' }))!;
    const intents: Intent[] = Array.from({ length: TUBES }, (_, i) => ({
      type: 'location-assign',
      labsheet: 'Samples',
      locationId: rack.uuid,
      idType: 'ID_BARCODE',
      id: tube(i + 1),
      position: pos(i),
    }));
    const { ids } = await page.env.call('outbox.enqueueMany', { intents });
    let reads = 0;
    const items: QueuedItem[] = ids.map((id) => {
      const item = { sync: 'pending', reason: null } as QueuedItem;
      return Object.defineProperty(item, 'entryId', { enumerable: true, get: () => (reads++, id) });
    });
    const confirmed: QueuedItem[] = [];
    const stop = followEntrySync(
      page.env.api,
      page.outbox,
      () => items,
      (changed) => confirmed.push(...changed),
    );
    try {
      await page.env.call('outbox.syncNow', {});
      await vi.waitFor(() => expect(items.filter((x) => x.sync !== 'synced')).toHaveLength(0), { timeout: 30_000 });
      expect(new Set(confirmed)).toEqual(new Set(items));
      expect(reads / TUBES).toBeLessThan(20);
    } finally {
      stop();
    }
  }, 60_000);
});
