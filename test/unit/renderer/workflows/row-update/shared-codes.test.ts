import { describe, expect, it } from 'vitest';
import { RowState } from '../../../../../renderer/workflows/row-update/row-state.svelte.js';
import { handleRowScan } from '../../../../../renderer/workflows/row-update/row-scans.js';
import { LOCAL_SANDBOX } from '../../../../helpers/in-process-api.js';
import { pageOnMainForSuite } from '../../../../helpers/page-on-main.js';
import { fixtureFileForSuite } from '../../../../helpers/tube-lab.js';
import { sharedCodesLab } from '../../../../helpers/shared-codes-lab.js';

/**
 * A code more than one row holds, on the real main with its embedded sandbox on a labsheet that has such
 * rows. On the old code the lookup took the first row it met (by ID, then by barcode): the row opened was
 * not always the one scanned, and Save, sent by a shared ID, changed every row of it on the service.
 */
const lab = fixtureFileForSuite(sharedCodesLab);
const page = pageOnMainForSuite(() => ({ sandboxFixture: lab() }), 60_000);
const { said } = page;

function rowScreen() {
  const s = new RowState(page.env.api, page.feedback, page.outbox, LOCAL_SANDBOX);
  s.labsheet = 'Samples';
  s.start();
  return { s, scan: (t: string) => handleRowScan(s, { text: t, source: 'field', mainAt: null }) };
}
async function rowUpdates() {
  const states = ['pending', 'sending', 'done', 'failed', 'uncertain'] as const;
  const entries = await page.env.call('outbox.list', { states: [...states], limit: 5000 });
  return entries.filter((e) => e.type === 'row-update').map((e) => e.intent!);
}

describe('Row update: a code more than one row of the labsheet holds', () => {
  it('opens no row, naming the rows that share it; a code only one row holds opens', async () => {
    const { s, scan } = rowScreen();
    // Its own barcode is the tube's alone, but a save goes by its ID, which two rows have.
    await scan('TB000002');
    expect(said()).toBe(
      'TB000002 is S-0001, which names 2 rows of Samples (S-0001 TB000001, S-0001 TB000002): nothing opened',
    );
    expect(s.row).toBeNull();
    await scan('S-0001');
    expect(said()).toBe('S-0001 names 2 rows of Samples (S-0001 TB000001, S-0001 TB000002): nothing opened');
    // Two tubes with one barcode.
    await scan('TB000003');
    expect(said()).toBe('TB000003 names 2 rows of Samples (S-0003, S-0004): nothing opened');
    expect(s.row).toBeNull();
    expect(page.feedback.last?.kind).toBe('bad');
    // One row's ID that is another's barcode.
    await scan('S-0007');
    expect(said()).toBe('S-0007 names 2 rows of Samples (S-0006, S-0007): nothing opened');
    await scan('TB000010');
    expect(said()).toBe('S-0010 opened');
  });

  it('in batch mode queues nothing for it', async () => {
    const { s, scan } = rowScreen();
    s.mode = 'batch';
    s.batchField = 'Status';
    s.batchValue = 'checked';
    const before = await rowUpdates();
    await scan('TB000003');
    expect(said()).toBe('TB000003 names 2 rows of Samples (S-0003, S-0004): nothing recorded');
    await scan('TB000001');
    expect(said()).toBe(
      'TB000001 is S-0001, which names 2 rows of Samples (S-0001 TB000001, S-0001 TB000002): nothing recorded',
    );
    expect(s.batch).toEqual([]);
    expect(await rowUpdates()).toEqual(before);
  });
});
