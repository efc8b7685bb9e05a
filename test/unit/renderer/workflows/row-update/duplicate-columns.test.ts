import { describe, expect, it, vi } from 'vitest';
import { NotSaved } from '../../../../../renderer/workflows/row-update/row-state.svelte.js';
import { benchesPerTest, type Benches } from '../../../../helpers/benches-on-main.js';
import { rowScreen } from './row-screen.js';
import { cellsOnService, rowUpdatesFor } from './own-labsheet.js';

/**
 * A row listing that names a column twice (the proxy adds a second "Status", holding other values). A
 * change names its column by name, so it cannot say which of the two it is for. On the old code the row
 * showed the second one's value, the check before the send compared with the first, and the save was
 * held for a look nobody had caused, with the Notes change made along with it. The real main in-process,
 * its embedded sandbox behind the fault proxy.
 */
const openBenches = benchesPerTest();

function statusListedTwice(b: Benches) {
  b.proxy().setFaults([
    {
      path: '/labsheets/fetch-list-rows',
      fault: {
        kind: 'rewrite',
        edit: (a) => {
          const list = a as { headers: string[]; rows: unknown[][] };
          return { ...list, headers: [...list.headers, 'Status'], rows: list.rows.map((r) => [...r, 'shadow']) };
        },
      },
    },
  ]);
}

describe('Row update on a listing that names a column twice', () => {
  it('shows the first, refuses a change to it in words, and sends the other changes unheld', async () => {
    const b = await openBenches('spec');
    statusListedTwice(b);
    const { s, scan, said, close } = await rowScreen(b);
    try {
      const [status] = cellsOnService(b, 'Samples', 'S-0012', 'Status');
      await scan('TB000012');
      expect(said()).toBe('S-0012 opened');
      expect(s.row?.row['Status']).toBe(status);

      s.draft['Status'] = 'discarded';
      s.draft['Notes'] = 'spun down';
      const refused = await s.saveRow().catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(NotSaved);
      expect((refused as Error).message).toBe(
        'Not saved: Status is the name of more than one column of Samples, so a change cannot say which it is ' +
          'for. Change it on the service itself',
      );
      expect(await rowUpdatesFor(b, 'Samples')).toEqual([]);

      s.draft['Status'] = status ?? null;
      expect(await s.saveRow()).toBe(1);
      await b.sync();
      expect(cellsOnService(b, 'Samples', 'S-0012', 'Notes')).toEqual(['spun down']);
      expect((await rowUpdatesFor(b, 'Samples')).map((e) => e.state)).toEqual(['done']);
    } finally {
      close();
    }
  });

  it('in batch mode refuses it as the Field', async () => {
    const b = await openBenches('spec');
    statusListedTwice(b);
    const { s, scan, said, close } = await rowScreen(b);
    try {
      s.mode = 'batch';
      s.batchField = 'Status';
      s.batchValue = 'checked';
      await scan('TB000013');
      expect(said()).toBe(
        'Nothing recorded: Status is the name of more than one column of Samples, so a change cannot say which ' +
          'it is for. Change it on the service itself',
      );
      expect(await rowUpdatesFor(b, 'Samples')).toEqual([]);
    } finally {
      close();
    }
  });

  it('a change queued with the second one as its basis is not held for a look on its account', async () => {
    const b = await openBenches('spec');
    try {
      // As the old screen queued it (the second Status as the basis), offline; sent once online.
      expect(cellsOnService(b, 'Samples', 'S-0016', 'Status')).toEqual(['received']);
      b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
      await b.env.call('outbox.enqueue', {
        intent: {
          type: 'row-update',
          labsheet: 'Samples',
          idColumn: 'Sample ID',
          id: 'S-0016',
          changes: { Status: 'in use', Notes: 'thawed' },
          basis: { Status: 'shadow', Notes: null },
        },
      });
      statusListedTwice(b);
      await b.sync();
      await vi.waitFor(async () => expect((await rowUpdatesFor(b, 'Samples')).map((e) => e.state)).toEqual(['done']));
      expect(cellsOnService(b, 'Samples', 'S-0016', 'Notes')).toEqual(['thawed']);
    } finally {
      b.proxy().setFaults([]);
    }
  });
});
