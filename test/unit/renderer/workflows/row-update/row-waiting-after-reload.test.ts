import { describe, expect, it, vi } from 'vitest';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';
import { rowScreen } from './row-screen.js';

/**
 * A row opened with changes of this computer still on their way that the page did not make itself (made
 * before a reload or a host restart, or by a batch scan): main shows their values as the row's, and the
 * screen says they wait, as it does a save made here. The real main in-process, its embedded sandbox
 * behind the fault proxy (taken away to be offline).
 */
const openBenches = benchesPerTest();

describe('Row update: changes on their way made before the page was loaded', () => {
  it('a save made before a reload is said waiting, then forgotten once sent', async () => {
    const b = await openBenches('spec');
    const first = await rowScreen(b);
    await first.scan('TB000015');
    b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
    first.s.draft['Notes'] = 'thawed';
    expect(await first.s.saveRow()).toBe(1);
    first.close();

    const page = await rowScreen(b);
    try {
      await page.scan('TB000015');
      expect(page.said()).toMatch(/^S-0015 opened/);
      expect(page.s.row?.row['Notes']).toBe('thawed');
      // The old code showed the waiting value as the row's with no word that it was not on the service.
      await vi.waitFor(() => expect(page.s.waitingSaid('Notes')).toBe('waiting to be sent'));
      expect(page.s.waitingSaid('Status')).toBeNull();

      b.proxy().setFaults([]);
      await b.sync();
      await vi.waitFor(() => expect(page.s.waitingSaid('Notes')).toBeNull());
      expect(page.s.row?.row['Notes']).toBe('thawed');
    } finally {
      page.close();
    }
  });

  it('a batch scan’s change is said waiting on the row opened, and refused it is said and taken off', async () => {
    const b = await openBenches('spec');
    const { s, scan, said, close } = await rowScreen(b);
    try {
      await scan('TB000016');
      b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
      const before = s.row?.row['Status'];
      s.mode = 'batch';
      s.batchField = 'Status';
      s.batchValue = 'bogus-status';
      await s.applyBatch(null, 'S-0016', false);
      s.mode = 'single';
      await scan('TB000017');
      await scan('TB000016');
      expect(s.row?.row['Status']).toBe('bogus-status');
      await vi.waitFor(() => expect(s.waitingSaid('Status')).toBe('waiting to be sent'));
      expect(s.batch.map((i) => i.sync)).toEqual(['pending']);

      b.proxy().setFaults([]);
      await b.sync();
      await vi.waitFor(() => expect(s.waitingSaid('Status')).toBeNull());
      await vi.waitFor(() => expect(s.row?.row['Status']).toBe(before));
      expect(said()).toMatch(/^Not saved: S-0016's Status = bogus-status was refused by the service/);
      expect(s.batch.map((i) => i.sync)).toEqual(['refused']);
    } finally {
      close();
    }
  });
});
