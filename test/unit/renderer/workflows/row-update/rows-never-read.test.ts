import { describe, expect, it } from 'vitest';
import { benchesPerTest, type Benches } from '../../../../helpers/benches-on-main.js';
import type { FaultRule } from '../../../../helpers/fault-proxy.js';
import { rowScreen } from './row-screen.js';
import { addLabsheet, saveIdColumnsOn } from './own-labsheet.js';

/**
 * Row update when the labsheet's rows could not be read at all, and none were ever saved here: the
 * service answering 500, out of reach, or its listing unreadable. On the old code single mode said "TB…
 * is not in Biobank", as if the rows read lacked it, and batch mode "not in the saved labsheet" with
 * nothing saved. The real main in-process, its embedded sandbox behind the fault proxy.
 */
const openBenches = benchesPerTest();

async function biobankNeverRead(b: Benches) {
  addLabsheet(
    b,
    'Biobank',
    [
      { name: 'Sample ID', type: 'ID' },
      { name: 'Tube Barcode', type: 'ID_BARCODE' },
      { name: 'Status', type: 'TEXT' },
    ],
    [{ 'Sample ID': 'S-0001', 'Tube Barcode': 'TB000001', Status: 'received' }],
  );
  await saveIdColumnsOn(b)('Biobank', { id: 'Sample ID', barcode: 'Tube Barcode', from: 'chosen' });
  const screen = await rowScreen(b);
  screen.s.labsheet = 'Biobank';
  return screen;
}

const listing = '/labsheets/fetch-list-rows';
const faults: Array<[string, FaultRule[]]> = [
  ['the service answering 500', [{ path: listing, fault: { kind: 'status', status: 500 } }]],
  ['the service out of reach', [{ fault: { kind: 'reset-before' } }]],
  ['a listing that cannot be read', [{ path: listing, fault: { kind: 'malformed' } }]],
];

describe('Row update: the rows of the labsheet could not be read, and none are saved here', () => {
  it.each(faults)('with %s, single mode says so, not that the tube is not in the labsheet', async (_, rules) => {
    const b = await openBenches('spec');
    const { s, scan, said, close } = await biobankNeverRead(b);
    try {
      b.proxy().setFaults(rules);
      await scan('TB000001');
      expect(said()).toBe(
        'TB000001 could not be looked up: the rows of Biobank could not be read from the service, and none are ' +
          'saved on this computer. Scan it again when the service answers',
      );
      expect(b.feedback.last?.kind).toBe('bad');
      expect(s.row).toBeNull();
    } finally {
      close();
    }
  });

  it('batch mode queues the tube for the service to check, saying the rows could not be read', async () => {
    const b = await openBenches('spec');
    const { s, scan, said, close } = await biobankNeverRead(b);
    try {
      b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
      s.mode = 'batch';
      s.batchField = 'Status';
      s.batchValue = 'checked';
      await scan('S-0001');
      expect(said()).toBe('S-0001: Status = checked (the rows of Biobank could not be read; the service will check)');
      expect(s.batch).toHaveLength(1);
    } finally {
      close();
    }
  });
});
