import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BenchlinkApi } from '../../../../../shared/ipc/api.js';
import { LabsheetBrowser } from '../../../../../renderer/workflows/data/labsheet-browser.svelte.js';
import { inProcessApi, type InProcess } from '../../../../helpers/in-process-api.js';

/**
 * Opening a labsheet whose rows cannot be read (offline) after another was open: the real main
 * in-process (demo data), with the second labsheet's row reads failing as they do offline.
 */
let env: InProcess;
let other: string;
beforeAll(async () => {
  env = await inProcessApi();
  const names = (await env.call('lab.fetchLabsheetList', {})).items.map((i) => i.name);
  other = names.find((n) => n !== 'Samples')!;
});
afterAll(() => env.close());

/** Main, with row reads of `labsheet` failing as they do when the service cannot be reached. */
const offlineFor = (labsheet: () => string): BenchlinkApi => ({
  ...env.api,
  invoke: (async (channel: string, payload: { labsheet?: string }) =>
    channel === 'lab.fetchLabsheetRows' && payload.labsheet === labsheet()
      ? { ok: false, error: { code: 'service', kind: 'network', message: 'The service cannot be reached.' } }
      : env.api.invoke(channel as 'lab.fetchLabsheetRows', payload as never)) as BenchlinkApi['invoke'],
});

describe('Data › Labsheets: a labsheet that could not be opened', () => {
  it("shows none of the last labsheet's columns, count or pages, and offers no search in them", async () => {
    const b = new LabsheetBrowser(offlineFor(() => other));
    await b.openLabsheet('Samples');
    expect([b.total > 50, b.headers.includes('Sample ID')]).toEqual([true, true]);

    await b.openLabsheet(other);
    // On the old code: the heading said the other labsheet over Samples' columns, "rows 1–50 of 340".
    expect(b.open).toBe(other);
    expect(b.rowsError?.text).toBe('The service cannot be reached.');
    expect([b.headers, b.rows, b.total, b.lastPage]).toEqual([[], [], 0, 1]);
    expect(b.columnsKnown).toBe(false);

    await b.runSearch('S-0001', 'Sample ID');
    // Refused in words, a search that read nothing: never a count of the last labsheet's rows.
    expect([b.search.results, b.search.finished, b.search.error?.text]).toEqual([
      [],
      false,
      'The service cannot be reached.',
    ]);
    const answer = await b.scanSearch('S-0001');
    expect(answer).toEqual({
      ok: false,
      text: `Search for S-0001 in ${other} not finished: The service cannot be reached.`,
    });
  });

  it('a failed read of the open labsheet forgets its columns too; the next good read brings them back', async () => {
    let failing = '';
    const b = new LabsheetBrowser(offlineFor(() => failing));
    await b.openLabsheet('Samples');
    failing = 'Samples';
    await b.goTo(2);
    expect([b.headers, b.total]).toEqual([[], 0]);
    expect(b.columnsKnown).toBe(false);
    failing = '';
    await b.loadRows();
    expect(b.columnsKnown).toBe(true);
    expect(b.headers).toContain('Sample ID');
  });
});
