import { describe, expect, it } from 'vitest';
import { handleAssignScan } from '../../../../../renderer/workflows/assign-location/assign-scans.js';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * A box the service answers with `barcode: null` (the spec's answers allow it): main keeps it with no
 * barcode. Opened once by its hrid, then scanned by its uuid, as Data › Locations tells the user to: on
 * the old code main was asked for the box whose barcode is "" ("Give exactly one of barcode, hrid or uuid").
 */
const open = benchesPerTest();

describe('a box the service answers with barcode: null (spec variation)', () => {
  it('opens when its uuid is scanned (as Data › Locations tells the user to)', async () => {
    const b = await open('spec');
    const m = b.sandbox().store.manifests.find('barcode', 'BOX000001')!;
    const body = JSON.stringify({
      success: true,
      name: m.name,
      template: m.template,
      uuid: m.uuid,
      hrid: m.hrid,
      barcode: null,
      emptySpaces: String(m.layout.rows * m.layout.columns),
      lastUpdate: new Date().toISOString(),
    });
    b.proxy().setFaults([{ path: '/manifest/fetch-metadata', fault: { kind: 'replace', body } }]);
    const first = b.assignScreen();
    await first.scan('BX-0001');
    expect(first.s.location?.uuid).toBe(m.uuid);
    const again = b.assignScreen();
    let thrown: unknown = null;
    try {
      await handleAssignScan(again.s, { text: m.uuid, source: 'field', mainAt: null });
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeNull();
    expect(again.s.location?.uuid).toBe(m.uuid);
    expect(b.said()).toMatch(/^Location: BX-0001 /);
  });
});
