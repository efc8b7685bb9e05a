import { describe, expect, it } from 'vitest';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';
import { rowScreen } from './row-screen.js';
import { cellsOnService, rowUpdatesFor } from './own-labsheet.js';

/**
 * A service that answers update-rows-by-id listing the row among its updated rows without a `success`
 * (left out, or null). DESIGN: a 2xx to a write is a success even when its body is not understood. On the
 * old code the change was shown "refused by the service", though the service had applied it. The real
 * main in-process, its embedded sandbox behind the fault proxy.
 */
const openBenches = benchesPerTest();

describe('Row update answered without a success for its row', () => {
  it.each([
    ['left out', (r: Record<string, unknown>) => ({ uuid: r['uuid'] })],
    ['null', (r: Record<string, unknown>) => ({ uuid: r['uuid'], success: null })],
  ])('with success %s, the save is done', async (_, result) => {
    const b = await openBenches('spec');
    const { s, scan, close } = await rowScreen(b);
    try {
      await scan('TB000019');
      b.proxy().setFaults([
        {
          path: '/labsheets/update-rows-by-id',
          fault: {
            kind: 'rewrite',
            edit: (answer) =>
              (answer as Array<{ ID: string; updatedRows: Record<string, unknown>[] }>).map((a) => ({
                ...a,
                updatedRows: a.updatedRows.map(result),
              })),
          },
        },
      ]);
      s.draft['Notes'] = 'thawed';
      expect(await s.saveRow()).toBe(1);
      await b.sync();
      expect(cellsOnService(b, 'Samples', 'S-0019', 'Notes')).toEqual(['thawed']);
      expect((await rowUpdatesFor(b, 'Samples')).map((e) => e.state)).toEqual(['done']);
    } finally {
      close();
    }
  });
});
