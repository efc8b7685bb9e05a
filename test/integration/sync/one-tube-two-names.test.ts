/**
 * KNOWN DEFECT, not fixed yet (it.fails: this turns red once it is fixed; then drop `.fails`).
 *
 * One tube can be queued under either of its names: its barcode (scanned on the tube) or its sample
 * ID (scanned from a label, or typed). Moved by one name and then by the other, the tube must end
 * where it was put last, even when the service fails the older move's location once. Today it does
 * not: cutAtEarlierMoves and setAsideSuperseded know a tube only by the text it was queued under
 * (`intent.id`), and Assign location queues the scanned text, so TB000001 and S-0001 are two tubes to
 * them; box B's move goes while box A's lane backs off, and box A's lands last.
 */
import { describe, expect, it } from 'vitest';
import type { Intent } from '../../../shared/outbox/intents.js';
import { serverRow, stackPerTest, until } from './stack.js';

describe('a tube moved by its barcode, then by its sample ID', () => {
  const { stack: s } = stackPerTest('sync-tube-names-');

  it.fails('ends in the location it was put in last', async () => {
    const a = s.sandbox.store.manifests.find('hrid', 'PL-0001')!;
    const b = s.sandbox.store.manifests.find('hrid', 'PL-0002')!;
    const row = serverRow(s.sandbox, 'Samples', 'S-0001')!;
    const barcode = String(row.byName['Tube Barcode']);
    expect(barcode).not.toBe('S-0001');
    const assign = (locationId: string, idType: 'ID' | 'ID_BARCODE', id: string, position: string): Intent => ({
      type: 'location-assign',
      labsheet: 'Samples',
      locationId,
      idType,
      id,
      position,
    });
    // The first assign-location the service sees (box A's) fails once; box B's then goes.
    s.proxy.setFaults([{ path: '/labsheets/assign-location', fault: { kind: 'status', status: 500 }, count: 1 }]);
    const first = s.outbox.enqueue(assign(a.uuid, 'ID_BARCODE', barcode, 'A1'));
    const last = s.outbox.enqueue(assign(b.uuid, 'ID', 'S-0001', 'B2'));
    s.engine.start();
    await until(
      () => s.outbox.get(first)!.state === 'done' && s.outbox.get(last)!.state === 'done',
      10_000,
      'both assignments sent',
    );
    expect(serverRow(s.sandbox, 'Samples', 'S-0001')).toMatchObject({ locationUuid: b.uuid, position: 'B2' });
  });
});
