import { describe, expect, it } from 'vitest';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';
import { rowScreen } from './row-screen.js';
import { rowUpdatesFor } from './own-labsheet.js';

/**
 * Row update's batch: the Field and Value a scan is recorded with are those standing when it came. On the
 * old code the empty-Value check was made before the look-up and the Value read again after it: cleared
 * meanwhile, the tube's cell was queued to be emptied, with a green confirmation. The real main in-process.
 */
const openBenches = benchesPerTest();

describe('Row update batch: Field and Value changed while a scan is looked up', () => {
  it('the scan is recorded with the change standing when it came', async () => {
    const b = await openBenches('spec');
    const { s, scan, said, close } = await rowScreen(b);
    try {
      s.mode = 'batch';
      s.batchField = 'Status';
      s.batchValue = 'received';
      // The scan is on its way to main when the user clears Value (and starts on another Field).
      const scanned = scan('TB000021');
      s.batchValue = '';
      s.batchField = 'Notes';
      await scanned;
      expect(said()).toBe('S-0021: Status = received');
      expect(s.batch.map(({ id, field, value }) => ({ id, field, value }))).toEqual([
        { id: 'S-0021', field: 'Status', value: 'received' },
      ]);
      expect((await rowUpdatesFor(b, 'Samples')).map((e) => e.intent)).toMatchObject([
        { id: 'S-0021', changes: { Status: 'received' } },
      ]);
    } finally {
      close();
    }
  });

  it('a scan again with the same change standing when it came is a duplicate, whatever is typed meanwhile', async () => {
    const b = await openBenches('spec');
    const { s, scan, said, close } = await rowScreen(b);
    try {
      s.mode = 'batch';
      s.batchField = 'Status';
      s.batchValue = 'received';
      await scan('TB000022');
      const again = scan('TB000022');
      s.batchValue = 'checked';
      await again;
      expect(said()).toBe('Duplicate: S-0022 is already in this batch with Status = received');
      expect(await rowUpdatesFor(b, 'Samples')).toHaveLength(1);
    } finally {
      close();
    }
  });
});
