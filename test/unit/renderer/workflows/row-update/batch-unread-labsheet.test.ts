import { describe, expect, it } from 'vitest';
import { RowState } from '../../../../../renderer/workflows/row-update/row-state.svelte.js';
import { handleRowScan } from '../../../../../renderer/workflows/row-update/row-scans.js';
import { benchesPerTest, type Benches } from '../../../../helpers/benches-on-main.js';
import { OutboxState } from '../../../../../renderer/lib/outbox/outbox-state.svelte.js';
import { OUTBOX_ENTRY_STATES } from '../../../../../shared/ipc/channels/outbox.js';

/**
 * Row update's batch on a labsheet this computer has never read, offline: the column a tube is queued
 * under is not known. The old code queued it under the demo lab's column names ("Sample ID"), said it
 * was recorded, and the service refused it later. The real main in-process, its sandbox out of reach.
 */
const openBenches = benchesPerTest();

async function batchOn(b: Benches, labsheet: string) {
  const outbox = new OutboxState(b.env.api);
  await outbox.start();
  const s = new RowState(b.env.api, b.feedback, outbox, await b.env.service());
  s.labsheet = labsheet;
  s.mode = 'batch';
  s.batchField = 'Lot';
  s.batchValue = 'LOT-7';
  s.start();
  return {
    s,
    scan: (t: string) => handleRowScan(s, { text: t, source: 'field', mainAt: null }),
    said: () => b.feedback.last?.outcome ?? '',
    close: () => outbox.stop(),
  };
}

const queuedFor = async (b: Benches, labsheet: string) =>
  (await b.env.call('outbox.list', { states: [...OUTBOX_ENTRY_STATES] }))
    .map((e) => e.intent)
    .filter((i) => i?.type === 'row-update' && i.labsheet === labsheet);

describe('Row update batch on a labsheet never read here, offline', () => {
  it('refuses the scan with why, instead of queueing it under a guessed column', async () => {
    const b = await openBenches('spec');
    b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
    const { s, scan, said, close } = await batchOn(b, 'Reagents');
    try {
      await scan('R-001');
      expect(said()).toBe(
        'Nothing recorded: the ID column of Reagents is not known here yet: connect once, or choose it under ID columns',
      );
      await scan('TB000001');
      expect(said()).toMatch(/^Nothing recorded: the ID column of Reagents is not known here yet/);
      expect(s.batch).toEqual([]);
      expect(await queuedFor(b, 'Reagents')).toEqual([]);
    } finally {
      close();
    }
  });

  it('with its ID column chosen, queues the scan under it', async () => {
    const b = await openBenches('spec');
    await b.env.call('settings.set', {
      labsheetIdColumns: { Reagents: { id: 'Reagent ID', barcode: null, from: 'chosen' } },
    });
    b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
    const { s, scan, close } = await batchOn(b, 'Reagents');
    try {
      await scan('R-001');
      // A tube's barcode too: the columns chosen name no barcode column, so the ID column is the one.
      await scan('TB000001');
      expect(s.batch.map((i) => i.id)).toEqual(['R-001', 'TB000001']);
      expect((await queuedFor(b, 'Reagents')).map((i) => i?.type === 'row-update' && i.idColumn)).toEqual([
        'Reagent ID',
        'Reagent ID',
      ]);
    } finally {
      close();
    }
  });
});
