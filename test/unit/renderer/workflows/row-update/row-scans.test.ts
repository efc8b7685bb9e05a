import { describe, expect, it, vi } from 'vitest';
import { RowState } from '../../../../../renderer/workflows/row-update/row-state.svelte.js';
import { handleRowScan } from '../../../../../renderer/workflows/row-update/row-scans.js';
import { LOCAL_SANDBOX } from '../../../../helpers/in-process-api.js';
import { pageOnMainForSuite } from '../../../../helpers/page-on-main.js';

/** Row update's state as the screen builds it, on the real main process in-process (demo sandbox). */
const page = pageOnMainForSuite();
const { said } = page;

function rowScreen() {
  const s = new RowState(page.env.api, page.feedback, page.outbox, LOCAL_SANDBOX);
  s.start();
  return { s, scan: (t: string) => handleRowScan(s, { text: t, source: 'field', mainAt: null }) };
}
/** Row-update entries ever queued, whatever became of them. */
async function rowUpdates() {
  const states = ['pending', 'sending', 'done', 'failed', 'uncertain'] as const;
  const entries = await page.env.call('outbox.list', { states: [...states], limit: 5000 });
  return entries
    .filter((e) => e.type === 'row-update')
    .sort((a, b) => a.id - b.id)
    .map((e) => e.intent!);
}

describe('Row update: a scan while the open row has unsaved changes', () => {
  it('is refused with how to go on, and the edit stays until it is saved', async () => {
    const { s, scan } = rowScreen();
    await scan('TB000007');
    expect(said()).toBe('S-0007 opened');
    s.draft['Notes'] = 'spun down';
    const before = await rowUpdates();

    await scan('TB000008');
    expect(said()).toBe(
      'S-0007 has unsaved changes (Notes): press Ctrl+S to save or Escape twice to discard, then scan TB000008 again',
    );
    expect(page.feedback.last?.kind).toBe('bad');
    expect(s.rowId).toBe('S-0007');
    expect(s.changes).toEqual({ Notes: 'spun down' });
    expect(await rowUpdates()).toEqual(before);

    // The same tube again would reload the row over the edit: refused too, without "scan it again".
    await scan('S-0007');
    expect(said()).toBe('S-0007 has unsaved changes (Notes): press Ctrl+S to save or Escape twice to discard');
    expect(s.changes).toEqual({ Notes: 'spun down' });

    expect(await s.saveRow()).toBe(1);
    expect((await rowUpdates()).slice(before.length)).toEqual([
      {
        type: 'row-update',
        labsheet: s.labsheet,
        idColumn: 'Sample ID',
        id: 'S-0007',
        changes: { Notes: 'spun down' },
        basis: { Notes: null },
      },
    ]);
    await scan('TB000008');
    expect(said()).toBe('S-0008 opened');
  });

  it("a pack's cells count as unsaved changes; Discard throws them away and the next scan opens", async () => {
    const { s, scan } = rowScreen();
    await scan('TB000009');
    s.packColumns = { lot: 'Notes' };
    await scan('https://id.gs1.org/01/09506000134352/10/ABC123?17=351130');
    expect(said()).toMatch(/^Notes = ABC123/);
    const before = await rowUpdates();

    await scan('TB000010');
    expect(said()).toMatch(/^S-0009 has unsaved changes \(Notes\)/);
    expect(s.draft['Notes']).toBe('ABC123');

    expect(s.discard()).toEqual(['Notes']);
    expect(s.changes).toEqual({});
    await scan('TB000010');
    expect(said()).toBe('S-0010 opened');
    expect(await rowUpdates()).toEqual(before);
  });
});

describe('Row update: a tube the labsheet has no row for', () => {
  it('says when the labsheet was read, as the second scan is answered from that read', async () => {
    const { scan } = rowScreen();
    await scan('TB990001');
    expect(said()).toMatch(/^TB990001 is not in Samples as read \d+ s ago$/);
    await scan('TB990002');
    expect(said()).toMatch(/^TB990002 is not in Samples as read \d+ s ago$/);
  });
});

describe('Row update batch mode before a field is chosen', () => {
  it('starts with no field or value, and a scan changes nothing but says what to choose', async () => {
    const { s, scan } = rowScreen();
    s.mode = 'batch';
    expect([s.batchField, s.batchValue]).toEqual(['', '']);
    const before = await rowUpdates();
    await scan('TB000007');
    expect(said()).toBe(
      'Nothing recorded: choose the Field (a column of Samples) and its Value first, then scan TB000007 again',
    );
    expect(s.batch).toEqual([]);
    expect(await rowUpdates()).toEqual(before);
  });
});

describe('Row update batch: what is no row of the labsheet', () => {
  it('a plate barcode, and a tube the rows just read lack, are refused, not queued for the service to refuse', async () => {
    const { s, scan } = rowScreen();
    s.mode = 'batch';
    s.batchField = 'Status';
    s.batchValue = 'received';
    await page.env.call('cache.sampleIndex', { labsheet: s.labsheet });
    const before = await rowUpdates();
    // The old batch queued both as row updates, which ended failed in the Outbox.
    await scan('PLT000001');
    expect(said()).toBe('PLT000001 is a plate, not a tube or sample: nothing recorded');
    await scan('TB999998');
    expect(said()).toMatch(/^TB999998 is not in Samples as read .*: nothing recorded$/);
    expect(await rowUpdates()).toEqual(before);
  });
});

describe('Row update batch list', () => {
  it('shows each tube with the field and value it was saved with, not the ones set now', async () => {
    const { s, scan } = rowScreen();
    s.mode = 'batch';
    s.batchField = 'Status';
    s.batchValue = 'received';
    await scan('TB000021');
    s.batchField = 'Notes';
    s.batchValue = 'thawed once';
    await scan('TB000022');
    expect(said()).toBe('S-0022: Notes = thawed once');
    s.batchValue = 'something else';

    expect(s.batch.map((b) => [b.id, b.field, b.value])).toEqual([
      ['S-0021', 'Status', 'received'],
      ['S-0022', 'Notes', 'thawed once'],
    ]);
    // ...and that is what went into the outbox.
    const sent = (await rowUpdates()).filter((i) => i.type === 'row-update' && ['S-0021', 'S-0022'].includes(i.id));
    expect(sent.map((i) => (i.type === 'row-update' ? i.changes : null))).toEqual([
      { Status: 'received' },
      { Notes: 'thawed once' },
    ]);
  });
});

describe('Row update batch: a tube scanned again', () => {
  it('with the same change still to happen is a duplicate; another field, or after the change was discarded, it goes', async () => {
    const { s, scan } = rowScreen();
    s.mode = 'batch';
    s.batchField = 'Status';
    s.batchValue = 'received';
    await scan('TB000030');
    const queued = (await rowUpdates()).length;
    await scan('S-0030');
    expect(said()).toBe('Duplicate: S-0030 is already in this batch with Status = received');
    expect((await rowUpdates()).length).toBe(queued);

    // The same tube in a second batch of the session, on another field: its own change.
    s.batchField = 'Notes';
    s.batchValue = 'thawed';
    await scan('TB000030');
    expect(said()).toBe('S-0030: Notes = thawed');

    // One refused by the service and discarded in the Outbox will not happen: scanned again, it goes again.
    s.batchField = 'Status';
    s.batchValue = 'half-empty'; // not one of the list's values
    await scan('TB000031');
    const refused = s.batch.at(-1)!;
    await page.env.call('outbox.syncNow', {});
    await vi.waitFor(async () =>
      expect((await page.env.call('outbox.await', { id: refused.entryId, timeoutMs: 0 })).state).toBe('failed'),
    );
    expect((await page.env.call('outbox.discard', { id: refused.entryId })).ok).toBe(true);
    await vi.waitFor(() => expect(refused.sync).toBe('discarded'));
    await scan('TB000031');
    expect(said()).toBe('S-0031: Status = half-empty');
    expect((await rowUpdates()).length).toBe(queued + 2); // Notes, and the second half-empty (the first is discarded)
  });
});

describe('Row update: a number or date box holding text it cannot read', () => {
  it('counts as unsaved, is refused with why on Save, and goes on Discard', async () => {
    const { s, scan } = rowScreen();
    await scan('TB000009');
    const before = (await rowUpdates()).length;
    s.unreadable['Volume uL'] = 'number';
    expect(s.unsaved).toEqual(['Volume uL']);
    await expect(s.saveRow()).rejects.toThrow(
      'Not saved: Volume uL is not a number as typed (decimals take a point: 12.5). Correct it, or press Escape twice to discard the changes',
    );
    expect((await rowUpdates()).length).toBe(before);
    expect(s.discard()).toEqual(['Volume uL']);
    expect([s.unsaved, s.unreadableSaid]).toEqual([[], null]);
  });
});

describe('Row update batch on a column that names the rows', () => {
  it("is refused with why, and nothing is queued: the service would take it for another row's name", async () => {
    const { s, scan } = rowScreen();
    s.mode = 'batch';
    s.batchField = 'Tube Barcode';
    s.batchValue = 'TB999001';
    const before = await rowUpdates();
    // Main refuses the enqueue; the scan hub reports a handler's refusal as NOT RECORDED with its reason.
    await expect(scan('S-0023')).rejects.toThrow(/^Tube Barcode names the rows of Samples .*cannot change it/);
    // The row's own ID column too, scanned by its barcode.
    s.batchField = 'Sample ID';
    s.batchValue = 'S-9001';
    await expect(scan('TB000024')).rejects.toThrow(/^Sample ID names the rows of Samples/);
    // The service's own id of a row, the listing's first header, is no column either.
    s.batchField = 'uuid';
    s.batchValue = 'row-1';
    await expect(scan('TB000024')).rejects.toThrow(/^uuid is the service's own identifier of each row of Samples/);
    expect(s.batch).toEqual([]);
    expect(await rowUpdates()).toEqual(before);
  });
});

describe('Row update batch with a Field but no Value', () => {
  it('is refused as promised, not queued as clearing the Field of every tube scanned', async () => {
    const { s, scan } = rowScreen();
    s.mode = 'batch';
    s.batchField = 'Status';
    s.batchValue = '';
    const before = await rowUpdates();
    await scan('TB000025');
    expect(said()).toBe(
      'Nothing recorded: choose the Field (a column of Samples) and its Value first, then scan TB000025 again',
    );
    s.batchValue = '   ';
    await scan('TB000025');
    expect(said()).toMatch(/^Nothing recorded: choose the Field/);
    expect(s.batch).toEqual([]);
    expect(await rowUpdates()).toEqual(before);
  });
});

describe('Row update batch on a Field the labsheet has no column of', () => {
  it('is refused when the row was read, with the nearest column when one is near', async () => {
    const { s, scan } = rowScreen();
    s.mode = 'batch';
    s.batchField = 'status';
    s.batchValue = 'received';
    const before = await rowUpdates();
    await scan('TB000026');
    expect(said()).toBe('Nothing recorded: status is not a column of Samples (did you mean Status?)');
    expect(page.feedback.last?.kind).toBe('bad');
    s.batchField = 'Volme uL';
    await scan('S-0026');
    expect(said()).toBe('Nothing recorded: Volme uL is not a column of Samples (did you mean Volume uL?)');
    s.batchField = 'Freezer shelf';
    await scan('S-0026');
    expect(said()).toBe('Nothing recorded: Freezer shelf is not a column of Samples');
    expect(s.batch).toEqual([]);
    expect(await rowUpdates()).toEqual(before);
    s.batchField = 'Status';
    await scan('TB000026');
    expect(said()).toBe('S-0026: Status = received');
  });
});
