import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LabsheetBrowser } from '../../../../../renderer/workflows/data/labsheet-browser.svelte.js';
import { inProcessApi, type InProcess } from '../../../../helpers/in-process-api.js';

let env: InProcess;

beforeAll(async () => {
  env = await inProcessApi();
});
afterAll(() => env.close());

describe('Data › Labsheets: a scanned ID searches the open labsheet', () => {
  it('a hit is answered with the rows found', async () => {
    const b = new LabsheetBrowser(env.api);
    await b.openLabsheet('Samples');
    const column = b.headers.includes('Sample ID') ? 'Sample ID' : b.headers[1]!;
    const answer = await b.scanSearch('S-0123', column);
    expect(answer).toEqual({ ok: true, text: `1 row(s) in Samples whose ${column} contains S-0123` });
  });

  it('a search that could not read the rows says so: never "0 rows", never in the tone of an answer', async () => {
    const b = new LabsheetBrowser(env.api);
    // The labsheet went away (deleted at another bench) after it was opened: the rows cannot be read.
    await b.openLabsheet('No Such Sheet');
    expect(b.rowsError).not.toBeNull();
    const answer = await b.scanSearch('S-0123', 'Sample ID');
    expect(answer.ok).toBe(false);
    expect(answer.text).not.toMatch(/^0 row/);
    expect(answer.text).toContain(b.search.error!.text);
    // What the scan line used to be built from: no results and an error, said as "0 row(s) in …".
    expect(b.search.results).toEqual([]);
  });
});
