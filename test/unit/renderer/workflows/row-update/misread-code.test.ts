import { describe, expect, it } from 'vitest';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';
import { rowScreen } from './row-screen.js';

/**
 * Row update and a read a scanner set to another keyboard layout typed (a German scanner on a US computer
 * types S-0011 as S/0011), plausible as a lab's own code. On the old code single mode said "S/0011 is not
 * in Samples" with nothing of why, and batch mode, with the rows not read (offline), queued the change
 * for a row nobody has. Both now say the likely cause, and nothing is opened or queued. The real main
 * in-process and its embedded sandbox behind the fault proxy (demo data: S-0011 is a row of Samples).
 */
const openBenches = benchesPerTest();

const CAUSE =
  "S/0011 may be misread: typed for a German keyboard on a US one, this is sample ID S-0011: set the scanner's keyboard to US (a barcode in its manual) and scan again";

describe('Row update: a read a scanner set to another keyboard layout typed', () => {
  it('single mode opens nothing and says the likely cause', async () => {
    const b = await openBenches('spec');
    const { s, scan, said, close } = await rowScreen(b);
    try {
      await scan('S/0011');
      expect(said()).toBe(`Nothing opened: ${CAUSE}`);
      expect(s.row).toBeNull();
      // The same tube read right opens its row.
      await scan('S-0011');
      expect(said()).toMatch(/^S-0011 opened/);
    } finally {
      close();
    }
  });

  it('batch mode, with the rows not read, queues nothing for it, where a code it does not know goes to the service', async () => {
    const b = await openBenches('spec');
    const { s, scan, said, close } = await rowScreen(b);
    try {
      b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
      s.mode = 'batch';
      s.batchField = 'Status';
      s.batchValue = 'checked';
      await scan('S/0011');
      expect(said()).toBe(`Nothing recorded: ${CAUSE}`);
      expect(s.batch).toHaveLength(0);
      await scan('S-0011');
      expect(said()).toMatch(/^S-0011: Status = checked/);
      expect(s.batch).toHaveLength(1);
    } finally {
      close();
    }
  });
});
