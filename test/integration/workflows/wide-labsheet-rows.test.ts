import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageSampleIndex } from '../../../renderer/lib/samples/sample-index.js';
import { lookUpTubes } from '../../../renderer/lib/samples/tube-row.js';
import { jsonBytes } from '../../../main/ipc/size.js';
import { MAX_ROWS_PER_LOOKUP, rowAnswerAt } from '../../../shared/ipc/channels/cache.js';
import { inProcessApi, type InProcess } from '../../helpers/in-process-api.js';

/**
 * A labsheet hundreds of columns wide (a measurement per column, as instrument exports make them) and
 * a full rack of its tubes looked up at once, through the real router, as a rack file asks for it.
 */
const COLUMNS = Array.from({ length: 200 }, (_, i) => `Absorbance reading ${String(i + 1).padStart(3, '0')} (nm)`);
const tube = (n: number) => `TB${String(n).padStart(6, '0')}`;
const fixture = {
  users: [{ email: 'ada@lab.example', token: 'wide-labsheet-test-token', superAdmin: true }],
  labspaces: [{ name: 'Bench', folders: [{ name: 'Inventory' }] }],
  labsheets: [
    {
      name: 'Readings',
      folder: 'Inventory',
      columns: [
        { name: 'Sample ID', type: 'ID' },
        { name: 'Tube Barcode', type: 'ID_BARCODE' },
        ...COLUMNS.map((name) => ({ name, type: 'NUMBER' })),
      ],
      rows: Array.from({ length: MAX_ROWS_PER_LOOKUP }, (_, i) => ({
        'Sample ID': `S-${String(i + 1).padStart(5, '0')}`,
        'Tube Barcode': tube(i + 1),
        ...Object.fromEntries(COLUMNS.map((c, k) => [c, k])),
      })),
    },
  ],
};

let dir: string;
let env: InProcess;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wide-labsheet-'));
  writeFileSync(join(dir, 'lab.json'), JSON.stringify(fixture));
  env = await inProcessApi({ sandboxFixture: join(dir, 'lab.json') });
}, 60_000);
afterAll(async () => {
  await env.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('cache.rows for a full rack of a wide labsheet', () => {
  const values = Array.from({ length: MAX_ROWS_PER_LOOKUP }, (_, i) => tube(i + 1));

  it('names the columns once, not once per row: the answer stays the size of its cells', async () => {
    const r = await env.api.invoke('cache.rows', { labsheet: 'Readings', values });
    if (!r.ok) throw new Error(r.error.message);
    const text = JSON.stringify(r.value);
    // Every row named all 202 columns twice (its headers and its keys): about 20 MB for this rack.
    expect(text.split(COLUMNS[0]!).length - 1).toBe(1);
    expect(jsonBytes(r.value, 2_000_000)).toBeLessThan(2_000_000);
    // And each value's row is all there, as cache.row answers it.
    const last = rowAnswerAt(r.value, MAX_ROWS_PER_LOOKUP - 1);
    expect(last.found && last.row).toMatchObject({ 'Sample ID': 'S-01248', [COLUMNS[199]!]: 199 });
    // When it was read aside: on a loaded machine the rack's read can take longer than the cache keeps
    // rows fresh, and the single row is then read again (seen once in CI, 38 s apart).
    expect(await env.call('cache.row', { labsheet: 'Readings', value: tube(MAX_ROWS_PER_LOOKUP) })).toEqual({
      ...last,
      ...('fetchedAt' in last ? { fetchedAt: expect.any(Number) } : {}),
    });
  }, 60_000);

  it("a rack file's lookup reads each tube's sample ID out of the cells", async () => {
    const index = new PageSampleIndex(env.api);
    const found = await lookUpTubes(env.api, index, 'Readings', [tube(7), 'S-00008', 'TB999999']);
    expect(Object.fromEntries(found)).toEqual({
      [tube(7)]: { row: { id: 'S-00007', barcode: tube(7) } },
      'S-00008': { row: { id: 'S-00008', barcode: tube(8) } },
      // Not in the rows main read just now: a screen may call it unknown.
      TB999999: { row: null, readAt: expect.any(Number), fromCache: false, partial: false },
    });
  });
});
