import { describe, expect, it, vi } from 'vitest';
import { benchesPerTest, type Benches } from '../../../../helpers/benches-on-main.js';
import { rowScreen } from './row-screen.js';
import { createLabClient } from '../../../../../main/api/index.js';

/**
 * Row update opening a row again after saving it: what the screen shows is what this computer left
 * there (sent, or still waiting to be sent), not the rows read before the save. The real main
 * in-process, its embedded sandbox behind the fault proxy (taken away to be offline).
 */
const openBenches = benchesPerTest();

const onService = (b: Benches, id: string, column: string) => {
  const sheet = b.sandbox().store.labsheets.byName('Samples')!;
  const row = b.sandbox().store.rows.byIdValue(sheet.uuid, id)[0]!;
  const col = b
    .sandbox()
    .store.labsheets.columns(sheet.uuid)
    .find((c) => c.name === column)!;
  return row.cells[String(col.id)] ?? null;
};

describe('Row update: a row opened again after a save', () => {
  it('shows the value saved, and clearing it again sends the clear', async () => {
    const b = await openBenches('spec');
    const { s, scan, said, close } = await rowScreen(b);
    try {
      await scan('TB000012');
      expect(said()).toBe('S-0012 opened');
      expect(s.row?.row['Notes']).toBeNull();
      s.draft['Notes'] = 'spun down';
      expect(await s.saveRow()).toBe(1);
      await b.sync();
      expect(onService(b, 'S-0012', 'Notes')).toBe('spun down');

      await scan('TB000013');
      await scan('TB000012');
      expect(said()).toBe('S-0012 opened');
      // The old code answered from the rows read before the save (fresh for 30 s): Notes empty.
      expect(s.row?.row['Notes']).toBe('spun down');

      // The user takes the note back: a change, sent (on the old code `{}`, nothing, and the note stayed).
      s.draft['Notes'] = null;
      expect(s.changes).toEqual({ Notes: null });
      expect(await s.saveRow()).toBe(1);
      await b.sync();
      expect(onService(b, 'S-0012', 'Notes')).toBeNull();
      await scan('TB000013');
      await scan('TB000012');
      expect(s.row?.row['Notes']).toBeNull();
    } finally {
      close();
    }
  });

  it('offline, shows the change still waiting to be sent', async () => {
    const b = await openBenches('spec');
    const { s, scan, said, close } = await rowScreen(b);
    try {
      await scan('TB000015');
      b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
      s.draft['Notes'] = 'thawed';
      expect(await s.saveRow()).toBe(1);
      await b.sync();
      expect((await b.env.call('outbox.counts', {})).pending).toBeGreaterThan(0);

      await scan('TB000016');
      await scan('TB000015');
      expect(said()).toMatch(/^S-0015 opened/);
      expect(s.row?.row['Notes']).toBe('thawed');
      expect(s.waitingSaid('Notes')).toBe('waiting to be sent');
      expect(s.waitingSaid('Status')).toBeNull();
    } finally {
      close();
    }
  });
});

describe('Row update: a save the service refuses', () => {
  it('is said on the screen, and the open row shows the value it had again', async () => {
    const b = await openBenches('spec');
    const { s, scan, said, close } = await rowScreen(b);
    try {
      await scan('TB000017');
      const before = s.row?.row['Status'];
      s.draft['Status'] = 'bogus-status';
      expect(await s.saveRow()).toBe(1);
      await b.sync();
      // The old code kept showing "bogus-status" as the row's value, and said nothing.
      await vi.waitFor(() =>
        expect(said()).toMatch(
          /^Not saved: S-0017's Status = bogus-status was refused by the service \(.+\) — see the Outbox$/,
        ),
      );
      expect(s.row?.row['Status']).toBe(before);
      expect(s.draft['Status']).toBe(before);
      expect(s.unsaved).toEqual([]);
      await scan('TB000018');
      await scan('TB000017');
      expect(s.row?.row['Status']).toBe(before);
    } finally {
      close();
    }
  });
});

describe('Row update: a row another client changed while it was open', () => {
  it('the save is held for a look, said on the screen, and the row shows what the service has', async () => {
    const b = await openBenches('spec');
    const { s, scan, said, close } = await rowScreen(b);
    try {
      await scan('TB000014');
      const shown = s.row?.row['Volume uL'];
      const other = createLabClient({
        connection: { baseUrl: b.sandbox().url, filesUrl: b.sandbox().url, eventsUrl: b.sandbox().url, mode: 'v2' },
        token: async () => b.sandbox().demoToken,
      });
      await other.updateRowsById({ labsheet: 'Samples', rows: [{ 'Sample ID': 'S-0014' }, { 'Volume uL': 5 }] });
      s.draft['Volume uL'] = 150;
      expect(await s.saveRow()).toBe(1);
      await b.sync();
      // The old code sent it over the 5: the service ended with 150, and nobody was told.
      expect(onService(b, 'S-0014', 'Volume uL')).toBe(5);
      await vi.waitFor(() =>
        expect(said()).toBe(
          `Needs a look: row S-0014 of Samples was changed on the service since (Volume uL was "${String(shown)}" ` +
            'when this change was made and is "5" on the service now; this change sets "150"). Send anyway to ' +
            'write this change over it, or discard it to keep what the service has.',
        ),
      );
      await vi.waitFor(() => expect(s.row?.row['Volume uL']).toBe(5));
      expect(s.waitingSaid('Volume uL')).toBeNull();
    } finally {
      close();
    }
  });
});
