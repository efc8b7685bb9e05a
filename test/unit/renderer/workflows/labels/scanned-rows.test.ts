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
