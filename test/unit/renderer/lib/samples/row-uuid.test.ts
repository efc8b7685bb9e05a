import { describe, expect, it } from 'vitest';
import { PageSampleIndex } from '../../../../../renderer/lib/samples/sample-index.js';
import { lookUpTubeAnswer, lookUpTubes } from '../../../../../renderer/lib/samples/tube-row.js';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * A tube scanned by its row's uuid (a lab that prints it as the tube's 2D code): the page's lookup path,
 * with its index open, on the real main and its embedded sandbox. On the old code the uuid was "not in the
 * labsheet": the index holds no uuids and main's lookup matched IDs and barcodes only.
 */
const open = benchesPerTest();

describe("the page's tube lookup: a row uuid", () => {
  it('gives its row, one tube or a rack file of them, in either letter case', async () => {
    const b = await open('spec');
    const store = b.sandbox().store;
    const sheet = store.labsheets.byName('Samples')!.uuid;
    const uuidOf = (id: string) => store.rows.byIdValue(sheet, id)[0]!.uuid;
    const index = new PageSampleIndex(b.env.api);
    index.open('Samples');
    await index.settled();
    try {
      expect(index.size).toBeGreaterThan(0);
      const u3 = uuidOf('S-0003');
      expect(await lookUpTubeAnswer(b.env.api, index, 'Samples', u3)).toEqual({
        row: { id: 'S-0003', barcode: 'TB000003', byUuid: true },
      });
      expect(await lookUpTubeAnswer(b.env.api, index, 'Samples', u3.toUpperCase())).toEqual({
        row: { id: 'S-0003', barcode: 'TB000003', byUuid: true },
      });
      const u5 = uuidOf('S-0005');
      const rack = await lookUpTubes(b.env.api, index, 'Samples', [u5, 'TB000006']);
      expect(rack.get(u5)).toEqual({ row: { id: 'S-0005', barcode: 'TB000005', byUuid: true } });
      expect(rack.get('TB000006')).toEqual({ row: { id: 'S-0006', barcode: 'TB000006' } });
    } finally {
      index.close();
    }
  });
});
