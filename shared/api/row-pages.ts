import { ROW_PAGE_PRODUCT_LIMIT, ROW_PAGE_SIZE_MAX } from './labsheets.js';
import type { CellValue } from './primitives.js';

/** A page of a walk through a labsheet's rows that reads the last row already read again, at `anchor`. */
export interface OverlapPage {
  page: number;
  pageSize: number;
  /** Rows of the page already read: the walk goes on from this index. */
  skip: number;
  /** Index in the page of the row last read (`skip - 1`): it must be the same row as before. */
  anchor: number;
}

/**
 * A page that also holds the last row already read (row `offset - 1`): the spec pages by page × pageSize
 * with no cursor, so a row removed or added elsewhere before the boundary between two reads shifts every
 * later row by one, and a row is then skipped or listed twice without any sign. That row, read again at
 * the same place, shows whether the listing moved. Pages of a size a little under the preferred one do
 * it: the size whose page leaves the most new rows after the anchor, within the paging limit (so a walk
 * takes barely more requests). Null when none holds the anchor and a new row (at the limit's very end,
 * or at the start): the caller pages without it. Main's reads (main/api/paginate.ts) and the Data
 * screen's search walk this way.
 */
export function planOverlappingPage(offset: number, preferredSize: number = ROW_PAGE_SIZE_MAX): OverlapPage | null {
  if (offset <= 0 || offset >= ROW_PAGE_PRODUCT_LIMIT - 1) return null;
  const anchor = offset - 1;
  let best: OverlapPage | null = null;
  let bestFresh = 0;
  for (let size = Math.min(preferredSize, ROW_PAGE_SIZE_MAX); size >= 2 && size - 1 > bestFresh; size -= 1) {
    const page = Math.floor(anchor / size) + 1;
    if (page * size >= ROW_PAGE_PRODUCT_LIMIT) continue;
    const start = (page - 1) * size;
    const fresh = start + size - offset;
    if (fresh > bestFresh) {
      bestFresh = fresh;
      best = { page, pageSize: size, skip: offset - start, anchor: anchor - start };
    }
  }
  return best;
}

/** What a row is known by when checking the listing did not move: its uuid (the listing's first column). */
export function rowIdentity(headers: readonly string[], row: readonly CellValue[]): string {
  return headers[0] === 'uuid' ? `uuid:${String(row[0])}` : `row:${JSON.stringify(row)}`;
}

/**
 * Whether rows moved since the last page: another row where the last one read stood (or a page that now
 * ends before it), or, on a page that cannot hold it (`anchor` null), a total that changed. `before` is
 * the total the last page gave (none for the first page). An empty page under the same total is the
 * service's short answer, which the caller says as such.
 */
export function listingMoved(
  answer: { headers: readonly string[]; rows: readonly CellValue[][] },
  anchor: number | null,
  last: string | null,
  before: number | null | undefined,
  total: number,
): boolean {
  if (before === null || before === undefined) return false;
  if (anchor === null || last === null) return before !== total;
  if (answer.rows.length === 0 && before === total) return false;
  const held = answer.rows[anchor];
  return held === undefined || rowIdentity(answer.headers, held) !== last;
}
