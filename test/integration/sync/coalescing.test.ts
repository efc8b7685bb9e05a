import { describe, expect, it } from 'vitest';
import { positionsInOrder } from '../../../shared/layout/positions.js';
import type { Intent } from '../../../shared/outbox/intents.js';
import { serverRow, serverWell, stackPerTest, until } from './stack.js';

const sample = (n: number) => `S-${String(n).padStart(4, '0')}`;
const tube = (n: number) => `TB${String(n).padStart(6, '0')}`;

describe('coalesced sync against the real sandbox, counted at the fault proxy', () => {
  const { stack: s } = stackPerTest('sync-it-');

  it('a full 384-well plate filled offline syncs in exactly one manifest/update', async () => {
    s.proxy.setFaults([{ fault: { kind: 'reset-before' } }]);
    s.engine.start();
    const positions = positionsInOrder({ rows: 16, columns: 24 }, 'row-major');
    for (const [i, position] of positions.entries()) {
      s.outbox.enqueue({
        type: 'well-set',
        manifest: { hrid: 'PL-0002' },
        position,
        sample: { id: sample((i % 300) + 1), labsheet: 'Samples' },
      });
    }
    await until(() => s.engine.status().online === false, 5_000, 'offline');
    expect(s.forwarded('/manifest/update')).toBe(0);
    expect(s.outbox.counts().pending).toBe(384);
    s.proxy.setFaults([]);
    await s.engine.syncNow();
    expect(s.forwarded('/manifest/update')).toBe(1);
    expect(s.outbox.counts()).toMatchObject({ pending: 0, done: 384, failed: 0 });
    expect(serverWell(s.sandbox, 'PL-0002', 'P24').sampleId).toBe(sample((383 % 300) + 1));
    expect(serverWell(s.sandbox, 'PL-0002', 'A1').sampleId).toBe(sample(1));
  });

  it('96 tube assignments to one plate location go in one assign-location', async () => {
    const m = s.sandbox.store.manifests.find('hrid', 'PL-0001')!;
    const positions = positionsInOrder({ rows: 8, columns: 12 }, 'row-major');
    s.outbox.enqueueMany(
      positions.map((position, i): Intent => ({
        type: 'location-assign',
        labsheet: 'Samples',
        locationId: m.uuid,
        idType: 'ID_BARCODE',
        id: tube(i + 1),
        position,
      })),
    );
    s.engine.start();
    await until(() => s.outbox.counts().done === 96, 10_000, 'all assigned');
    expect(s.forwarded('/labsheets/assign-location')).toBe(1);
    expect(serverRow(s.sandbox, 'Samples', tube(96))).toMatchObject({ locationUuid: m.uuid, position: 'H12' });
  });

  it('tubes put in a freezer (no positions) are done, whether or not the answer lists them', async () => {
    const freezer = s.sandbox.store.locations.byName('Fridge 4C')[0]!;
    s.outbox.enqueueMany(
      [1, 2, 3].map((n): Intent => ({
        type: 'location-assign',
        labsheet: 'Samples',
        locationId: freezer.uuid,
        idType: 'ID_BARCODE',
        id: tube(200 + n),
      })),
    );
    await s.engine.syncNow();
    expect(s.forwarded('/labsheets/assign-location')).toBe(1);
    expect(s.outbox.counts()).toMatchObject({ pending: 0, done: 3, failed: 0 });
    expect(serverRow(s.sandbox, 'Samples', tube(203))).toMatchObject({ locationUuid: freezer.uuid });
  });

  it('300 row updates that set the same cell alike go in one update-rows-by-id; an unknown ID fails alone as not found', async () => {
    const ids = s.outbox.enqueueMany([
      ...Array.from({ length: 300 }, (_, i): Intent => ({
        type: 'row-update',
        labsheet: 'Samples',
        idColumn: 'Sample ID',
        id: sample(i + 1),
        changes: { Notes: 'checked' },
      })),
      { type: 'row-update', labsheet: 'Samples', idColumn: 'Sample ID', id: 'S-9999', changes: { Notes: 'checked' } },
    ]);
    await s.engine.syncNow();
    expect(s.forwarded('/labsheets/update-rows-by-id')).toBe(1);
    expect(s.outbox.counts()).toMatchObject({ done: 300, failed: 1 });
    expect(s.outbox.get(ids[300]!)!.lastError?.message).toMatch(/Not found/);
    expect(serverRow(s.sandbox, 'Samples', sample(300))!.byName.Notes).toBe('checked');
  });

  it('rows that set cells otherwise go in a request per set of values: the spec does not show how rows group', async () => {
    const notes = ['a', 'b', 'a', 'c', 'b', 'a'];
    s.outbox.enqueueMany(
      notes.map((n, i): Intent => ({
        type: 'row-update',
        labsheet: 'Samples',
        idColumn: 'Sample ID',
        id: sample(i + 1),
        changes: { Notes: n },
      })),
    );
    await s.engine.syncNow();
    // On the old code: 1, the rows' different values in one request.
    expect(s.forwarded('/labsheets/update-rows-by-id')).toBe(3);
    expect(s.outbox.counts()).toMatchObject({ done: 6 });
    notes.forEach((n, i) => expect(serverRow(s.sandbox, 'Samples', sample(i + 1))!.byName.Notes).toBe(n));
  });
});
