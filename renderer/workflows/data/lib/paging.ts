import { ROW_PAGE_PRODUCT_LIMIT, ROW_PAGE_SIZE_MAX } from '../../../../shared/api/labsheets.js';

/** Page sizes offered for row browsing; all within the service's maximum of 1000. */
export const ROW_PAGE_SIZES = [25, 50, 100, 250, 500, ROW_PAGE_SIZE_MAX] as const;

/** The highest page the service will list at this size: page × pageSize must stay below 50,000. */
export function maxReachablePage(pageSize: number): number {
  return Math.max(1, Math.floor((ROW_PAGE_PRODUCT_LIMIT - 1) / pageSize));
}

/** The last page worth offering: the end of the data, or the service's limit if that comes first. */
export function lastPage(total: number, pageSize: number): number {
  return Math.min(Math.max(1, Math.ceil(total / pageSize)), maxReachablePage(pageSize));
}

/** Any requested page made valid for this size and total (1-based). */
export function clampPage(page: number, total: number, pageSize: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.floor(page)), lastPage(total, pageSize));
}

/** Rows the service cannot list at all with this page size (past the page × size limit). */
export function unreachableRows(total: number, pageSize: number): number {
  return Math.max(0, total - maxReachablePage(pageSize) * pageSize);
}

/** When the page size changes, stay on the page that holds the first row currently shown. */
export function pageKeepingFirstRow(page: number, oldSize: number, newSize: number, total: number): number {
  const firstRow = (page - 1) * oldSize;
  return clampPage(Math.floor(firstRow / newSize) + 1, total, newSize);
}

/** The most rows the service can ever list: page × pageSize < 50,000 ends at row 49,999. */
export const REACHABLE_ROWS = ROW_PAGE_PRODUCT_LIMIT - 1;

/**
 * The page request that reads rows from `offset` (0-based) onwards: the largest size ≤ `preferred`
 * that divides the offset (pages are offset/size + 1) and keeps page × size below 50,000. Walking
 * with it reaches row 49,999 where fixed pages of 1000 stop at 49,000. null past the last row.
 */
export function rowWindowAt(
  offset: number,
  preferred: number = ROW_PAGE_SIZE_MAX,
): { page: number; pageSize: number } | null {
  for (let size = Math.min(preferred, ROW_PAGE_SIZE_MAX); size >= 1; size--) {
    if (offset % size === 0 && offset + size < ROW_PAGE_PRODUCT_LIMIT)
      return { page: offset / size + 1, pageSize: size };
  }
  return null;
}
