import { describe, expect, it } from 'vitest';
import { AssignState } from '../../../../../renderer/workflows/assign-location/assign-state.svelte.js';
import { handleAssignScan } from '../../../../../renderer/workflows/assign-location/assign-scans.js';
import { parseRackCsv } from '../../../../../renderer/workflows/assign-location/rack-csv.js';
import { LOCAL_SANDBOX } from '../../../../helpers/in-process-api.js';
import { pageOnMainForSuite } from '../../../../helpers/page-on-main.js';
import { fixtureFileForSuite, tubeLab } from '../../../../helpers/tube-lab.js';

/**
 * A lab whose tube barcodes are not of the default pattern (FluidX-style FX…): the labsheet's barcode
 * column holds them. On the old code each was sent as a sample ID (idType ID), and the service refused
 * every one minutes later in the Outbox. The real main with its embedded sandbox on that lab.
 */
const lab = fixtureFileForSuite(
  tubeLab({
    token: 'fx-lab-token',
    tubes: 10,
    barcode: (n) => `FX${String(n).padStart(8, '0')}`,
    manifests: [
      { name: 'Box', hrid: 'BX-0001', barcode: 'BOX000001', template: '81 Slot Box', layout: { rows: 9, columns: 9 } },
    ],
  }),
);
const page = pageOnMainForSuite(() => ({ sandboxFixture: lab() }), 60_000);

describe('a tube scanned by a barcode of the lab’s own pattern, which its row has in the barcode column', () => {
  it('is sent by its barcode, scanned or from a rack file, and a sample ID scanned as the ID; the service takes each', async () => {
    const s = new AssignState(page.env.api, page.feedback, page.outbox, LOCAL_SANDBOX);
    s.labsheet = 'Samples';
    s.start();
    try {
      const scan = (text: string) => handleAssignScan(s, { text, source: 'field', mainAt: null });
      await scan('BOX000001');
      await scan('FX00000001');
      await scan('S-0004');
      const rack = await s.importRack(parseRackCsv('B1,FX00000002\nB2,FX00000003', s.layout!).good);
      expect(rack.saved).toBe(2);
      expect(s.assignments.map((a) => `${a.id}:${a.idType}`)).toEqual([
        'FX00000001:ID_BARCODE',
        'S-0004:ID',
        'FX00000002:ID_BARCODE',
        'FX00000003:ID_BARCODE',
      ]);
      for (const a of s.assignments)
        expect((await page.env.call('outbox.await', { id: a.entryId, timeoutMs: 20_000 })).state).toBe('done');
    } finally {
      s.stop();
    }
  });
});
