import { describe, expect, it } from 'vitest';
import type { BenchlinkApi } from '../../../../../shared/ipc/api.js';
import { LabsheetBrowser } from '../../../../../renderer/workflows/data/labsheet-browser.svelte.js';
import { RowSearch } from '../../../../../renderer/workflows/data/row-search.svelte.js';

const HEADERS = ['uuid', 'Sample ID'];
const ids = (n: number) => Array.from({ length: n }, (_, i) => `S-${String(i).padStart(4, '0')}`);

/**
 * Main as the Data screen meets it, over a labsheet served as the spec pages it (page × pageSize, no
 * cursor). `beforePage` runs before each search page of 999+ rows is answered (the screen's own page of
 * 50 rows is not a search's), with the page's number: another bench changing the labsheet meanwhile.
 */
function service(rows: string[], beforePage: (page: number, rows: string[]) => void = () => undefined): BenchlinkApi {
  return {
    invoke: (async (channel: string, payload: { page: number; pageSize: number }) => {
      if (channel === 'lab.fetchLabsheetRows') {
        if (payload.pageSize > 900) beforePage(payload.page, rows);
        const from = (payload.page - 1) * payload.pageSize;
        const page = rows.slice(from, from + payload.pageSize).map((id) => [`uuid-${id}`, id]);
        return { ok: true, value: { headers: HEADERS, rows: page, total: rows.length } };
      }
      // The read cache knows nothing of this labsheet: the scan is searched in the ID column.
      return { ok: false, error: { code: 'failed', message: `not asked here: ${channel}` } };
    }) as BenchlinkApi['invoke'],
    subscribe: () => () => undefined,
  };
}

const search = (query: string) => ({
  labsheet: 'Samples',
  archived: 'any' as const,
  headers: HEADERS,
  column: 'Sample ID',
  query,
});

/** Row 10 removed, once, when the second page is asked for: every row after it moves up one. */
const removedOnce = () => {
  let done = false;
  return (page: number, rows: string[]) => {
    if (page === 2 && !done) {
      done = true;
      rows.splice(10, 1);
    }
  };
};

describe('a row search while the labsheet changes elsewhere', () => {
  it('a row removed before the page boundary does not lose the row after it: the search reads again', async () => {
    const s = new RowSearch(service(ids(1_500), removedOnce()));
    await s.run(search('S-1000'));
    // On the old code: results [], finished, no error.
    expect(s.results?.map((r) => r[1])).toEqual(['S-1000']);
    expect([s.finished, s.error, s.scanned, s.total]).toEqual([true, null, 1_499, 1_499]);
  });

  it('a row added at the front is not found twice', async () => {
    let added = false;
    const s = new RowSearch(
      service(ids(1_500), (page, rows) => {
        if (page === 2 && !added) {
          added = true;
          rows.unshift('S-NEW');
        }
      }),
    );
    await s.run(search('S-09'));
    const found = s.results?.map((r) => r[1]) ?? [];
    expect(found).toHaveLength(new Set(found).size);
    expect(found).toHaveLength(100);
    expect(s.finished).toBe(true);
  });

  it('the scan line finds the tube, and never answers "0 rows" for a row that moved', async () => {
    const b = new LabsheetBrowser(service(ids(1_500), removedOnce()));
    await b.openLabsheet('Samples');
    const answer = await b.scanSearch('S-1000');
    expect(answer).toEqual({ ok: true, text: '1 row in Samples whose Sample ID contains S-1000' });
  });

  it('a labsheet that changes on every read ends in words, not a finished search', async () => {
    const b = new LabsheetBrowser(service(ids(1_500), (page, rows) => void (page === 2 && rows.unshift('S-NEW'))));
    await b.openLabsheet('Samples');
    const answer = await b.scanSearch('S-1000');
    expect(answer.ok).toBe(false);
    expect(answer.text).toMatch(/^Search for S-1000 in Samples not finished: Samples changed while it was searched/);
    expect(b.search.finished).toBe(false);
  });
});

describe('a row search on a service that answers its own page size whatever is asked', () => {
  it('reads every row once', async () => {
    const rows = ids(1_000);
    const fixed = service(rows);
    const api: BenchlinkApi = {
      ...fixed,
      invoke: ((channel: 'lab.fetchLabsheetRows', payload: { page: number; pageSize: number }) =>
        fixed.invoke(channel, { ...payload, pageSize: 30 } as never)) as BenchlinkApi['invoke'],
    };
    const s = new RowSearch(api);
    await s.run(search('S-0'));
    expect(s.results?.map((r) => r[1])).toEqual(rows);
    expect([s.finished, s.error]).toEqual([true, null]);
  });
});

describe('a row search that reaches the paging limit', () => {
  it('says the limit stopped it, in its error and on the scan line', async () => {
    const b = new LabsheetBrowser(service(ids(60_000)));
    await b.openLabsheet('Samples');
    const answer = await b.scanSearch('S-0001');
    // On the old code: no error, and the scan line said "it was stopped before every row was read".
    expect(b.search.error?.text).toMatch(
      /^the service lists at most 49,999 rows \(page × page size must stay below 50,000\): the last 10001 rows of Samples could not be searched/,
    );
    expect(answer.ok).toBe(false);
    expect(answer.text).toContain('the service lists at most 49,999 rows');
    expect(answer.text).not.toContain('it was stopped');
  });
});
