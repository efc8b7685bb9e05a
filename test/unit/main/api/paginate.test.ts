import { describe, expect, it } from 'vitest';
import {
  iterateLabsheetRows,
  iterateSequences,
  LabsheetTooLargeError,
  MAX_LISTABLE_ROWS,
  planRowPage,
} from '../../../../main/api/paginate.js';
import { BadRequestError, ProtocolError } from '../../../../main/api/errors.js';
import { rowPaginationViolation } from '../../../../shared/api/labsheets.js';
import type { RequestOf, ResponseOf } from '../../../../shared/api/endpoints.js';

/**
 * A labsheet of `total` rows served the way the service pages them (and refusing illegal pages);
 * `cap`: the most rows a page holds whatever pageSize asks, pages numbered in that size.
 */
function fakeRows(total: number, cap = Infinity) {
  const calls: Array<{ page: number; pageSize: number }> = [];
  const archived: Array<string | undefined> = [];
  return {
    calls,
    archived,
    async fetchLabsheetRows(q: RequestOf<'fetchLabsheetRows'>): Promise<ResponseOf<'fetchLabsheetRows'>> {
      const page = Number(q.page);
      const pageSize = Number(q.pageSize);
      const violation = rowPaginationViolation(page, pageSize);
      if (violation) throw new Error(`illegal page: ${violation}`);
      calls.push({ page, pageSize });
      archived.push(q.archived);
      const served = Math.min(pageSize, cap);
      const start = (page - 1) * served;
      const rows = Array.from({ length: Math.max(0, Math.min(served, total - start)) }, (_, i) => [`r${start + i}`]);
      return { headers: ['uuid'], rows, total, success: true };
    },
  };
}

async function collect(gen: AsyncGenerator<{ rows: unknown[][] }>): Promise<string[]> {
  const out: string[] = [];
  for await (const page of gen) for (const r of page.rows) out.push(String(r[0]));
  return out;
}

describe('row paging plan', () => {
  it('uses aligned pages until the limit, then shrinks them so page × pageSize stays below 50000', () => {
    expect(planRowPage(0, 1000)).toEqual({ page: 1, pageSize: 1000, skip: 0 });
    expect(planRowPage(48_000, 1000)).toEqual({ page: 49, pageSize: 1000, skip: 0 });
    const tail = planRowPage(49_000, 1000)!;
    expect(rowPaginationViolation(tail.page, tail.pageSize)).toBeNull();
    expect((tail.page - 1) * tail.pageSize + tail.skip).toBe(49_000);
    expect(planRowPage(MAX_LISTABLE_ROWS, 1000)).toBeNull();
    // Every offset up to the maximum has a legal page that starts no later than it.
    for (let o = 48_990; o < MAX_LISTABLE_ROWS; o += 1) {
      const p = planRowPage(o, 1000)!;
      expect(rowPaginationViolation(p.page, p.pageSize)).toBeNull();
      expect((p.page - 1) * p.pageSize + p.skip).toBe(o);
    }
  });
});

describe('iterateLabsheetRows', () => {
  it('passes the archive filter on as asked (the client drops `any`, client.test.ts)', async () => {
    const fake = fakeRows(3);
    await collect(iterateLabsheetRows(fake, { labsheet: 'T' }));
    await collect(iterateLabsheetRows(fake, { labsheet: 'T', archived: 'unarchived' }));
    expect(fake.archived).toEqual([undefined, 'unarchived']);
  });

  it('lists every row once, in order', async () => {
    const fake = fakeRows(2_345);
    const rows = await collect(iterateLabsheetRows(fake, { labsheet: 'T', pageSize: 1000 }));
    expect(rows).toHaveLength(2_345);
    expect(rows[2_344]).toBe('r2344');
    expect(fake.calls.map((c) => c.page)).toEqual([1, 2, 3]);
  });

  it('reaches the last listable row of a labsheet at the limit', async () => {
    const fake = fakeRows(MAX_LISTABLE_ROWS);
    const rows = await collect(iterateLabsheetRows(fake, { labsheet: 'T' }));
    expect(rows).toHaveLength(MAX_LISTABLE_ROWS);
    expect(new Set(rows).size).toBe(MAX_LISTABLE_ROWS);
    expect(fake.calls.length).toBeLessThan(80);
  });

  it('says how many rows cannot be listed when the labsheet is too large', async () => {
    const fake = fakeRows(60_000);
    const gen = iterateLabsheetRows(fake, { labsheet: 'Big' });
    const e = await gen.next().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(LabsheetTooLargeError);
    expect(e).toBeInstanceOf(BadRequestError);
    const err = e as LabsheetTooLargeError;
    expect(err.message).toContain('labsheet too large to list completely: 60000 rows, the service lists at most 49999');
    expect(err.unlistable).toBe(10_001);
    expect(err.reason).toContain('10001 rows of "Big" cannot be listed');
  });

  it('lists what it can when partial listing is allowed', async () => {
    const rows = await collect(iterateLabsheetRows(fakeRows(50_100), { labsheet: 'Big', allowPartial: true }));
    expect(rows).toHaveLength(MAX_LISTABLE_ROWS);
  });

  it('refuses a page size above 1000 without asking', async () => {
    const fake = fakeRows(10);
    await expect(iterateLabsheetRows(fake, { labsheet: 'T', pageSize: 1001 }).next()).rejects.toBeInstanceOf(
      BadRequestError,
    );
    expect(fake.calls).toHaveLength(0);
  });

  it('lists every row of a service that serves fewer rows a page than asked, in the size it serves', async () => {
    const fake = fakeRows(1_800, 100);
    const rows = await collect(iterateLabsheetRows(fake, { labsheet: 'T' }));
    expect(rows).toHaveLength(1_800);
    expect(new Set(rows).size).toBe(1_800);
    expect(rows[1_799]).toBe('r1799');
    // The second page reads the first's last row again (a row moved elsewhere would show there).
    expect(fake.calls[1]).toEqual({ page: 2, pageSize: 99 });
  });

  it('fails a listing that ends before its total instead of passing it off as complete', async () => {
    const fake = fakeRows(1_800);
    const lying = {
      fetchLabsheetRows: async (q: RequestOf<'fetchLabsheetRows'>) => {
        const a = await fake.fetchLabsheetRows(q);
        return Number(q.page) >= 2 ? { ...a, rows: [] } : a;
      },
    };
    await expect(collect(iterateLabsheetRows(lying, { labsheet: 'T' }))).rejects.toBeInstanceOf(ProtocolError);
  });

  it('ends quietly on an empty labsheet', async () => {
    expect(await collect(iterateLabsheetRows(fakeRows(0), { labsheet: 'T' }))).toEqual([]);
  });
});

describe('iterateSequences', () => {
  it('pages from 0 until total is reached', async () => {
    const pages: number[] = [];
    const client = {
      async listSequences(q: RequestOf<'listSequences'>): Promise<ResponseOf<'listSequences'>> {
        const page = Number(q.page);
        pages.push(page);
        const size = Number(q.pageSize);
        const items = Array.from({ length: Math.max(0, Math.min(size, 45 - page * size)) }, (_, i) => ({
          name: `s${page * size + i}`,
          type: 'DNA',
          uuid: `u${i}`,
        }));
        return { items, total: 45, success: true };
      },
    };
    const names: string[] = [];
    for await (const p of iterateSequences(client, { pageSize: 20 })) names.push(...p.items.map((i) => i.name));
    expect(pages).toEqual([0, 1, 2]);
    expect(names).toHaveLength(45);
    expect(names[0]).toBe('s0');
  });

  it('a service serving fewer a page than asked (50 of 100) is read to the end in the size it serves', async () => {
    const pages: number[] = [];
    const client = {
      async listSequences(q: RequestOf<'listSequences'>): Promise<ResponseOf<'listSequences'>> {
        const page = Number(q.page);
        pages.push(page);
        // It caps pageSize at 50, and says no total.
        const items = Array.from({ length: Math.max(0, Math.min(50, 120 - page * 50)) }, (_, i) => ({
          name: `s${page * 50 + i}`,
          type: 'DNA',
          uuid: `u${page * 50 + i}`,
        }));
        return { items, success: true };
      },
    };
    const names: string[] = [];
    for await (const p of iterateSequences(client)) names.push(...p.items.map((i) => i.name));
    // On the old code: 50, the first page taken for the last.
    expect(names).toHaveLength(120);
    expect(pages).toEqual([0, 1, 2]);
  });
});
