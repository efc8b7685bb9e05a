/**
 * One tube can be queued under either of its names: its barcode (scanned on the tube) or its sample
 * ID (scanned from a label, or typed), or its row's uuid (ROW_UUID, a scanned uuid). Moved by one name and then by the other, the tube must end
 * where it was put last, even when the service fails the older move's location once. The sync
 * engine's ordering rules (cross-target.ts, superseded.ts) see one tube through the read cache's
 * saved rows (`tubeNames`); without them TB000001 and S-0001 were two tubes, box B's move went while
 * box A's lane backed off, and box A's landed last.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createReadCache } from '../../../main/cache/read-cache.js';
import { openCacheStore } from '../../../main/cache/cache-store.js';
import type { IdType } from '../../../shared/api/primitives.js';
import type { Intent } from '../../../shared/outbox/intents.js';
import { tempDir } from '../../unit/main/outbox/helpers.js';
import { serverRow, startStackWithNames, until, type Stack } from './stack.js';

const open: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of open.splice(0).reverse()) await c();
});

/** The stack, with the engine asking a real read cache (rows loaded over HTTP) for a tube's names. */
async function stackWithNames(): Promise<Stack> {
  const temp = tempDir('sync-tube-names-');
  open.push(() => temp.cleanup());
  const s = await startStackWithNames(temp.dir);
  open.push(() => s.close());
  return s;
}

describe('a tube moved by its barcode (or its row uuid), then by its sample ID', () => {
  it.each(['ID_BARCODE', 'ROW_UUID'] as const)(
    'moved first by %s, ends in the location it was put in last',
    async (by) => {
      const s = await stackWithNames();
      const a = s.sandbox.store.manifests.find('hrid', 'PL-0001')!;
      const b = s.sandbox.store.manifests.find('hrid', 'PL-0002')!;
      const row = serverRow(s.sandbox, 'Samples', 'S-0001')!;
      const barcode = String(row.byName['Tube Barcode']);
      expect(barcode).not.toBe('S-0001');
      const assign = (locationId: string, idType: IdType, id: string, position: string): Intent => ({
        type: 'location-assign',
        labsheet: 'Samples',
        locationId,
        idType,
        id,
        position,
      });
      // The first assign-location the service sees (box A's) fails once; box B's must still wait for it.
      s.proxy.setFaults([{ path: '/labsheets/assign-location', fault: { kind: 'status', status: 500 }, count: 1 }]);
      const first = s.outbox.enqueue(assign(a.uuid, by, by === 'ROW_UUID' ? row.uuid : barcode, 'A1'));
      const last = s.outbox.enqueue(assign(b.uuid, 'ID', 'S-0001', 'B2'));
      s.engine.start();
      await until(
        () => s.outbox.get(first)!.state === 'done' && s.outbox.get(last)!.state === 'done',
        10_000,
        'both assignments sent',
      );
      expect(serverRow(s.sandbox, 'Samples', 'S-0001')).toMatchObject({ locationUuid: b.uuid, position: 'B2' });
    },
  );

  it('the read cache names a tube by its row: its ID first, then its barcode and uuid; an unknown one by itself', async () => {
    const s = await stackWithNames();
    const row = serverRow(s.sandbox, 'Samples', 'S-0001')!;
    const barcode = String(row.byName['Tube Barcode']);
    const temp = tempDir('tube-names-');
    open.push(() => temp.cleanup());
    const store = openCacheStore(path.join(temp.dir, 'read-cache.db'));
    open.push(() => store.close());
    const cache = createReadCache({ store, client: async () => s.client, outbox: s.outbox, now: Date.now });
    await cache.sampleIndex('Samples');
    const all = ['S-0001', barcode, row.uuid];
    expect(cache.tubeNames('Samples', barcode)).toEqual(all);
    expect(cache.tubeNames('Samples', 'S-0001')).toEqual(all);
    expect(cache.tubeNames('Samples', row.uuid)).toEqual(all);
    expect(cache.tubeNames('Samples', 'NOT-A-TUBE')).toEqual(['NOT-A-TUBE']);
  });
});
