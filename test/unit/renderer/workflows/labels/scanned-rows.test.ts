import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LabelSources } from '../../../../../renderer/workflows/labels/label-sources.svelte.js';
import { inProcessApi, type InProcess } from '../../../../helpers/in-process-api.js';

/** Labels › Scanned rows on the real main in-process and its demo labsheet (TB000011 is S-0011's tube). */
let env: InProcess;
beforeAll(async () => {
  env = await inProcessApi();
});
afterAll(() => env.close());

describe('Labels › Scanned rows', () => {
  it('one row scanned by its tube barcode and then by its sample ID makes one label, and says so', async () => {
    const s = new LabelSources(env.api, () => '2026-11-27');
    s.kind = 'rows';
    expect(await s.addRow('TB000011')).toEqual({ ok: true, message: 'S-0011 added (1 in the batch)' });
    expect(await s.addRow('S-0011')).toEqual({
      ok: false,
      message: 'S-0011 is already in the batch (scanned as TB000011).',
    });
    expect(await s.addRow('TB000011')).toEqual({ ok: false, message: 'TB000011 is already in the batch.' });
    expect(s.rows.map((r) => r.record.id)).toEqual(['S-0011']);
  });
});

describe('Labels › Scanned rows taken out', () => {
  it('Clear the batch is put back whole, rows scanned since kept after them', async () => {
    const s = new LabelSources(env.api, () => '2026-11-29');
    s.kind = 'rows';
    for (const tube of ['TB000011', 'TB000012', 'TB000013']) expect((await s.addRow(tube)).ok).toBe(true);
    // One click lost every scanned row, with no way back but scanning them again.
    expect(s.takeOut('all')).toEqual({ ok: true, message: '3 rows taken out of the batch: Ctrl+Z puts them back' });
    expect(s.rows).toEqual([]);
    expect((await s.addRow('TB000014')).ok).toBe(true);
    expect(s.putBack()).toEqual({ ok: true, message: '3 rows put back (4 in the batch)' });
    expect(s.rows.map((r) => r.record.id)).toEqual(['S-0011', 'S-0012', 'S-0013', 'S-0014']);
    expect(s.putBack()).toEqual({ ok: false, message: 'Nothing to put back' });
  });

  it('one row taken out goes back in its place; not into a batch of another labsheet', async () => {
    const s = new LabelSources(env.api, () => '2026-11-29');
    s.kind = 'rows';
    for (const tube of ['TB000011', 'TB000012', 'TB000013']) await s.addRow(tube);
    expect(s.takeOut(1)).toEqual({ ok: true, message: 'S-0012 taken out of the batch: Ctrl+Z puts it back' });
    expect(s.rows.map((r) => r.record.id)).toEqual(['S-0011', 'S-0013']);
    expect(s.putBack().ok).toBe(true);
    expect(s.rows.map((r) => r.record.id)).toEqual(['S-0011', 'S-0012', 'S-0013']);

    s.takeOut('all');
    s.labsheet = 'Reagents';
    expect(s.putBack()).toEqual({
      ok: false,
      message: 'Not put back: 3 rows came from Samples, and the batch is of Reagents now',
    });
    expect(s.rows).toEqual([]);
  });
});
