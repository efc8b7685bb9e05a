/**
 * A tube put in a box or plate on Assign location under one of its names (its barcode, scanned on the
 * tube) and moved elsewhere under another (its sample ID, scanned from a label or a rack file, or its
 * row's uuid). The service moves the tube, so the old position is free there; the read cache's view of
 * the old box or plate, read again, must show it free too: no standing assignment of this computer may
 * still draw the tube there. Before, "standing" was judged by the text queued, so the old assignment
 * still stood, the old box drew the tube in its old position (striped), Assign location passed over it
 * and a tube scanned into it was refused as taken. Real sandbox over HTTP (`varied` answers: no wells
 * listed, as a real service may answer), behind the fault proxy; the read cache as main/app.ts wires it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { IdType } from '../../../shared/api/primitives.js';
import type { Intent } from '../../../shared/outbox/intents.js';
import { tempDir } from '../../unit/main/outbox/helpers.js';
import { serverRow, serverWell, startStackWithNames } from './stack.js';

const open: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of open.splice(0).reverse()) await c();
});

async function bench() {
  const temp = tempDir('sync-moved-other-name-');
  open.push(() => temp.cleanup());
  const s = await startStackWithNames(temp.dir);
  open.push(() => s.close());
  const manifests = s.sandbox.store.manifests;
  // A second box, as another freezer's box would be on the service.
  manifests.create({
    name: 'Freezer Box 2',
    hrid: 'BX-0002',
    barcode: 'BOX000002',
    template: '81 Slot Box',
    layout: { rows: 9, columns: 9 },
    lastUpdate: new Date().toISOString(),
  });
  const uuidOf = (hrid: string) => manifests.find('hrid', hrid)!.uuid;
  const assign = (hrid: string, idType: IdType, id: string, position: string): Intent => ({
    type: 'location-assign',
    labsheet: 'Samples',
    locationId: uuidOf(hrid),
    idType,
    id,
    position,
  });
  /** The positions the read cache's view of this box or plate, read again, shows this computer's tubes in. */
  const drawnHere = async (hrid: string): Promise<string[]> => {
    const m = await s.cache.manifest({ uuid: uuidOf(hrid) });
    expect(m).toMatchObject({ fromCache: false });
    return m!.pending.flatMap((p) =>
      p.intent.type === 'location-assign' ? [`${p.intent.position ?? ''} ${p.intent.id}`] : [],
    );
  };
  return { ...s, assign, drawnHere };
}

describe('a tube moved under another of its names leaves its old position free in the read cache', () => {
  it.each([
    ['box → box', 'BX-0002'],
    ['box → plate', 'PL-0003'],
  ])('%s: put in by its barcode, moved by its sample ID', async (_, to) => {
    const s = await bench();
    const tube = String(serverRow(s.sandbox, 'Samples', 'S-0101')!.byName['Tube Barcode']);
    s.outbox.enqueue(s.assign('BX-0001', 'ID_BARCODE', tube, 'A1'));
    await s.engine.syncNow();
    expect(await s.drawnHere('BX-0001')).toEqual([`A1 ${tube}`]);

    s.outbox.enqueue(s.assign(to, 'ID', 'S-0101', 'B2'));
    await s.engine.syncNow();
    expect(s.outbox.counts()).toMatchObject({ pending: 0, failed: 0, uncertain: 0 });
    expect(serverWell(s.sandbox, 'BX-0001', 'A1').sampleId).toBeNull();
    expect(serverWell(s.sandbox, to, 'B2').sampleId).toBe('S-0101');

    expect(await s.drawnHere('BX-0001')).toEqual([]);
    expect(await s.drawnHere(to)).toEqual(['B2 S-0101']);
  });

  it('plate → box: put in by its sample ID, moved by its row uuid', async () => {
    const s = await bench();
    const row = serverRow(s.sandbox, 'Samples', 'S-0102')!;
    s.outbox.enqueue(s.assign('PL-0003', 'ID', 'S-0102', 'C3'));
    await s.engine.syncNow();
    s.outbox.enqueue(s.assign('BX-0001', 'ROW_UUID', row.uuid, 'D4'));
    await s.engine.syncNow();
    expect(serverWell(s.sandbox, 'PL-0003', 'C3').sampleId).toBeNull();
    expect(serverWell(s.sandbox, 'BX-0001', 'D4').sampleId).toBe('S-0102');

    expect(await s.drawnHere('PL-0003')).toEqual([]);
    expect(await s.drawnHere('BX-0001')).toEqual([`D4 ${row.uuid}`]);
  });

  it("each assignment read with its box carries its tube's names from the saved rows; a tube no saved row holds carries none", async () => {
    const s = await bench();
    const row = serverRow(s.sandbox, 'Samples', 'S-0104')!;
    const tube = String(row.byName['Tube Barcode']);
    s.proxy.setFaults([{ path: '/labsheets/assign-location', fault: { kind: 'reset-before' } }]);
    s.outbox.enqueue(s.assign('BX-0001', 'ID_BARCODE', tube, 'A3'));
    s.outbox.enqueue(s.assign('BX-0001', 'ID_BARCODE', 'TB-NOT-SAVED', 'A4'));
    const m = await s.cache.manifest({ uuid: s.sandbox.store.manifests.find('hrid', 'BX-0001')!.uuid });
    const names = Object.fromEntries(
      m!.pending.flatMap((p) => (p.intent.type === 'location-assign' ? [[p.intent.id, p.names]] : [])),
    );
    // The page takes a waiting move's tube out of its `from` only when it is that tube, by these names;
    // without them a well may name it by a sample ID this computer does not know.
    expect(names).toEqual({ [tube]: expect.arrayContaining(['S-0104', tube, row.uuid]), 'TB-NOT-SAVED': undefined });
  });

  it('a move not sent yet already takes the tube out of its old position (as one under the same name does)', async () => {
    const s = await bench();
    const tube = String(serverRow(s.sandbox, 'Samples', 'S-0103')!.byName['Tube Barcode']);
    s.outbox.enqueue(s.assign('BX-0001', 'ID_BARCODE', tube, 'A2'));
    await s.engine.syncNow();
    s.proxy.setFaults([{ fault: { kind: 'reset-before' } }]);
    s.outbox.enqueue(s.assign('BX-0002', 'ID', 'S-0103', 'A2'));
    await s.engine.syncNow();
    expect(s.outbox.counts()).toMatchObject({ pending: 1 });
    s.proxy.setFaults([]);
    expect(await s.drawnHere('BX-0001')).toEqual([]);
    expect(await s.drawnHere('BX-0002')).toEqual(['A2 S-0103']);
  });
});
