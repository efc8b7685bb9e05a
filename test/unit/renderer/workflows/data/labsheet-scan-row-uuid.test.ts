import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LabsheetBrowser } from '../../../../../renderer/workflows/data/labsheet-browser.svelte.js';
import { inProcessApi, type InProcess } from '../../../../helpers/in-process-api.js';

let env: InProcess;

beforeAll(async () => {
  env = await inProcessApi();
});
afterAll(() => env.close());

/** The row uuid of a sample on the open labsheet's first page, as the page shows it. */
function uuidOf(b: LabsheetBrowser, id: string): string {
  const idAt = b.headers.indexOf('Sample ID');
  const row = b.rows.find((r) => r[idAt] === id);
  if (!row) throw new Error(`${id} is not on the first page`);
  return String(row[b.headers.indexOf('uuid')]);
}

/**
 * A tube's row uuid scanned on Data › Labsheets (a lab that prints it as the tube's 2D code), on the real main
 * and its embedded sandbox. On the old code main's lookup did not know it: it was searched in the ID column,
 * "0 rows" in green.
 */
describe('Data › Labsheets: a scanned row uuid', () => {
  it('is searched in the uuid column, and finds its row, in either letter case', async () => {
    const b = new LabsheetBrowser(env.api);
    await b.openLabsheet('Samples');
    const uuid = uuidOf(b, 'S-0012');
    expect(await b.scanSearch(uuid.toUpperCase())).toEqual({
      ok: true,
      text: `1 row in Samples whose uuid contains ${uuid.toUpperCase()}`,
    });
    const idAt = b.headers.indexOf('Sample ID');
    expect(b.search.results?.map((r) => r[idAt])).toEqual(['S-0012']);
  });

  it('of an archived row, with the filter on unarchived: the answer names the filter', async () => {
    const b = new LabsheetBrowser(env.api);
    await b.openLabsheet('Samples');
    const uuid = uuidOf(b, 'S-0023');
    await b.setArchived('unarchived');
    expect(await b.scanSearch(uuid)).toEqual({
      ok: false,
      text:
        `0 unarchived rows in Samples whose uuid contains ${uuid}: ${uuid} is in Samples, but in a row the ` +
        'Archived filter (unarchived only) leaves out. Set Archived to "any" and scan again to see it',
    });
  });
});
