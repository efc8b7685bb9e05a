import { describe, expect, it, vi } from 'vitest';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';
import { rowScreen } from './row-screen.js';
import { cellsOnService, rowUpdatesFor } from './own-labsheet.js';

/**
 * A row saved here while another client makes a second row with the same ID before the save is sent. The
 * service updates every row an ID names: on the old code the check before the send looked past an ID two
 * rows held, and both rows were overwritten, the change reported done. The real main in-process, its
 * embedded sandbox behind the fault proxy (taken away while the save waits).
 */
const openBenches = benchesPerTest();

describe('Row update: the ID of a row saved here names two rows by the time it is sent', () => {
  it('is held for a look, naming the rows, and neither row is changed', async () => {
    const b = await openBenches('spec');
    const { s, scan, said, close } = await rowScreen(b);
    try {
      await scan('TB000012');
      expect(said()).toBe('S-0012 opened');
      b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
      s.draft['Notes'] = 'spun down';
      expect(await s.saveRow()).toBe(1);
      await b.sync();
      // Another bench makes a row with the same Sample ID meanwhile.
      b.sandbox().store.seedRows('Samples', [{ 'Sample ID': 'S-0012', 'Tube Barcode': 'TB000912' }]);
      b.proxy().setFaults([]);
      await b.sync();

      const message =
        'Needs a look: S-0012 now names 2 rows of Samples (in Sample ID), and this change would go to all of ' +
        'them. Give the rows different IDs on the service, then Send anyway; or discard it.';
      const [entry] = await rowUpdatesFor(b, 'Samples');
      expect(entry).toMatchObject({ state: 'failed', lastError: { message } });
      expect(cellsOnService(b, 'Samples', 'S-0012', 'Notes')).toEqual([null, null]);
      await vi.waitFor(() => expect(said()).toBe(message));
    } finally {
      close();
    }
  });
});
