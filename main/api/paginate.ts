import { ROW_PAGE_PRODUCT_LIMIT, ROW_PAGE_SIZE_MAX, rowPaginationViolation } from '../../shared/api/labsheets.js';
import type { ArchiveFilter, CellValue } from '../../shared/api/primitives.js';
import type { Sequence } from '../../shared/api/sequences.js';
import { listingMoved, planOverlappingPage, rowIdentity } from '../../shared/api/row-pages.js';
import type { LabClient } from './client.js';
import { BadRequestError, ProtocolError } from './errors.js';

/**
 * The furthest row the service can list: a page must satisfy page × pageSize < 50000, so the
 * row at position 49,999 (pageSize 1) is the last reachable one; anything after it is not.
 */
export const MAX_LISTABLE_ROWS = ROW_PAGE_PRODUCT_LIMIT - 1;

/** A labsheet whose rows the service's paging limits cannot all reach. */
export class LabsheetTooLargeError extends BadRequestError {
  readonly total: number;
  readonly listable: number;
  readonly unlistable: number;
  constructor(labsheet: string, total: number) {
    super(`labsheet too large to list completely: ${total} rows, the service lists at most ${MAX_LISTABLE_ROWS}`, {
      endpoint: 'fetchLabsheetRows',
      reason: `${total - MAX_LISTABLE_ROWS} rows of "${labsheet}" cannot be listed (page × pageSize must stay below ${ROW_PAGE_PRODUCT_LIMIT})`,
    });
    this.total = total;
    this.listable = MAX_LISTABLE_ROWS;
    this.unlistable = total - MAX_LISTABLE_ROWS;
  }
}

export interface PagePlan {
  page: number;
  pageSize: number;
  /** Rows at the start of that page already listed by the previous one. */
  skip: number;
}

/**
 * Which page to ask for next, starting at 0-based row `offset`. Normally pages are aligned and
 * skip nothing. Near the 50,000 limit the page size shrinks so page × pageSize stays legal, and
 * the overlap with rows already seen is skipped: that reaches row 49,999 instead of stopping at 49,000.
 */
export function planRowPage(offset: number, preferredSize: number): PagePlan | null {
  if (offset >= MAX_LISTABLE_ROWS) return null;
  const pageSize = Math.min(preferredSize, MAX_LISTABLE_ROWS - offset);
  const page = Math.floor(offset / pageSize) + 1;
  return { page, pageSize, skip: offset - (page - 1) * pageSize };
}

/**
 * How many requests listing `total` rows takes from a service that serves the page size asked: the
 * cost of one read of a labsheet (a little over total / pageSize, for the row each page reads again).
 */
export function requestsToList(total: number, pageSize: number = ROW_PAGE_SIZE_MAX): number {
  let requests = 1;
  for (let offset = 0; ; requests += 1) {
    const plan = planOverlappingPage(offset, pageSize) ?? planRowPage(offset, pageSize);
    if (!plan) return requests - 1;
    offset = plan.page * plan.pageSize;
    if (offset >= Math.min(total, MAX_LISTABLE_ROWS)) return requests;
  }
}

/** How many times a listing that moved under it is read again from the start before it fails. */
export const MAX_LISTING_RESTARTS = 2;

/**
 * Rows were removed or added elsewhere while the labsheet was listed page by page, so the rows after
 * that point moved: what was listed may skip a row or hold one twice, and is not the labsheet.
 */
export class LabsheetChangedError extends ProtocolError {
  constructor(labsheet: string, listed: number, why: string) {
    super('the labsheet changed while it was read', {
      endpoint: 'fetchLabsheetRows',
      reason: `rows of "${labsheet}" were added or removed elsewhere after ${listed} had been listed (${why}); read it again`,
    });
  }
}

export interface RowPage {
  headers: string[];
  rows: CellValue[][];
  /** 0-based position of rows[0] in the listing. */
  offset: number;
  total: number;
  page: number;
  pageSize: number;
}

export interface IterateRowsOptions {
  labsheet: string;
  archived?: ArchiveFilter;
  /** At most 1000 (the service's limit); default 1000 to use as few requests as possible. */
  pageSize?: number;
  signal?: AbortSignal;
  /**
   * By default a labsheet beyond MAX_LISTABLE_ROWS throws LabsheetTooLargeError before any row is
   * yielded, so nobody mistakes a partial listing for the whole. `true` lists what can be listed.
   */
  allowPartial?: boolean;
  /**
   * A listing that moved under it (rows added or removed elsewhere between two pages) throws
   * LabsheetChangedError unless this is given: then it is called, the caller drops every row it was
   * given so far, and the listing starts again from the first page (at most MAX_LISTING_RESTARTS times).
   */
  onRestart?: () => void;
}

/** Every row of a labsheet, one page at a time (pages indexed from 1, as the service counts). */
export async function* iterateLabsheetRows(
  client: Pick<LabClient, 'fetchLabsheetRows'>,
  opts: IterateRowsOptions,
): AsyncGenerator<RowPage> {
  const preferred = opts.pageSize ?? ROW_PAGE_SIZE_MAX;
  const violation = rowPaginationViolation(1, preferred);
  if (violation)
    throw new BadRequestError('invalid paging (not sent)', { endpoint: 'fetchLabsheetRows', reason: violation });
  for (let restarts = 0; ; restarts += 1) {
    try {
      yield* listOnce(client, opts, preferred);
      return;
    } catch (err) {
      if (!(err instanceof LabsheetChangedError) || !opts.onRestart || restarts >= MAX_LISTING_RESTARTS) throw err;
      opts.onRestart();
    }
  }
}

/** One walk through the pages; LabsheetChangedError when the listing moved under it. */
async function* listOnce(
  client: Pick<LabClient, 'fetchLabsheetRows'>,
  opts: IterateRowsOptions,
  preferred: number,
): AsyncGenerator<RowPage> {
  let offset = 0;
  let total: number | undefined;
  /** The last row listed, as rowIdentity says it: the next page reads it again where it was. */
  let last: string | null = null;
  // The page size the service serves: it may cap pageSize below what was asked (100 of 1000). Pages
  // are numbered in that size from then on, page N starting at row (N - 1) × size.
  let size = preferred;
  // Off for a service that answers more rows than asked (it pages in its own size whatever is asked): no
  // smaller page can reread the last row there, and its pages are read aligned, checked by their total.
  let overlapping = true;
  for (;;) {
    if (total !== undefined && offset >= Math.min(total, MAX_LISTABLE_ROWS)) return;
    const overlap = overlapping ? planOverlappingPage(offset, size) : null;
    const plan = overlap ?? planRowPage(offset, size);
    if (!plan) return;
    const answer = await client.fetchLabsheetRows(
      {
        labsheet: opts.labsheet,
        page: plan.page,
        pageSize: plan.pageSize,
        ...(opts.archived ? { archived: opts.archived } : {}),
      },
      opts.signal ? { signal: opts.signal } : {},
    );
    if (overlap && answer.rows.length > overlap.pageSize) {
      overlapping = false;
      continue;
    }
    if (total === undefined && answer.total > MAX_LISTABLE_ROWS && !opts.allowPartial) {
      throw new LabsheetTooLargeError(opts.labsheet, answer.total);
    }
    const before = total;
    total = answer.total;
    const end = Math.min(total, MAX_LISTABLE_ROWS);
    const rows = answer.rows.slice(plan.skip);
    if (listingMoved(answer, overlap?.anchor ?? null, last, before, total))
      throw new LabsheetChangedError(
        opts.labsheet,
        offset,
        overlap ? `row ${offset} is no longer where it was` : `the total went from ${before} to ${total}`,
      );
    if (rows.length === 0 && offset >= end) return;
    // The service's total is its word: a listing that ends before it (an empty page, rows deleted while
    // listing and the total not lowered with them) is not the whole labsheet, and must not pass for it.
    if (rows.length === 0) throw endedEarly(opts.labsheet, offset, total, plan);
    const short = answer.rows.length < plan.pageSize && offset + rows.length < end;
    if (short) {
      // Only the first page tells the size served for certain: a later short page of another size starts
      // at a row nobody can place.
      if (plan.page !== 1) throw endedEarly(opts.labsheet, offset + rows.length, total, plan);
      size = answer.rows.length;
    }
    last = rowIdentity(answer.headers, rows[rows.length - 1]!);
    yield { headers: answer.headers, rows, offset, total, page: plan.page, pageSize: plan.pageSize };
    offset += rows.length;
  }
}

/** A listing that stopped short of the service's total: the read fails, rather than pass for complete. */
function endedEarly(labsheet: string, listed: number, total: number, plan: PagePlan): ProtocolError {
  return new ProtocolError('labsheet listing ended before its total', {
    endpoint: 'fetchLabsheetRows',
    reason: `${listed} of ${total} rows of "${labsheet}" listed; page ${plan.page} of ${plan.pageSize} came back short`,
  });
}

export interface SequencePage {
  items: Array<Pick<Sequence, 'name' | 'type' | 'uuid'> & Record<string, unknown>>;
  page: number;
  /** As the service counts them; absent when it did not say. */
  total: number | undefined;
}

/** Every sequence summary, page by page (pages indexed from 0 on this endpoint). */
export async function* iterateSequences(
  client: Pick<LabClient, 'listSequences'>,
  opts: { pageSize?: number; signal?: AbortSignal } = {},
): AsyncGenerator<SequencePage> {
  const pageSize = opts.pageSize ?? 100;
  let seen = 0;
  // The page size the service serves, as its first page shows: one that caps pageSize (50 of 100 asked)
  // numbers its pages in that size, and a first page shorter than asked ended the listing there.
  let served: number | undefined;
  for (let page = 0; page < MAX_SEQUENCE_PAGES; page += 1) {
    const answer = await client.listSequences({ page, pageSize }, opts.signal ? { signal: opts.signal } : {});
    if (answer.items.length === 0) return;
    yield { items: answer.items, page, total: answer.total };
    seen += answer.items.length;
    served ??= answer.items.length;
    if (seen >= (answer.total ?? Infinity) || answer.items.length < served) return;
  }
}

/** A bound on pages read: a service that ignores `page` would otherwise be read for ever. */
const MAX_SEQUENCE_PAGES = 1000;
