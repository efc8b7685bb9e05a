import { describe, expect, it } from 'vitest';
import type { BenchlinkApi } from '../../../../../shared/ipc/api.js';
import { RowSearch } from '../../../../../renderer/workflows/data/row-search.svelte.js';

const HEADERS = ['Sample ID', 'Notes'];
const ROWS = Array.from({ length: 300 }, (_, i) => [`S-${String(i + 1).padStart(4, '0')}`, i === 249 ? 'needle' : '']);

/**
 * A service that answers at most `cap` rows a page, whatever page size is asked (as some do), of a
 * 300-row labsheet; `rows` lets a test empty it part way (rows deleted while listing).
 */
function cappedService(cap: number, rows: () => readonly (readonly string[])[] = () => ROWS): BenchlinkApi {
  return {
    invoke: (async (channel: string, payload: { page: number; pageSize: number }) => {
      if (channel !== 'lab.fetchLabsheetRows') throw new Error(`not asked here: ${channel}`);
      const size = Math.min(payload.pageSize, cap);
      const all = rows();
      const from = (payload.page - 1) * size;
      return {
        ok: true,
        value: { headers: HEADERS, rows: all.slice(from, from + size).map((r) => [...r]), total: all.length },
      };
    }) as BenchlinkApi['invoke'],
    subscribe: () => () => undefined,
  };
}

const request = {
  labsheet: 'Samples',
  archived: 'unarchived' as const,
  headers: HEADERS,
  column: 'Notes',
  query: 'needle',
};

describe('Row search on a service that answers shorter pages than asked', () => {
  it('reads on to the end of the labsheet instead of reporting a finished search of the first page', async () => {
    const s = new RowSearch(cappedService(100));
    await s.run(request);
    expect(s.scanned).toBe(300);
    expect(s.total).toBe(300);
    expect(s.results?.map((r) => r[0])).toEqual(['S-0250']);
    expect(s.finished).toBe(true);
    expect(s.error).toBeNull();
  });

  it('an empty page ends the search (rows deleted while it read)', async () => {
    let asked = 0;
    const s = new RowSearch(cappedService(100, () => (++asked > 1 ? [] : ROWS)));
    await s.run(request);
    expect(s.running).toBe(false);
    // Its answer counts the rows left: none. The rows read before are gone, so the search starts again
    // from the first page, and finds the labsheet empty: every row there is was read.
    expect(s.finished).toBe(true);
    expect(s.scanned).toBe(0);
    expect(s.results).toEqual([]);
  });

  it('an empty page before the total is reached is not a finished search: it says so', async () => {
    const s = new RowSearch({
      ...cappedService(100),
      invoke: (async (channel: string, payload: { page: number; pageSize: number }) =>
        payload.page > 1
          ? { ok: true, value: { headers: HEADERS, rows: [], total: 300 } }
          : cappedService(100).invoke(channel as 'lab.fetchLabsheetRows', payload as never)) as BenchlinkApi['invoke'],
    });
    await s.run(request);
    expect(s.scanned).toBe(100);
    expect(s.finished).toBe(false);
    expect(s.error?.text).toMatch(/no rows after 100 of 300/);
  });
});
