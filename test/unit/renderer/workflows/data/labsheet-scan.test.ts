import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LabsheetBrowser } from '../../../../../renderer/workflows/data/labsheet-browser.svelte.js';
import { inProcessApi, type InProcess } from '../../../../helpers/in-process-api.js';

let env: InProcess;

beforeAll(async () => {
  env = await inProcessApi();
});
afterAll(() => env.close());

describe('Data › Labsheets: a scan searches the open labsheet in the column it belongs to', () => {
  it('a sample ID is searched in the ID column', async () => {
    const b = new LabsheetBrowser(env.api);
    await b.openLabsheet('Samples');
    const answer = await b.scanSearch('S-0123');
    expect(answer).toEqual({ ok: true, text: '1 row in Samples whose Sample ID contains S-0123' });
    expect([b.searchColumn, b.searchQuery]).toEqual(['Sample ID', 'S-0123']);
  });

  it("a tube's barcode is searched in the barcode column, and finds its row", async () => {
    const b = new LabsheetBrowser(env.api);
    await b.openLabsheet('Samples');
    const answer = await b.scanSearch('TB000010');
    expect(answer).toEqual({ ok: true, text: '1 row in Samples whose Tube Barcode contains TB000010' });
    expect(b.searchColumn).toBe('Tube Barcode');
    const idAt = b.headers.indexOf('Sample ID');
    expect(b.search.results?.map((r) => r[idAt])).toEqual(['S-0010']);
  });

  it('with no labsheet open, the scan says what to do next', async () => {
    const b = new LabsheetBrowser(env.api);
    const answer = await b.scanSearch('TB000010');
    expect(answer.ok).toBe(false);
    expect(answer.text).toBe(
      'Not searched: choose a labsheet in the list on the left, then scan again to search its rows',
    );
  });

  it('a search that could not read the rows says so: never "0 rows", never in the tone of an answer', async () => {
    const b = new LabsheetBrowser(env.api);
    // The labsheet went away (deleted at another bench) after it was opened: the rows cannot be read.
    await b.openLabsheet('No Such Sheet');
    expect(b.rowsError).not.toBeNull();
    const answer = await b.scanSearch('S-0123');
    expect(answer.ok).toBe(false);
    expect(answer.text).not.toMatch(/^0 row/);
    expect(answer.text).toContain(b.search.error!.text);
    // What the scan line used to be built from: no results and an error, said as "0 row(s) in …".
    expect(b.search.results).toEqual([]);
  });
});
