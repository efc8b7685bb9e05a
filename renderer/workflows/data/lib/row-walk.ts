import { ROW_PAGE_SIZE_MAX } from '../../../../shared/api/labsheets.js';
import { planOverlappingPage } from '../../../../shared/api/row-pages.js';
import { REACHABLE_ROWS, rowWindowAt } from './paging.js';

export { listingMoved, rowIdentity } from '../../../../shared/api/row-pages.js';

/**
 * The next page of a walk through every row that has read `offset` rows so far, and where in it the
 * walk goes on: `from`, the first row not read yet, and `anchor`, the last row read (null when the page
 * cannot hold it).
 */
export interface RowWalkPage {
  page: number;
  pageSize: number;
  from: number;
  anchor: number | null;
}

/**
 * Each page after the first also holds the last row read, at a known place, so a row removed or added
 * elsewhere between two reads is noticed (shared/api/row-pages.ts); at the paging limit's very end, where
 * no such page exists, the plain window (lib/paging.ts) is used.
 */
export function nextRowPage(offset: number, preferred: number = ROW_PAGE_SIZE_MAX): RowWalkPage | null {
  if (offset >= REACHABLE_ROWS) return null;
  const overlap = planOverlappingPage(offset, preferred);
  if (overlap) return { page: overlap.page, pageSize: overlap.pageSize, from: overlap.skip, anchor: overlap.anchor };
  return plainRowPage(offset, preferred);
}

/** The page that starts at `offset`, holding no row already read (lib/paging.ts's window). */
export function plainRowPage(offset: number, preferred: number = ROW_PAGE_SIZE_MAX): RowWalkPage | null {
  const window = rowWindowAt(offset, preferred);
  return window && { ...window, from: 0, anchor: null };
}

/**
 * Whether two readings of a labsheet have the same columns in the same order: rows read under other
 * columns (one added or removed at another bench) would sit shifted under these.
 */
export function sameColumns(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((h, i) => h === b[i]);
}
