import { describe, expect, it } from 'vitest';
import {
  iterateLabsheetRows,
  LabsheetChangedError,
  MAX_LISTABLE_ROWS,
  requestsToList,
} from '../../../../main/api/paginate.js';
import { ProtocolError } from '../../../../main/api/errors.js';
import { rowPaginationViolation } from '../../../../shared/api/labsheets.js';
import type { RequestOf, ResponseOf } from '../../../../shared/api/endpoints.js';

/**
 * A labsheet served as the spec pages it (page × pageSize, no cursor), with the row uuid first, that
 * another bench changes between two page reads: `change` runs once, before the `at`-th request is answered.
 */
function changingLabsheet(total: number, change?: { at: number; apply: (ids: string[]) => void }) {
  const ids = Array.from({ length: total }, (_, i) => `S-${String(i).padStart(4, '0')}`);
  const calls: Array<{ page: number; pageSize: number }> = [];
  return {
    ids,
    calls,
    async fetchLabsheetRows(q: RequestOf<'fetchLabsheetRows'>): Promise<ResponseOf<'fetchLabsheetRows'>> {
      const page = Number(q.page);
      const pageSize = Number(q.pageSize);
      const violation = rowPaginationViolation(page, pageSize);
      if (violation) throw new Error(`illegal page: ${violation}`);
      calls.push({ page, pageSize });
      if (change && calls.length === change.at) change.apply(ids);
      const start = (page - 1) * pageSize;
      const rows = ids.slice(start, start + pageSize).map((id) => [`uuid-${id}`, id]);
      return { headers: ['uuid', 'Sample ID'], rows, total: ids.length, success: true };
    },
  };
}

async function collect(gen: AsyncGenerator<{ rows: unknown[][] }>, into: string[] = []): Promise<string[]> {
  for await (const page of gen) for (const r of page.rows) into.push(String(r[1]));
  return into;
}

/** A row before the boundary of the first page (1000 rows) removed, or one added at the front. */
const removeOne = (ids: string[]) => void ids.splice(10, 1);
const addAtFront = (ids: string[]) => void ids.unshift('S-NEW');

describe('a labsheet changed elsewhere while main lists it', () => {
  it('a row removed before the page boundary fails the listing instead of losing the row after it', async () => {
    const sheet = changingLabsheet(1_500, { at: 2, apply: removeOne });
    const listed: string[] = [];
    const e = await collect(iterateLabsheetRows(sheet, { labsheet: 'Samples' }), listed).catch((x: unknown) => x);
    // On the old code: 1,499 rows, S-1000 not among them, and no error: taken for the whole labsheet.
    expect(e).toBeInstanceOf(LabsheetChangedError);
    expect(e).toBeInstanceOf(ProtocolError);
    expect((e as Error).message).toContain('the labsheet changed while it was read');
  });

  it('a row added at the front fails the listing instead of listing a row twice', async () => {
    const sheet = changingLabsheet(1_500, { at: 2, apply: addAtFront });
    await expect(collect(iterateLabsheetRows(sheet, { labsheet: 'Samples' }))).rejects.toBeInstanceOf(
      LabsheetChangedError,
    );
  });

  it('one removed and one added between two reads (the total unchanged) is seen too', async () => {
    const sheet = changingLabsheet(1_500, {
      at: 2,
      apply: (ids) => {
        removeOne(ids);
        ids.push('S-LAST');
      },
    });
    await expect(collect(iterateLabsheetRows(sheet, { labsheet: 'Samples' }))).rejects.toBeInstanceOf(
      LabsheetChangedError,
    );
  });

  it('with onRestart, the listing starts again and lists the labsheet as it is now, each row once', async () => {
    const sheet = changingLabsheet(1_500, { at: 2, apply: removeOne });
    let listed: string[] = [];
    let restarts = 0;
    const gen = iterateLabsheetRows(sheet, {
      labsheet: 'Samples',
      onRestart: () => {
        restarts += 1;
        listed = [];
      },
    });
    for await (const page of gen) for (const r of page.rows) listed.push(String(r[1]));
    expect(restarts).toBe(1);
    expect(listed).toEqual(sheet.ids);
    expect(listed).toContain('S-1000');
    expect(new Set(listed).size).toBe(1_499);
  });

  it('a labsheet that keeps changing fails after a bounded number of fresh starts', async () => {
    const sheet = changingLabsheet(1_500);
    const moving = {
      fetchLabsheetRows: async (q: RequestOf<'fetchLabsheetRows'>) => {
        if (Number(q.page) > 1) addAtFront(sheet.ids);
        return sheet.fetchLabsheetRows(q);
      },
    };
    let restarts = 0;
    const gen = iterateLabsheetRows(moving, { labsheet: 'Samples', onRestart: () => void (restarts += 1) });
    await expect(collect(gen)).rejects.toBeInstanceOf(LabsheetChangedError);
    expect(restarts).toBe(2);
  });

  it('rows appended at the end while listing move nothing: they are listed, nothing fails', async () => {
    const sheet = changingLabsheet(1_500, { at: 2, apply: (ids) => void ids.push('S-APPENDED') });
    const listed = await collect(iterateLabsheetRows(sheet, { labsheet: 'Samples' }));
    expect(listed).toHaveLength(1_501);
    expect(listed.at(-1)).toBe('S-APPENDED');
  });

  it('reading each boundary row again costs about one request in a thousand rows, not double', async () => {
    for (const total of [1_000, 2_345, 6_000, MAX_LISTABLE_ROWS]) {
      const sheet = changingLabsheet(total);
      const listed = await collect(iterateLabsheetRows(sheet, { labsheet: 'Samples' }));
      expect(listed).toEqual(sheet.ids);
      expect(sheet.calls).toHaveLength(requestsToList(total));
      expect(sheet.calls.length).toBeLessThanOrEqual(Math.ceil(total / 1000) * 1.1 + 1);
    }
    expect(requestsToList(6_000)).toBe(7);
  });

  it('a service that answers its own page size whatever is asked is still listed whole, each row once', async () => {
    const sheet = changingLabsheet(1_000);
    const fixed = {
      // 30 rows a page, numbered in 30s, whatever pageSize says (the overlapping page's too).
      fetchLabsheetRows: (q: RequestOf<'fetchLabsheetRows'>) => sheet.fetchLabsheetRows({ ...q, pageSize: 30 }),
    };
    const listed = await collect(iterateLabsheetRows(fixed, { labsheet: 'Samples' }));
    expect(listed).toEqual(sheet.ids);
  });
});
