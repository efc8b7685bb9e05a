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

  it('another labsheet opened while the scan was looked up: not finished, never "0 rows" in the first one', async () => {
    // main's lookup held back (a whole labsheet read on a slow line) while the user opens Reagents.
    let release = () => undefined as void;
    const held = new Promise<void>((r) => (release = r));
    const api: typeof env.api = {
      ...env.api,
      invoke: (async (channel: string, payload: unknown) => {
        if (channel === 'cache.row') await held;
        return (env.api.invoke as (c: string, p: unknown) => Promise<unknown>)(channel, payload);
      }) as typeof env.api.invoke,
    };
    const b = new LabsheetBrowser(api);
    await b.openLabsheet('Samples');
    const scanned = b.scanSearch('S-0123');
    await new Promise((r) => setTimeout(r, 20));
    await b.openLabsheet('Reagents');
    release();
    const answer = await scanned;
    // On the old code: { ok: true, text: '0 rows in Samples whose Sample ID contains S-0123' }.
    expect(answer).toEqual({
      ok: false,
      text: 'Search for S-0123 in Samples not finished: another labsheet was opened meanwhile',
    });
  });

  it('an archived tube with the filter on unarchived: the answer names the filter, not "0 rows" in green', async () => {
    const b = new LabsheetBrowser(env.api);
    await b.openLabsheet('Samples');
    await b.setArchived('unarchived');
    const answer = await b.scanSearch('S-0023');
    // On the old code: { ok: true, text: '0 rows in Samples whose Sample ID contains S-0023' }.
    expect(answer).toEqual({
      ok: false,
      text:
        '0 unarchived rows in Samples whose Sample ID contains S-0023: S-0023 is in Samples, but in a row the ' +
        'Archived filter (unarchived only) leaves out. Set Archived to "any" and scan again to see it',
    });
    await b.setArchived('archived');
    expect(await b.scanSearch('S-0023')).toEqual({
      ok: true,
      text: '1 archived row in Samples whose Sample ID contains S-0023 (unarchived rows not searched)',
    });
  });
});
