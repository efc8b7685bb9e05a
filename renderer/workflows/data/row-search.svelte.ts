import type { ArchiveFilter, CellValue } from '../../../shared/api/primitives.js';
import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import { fromIpcError, type ShownError } from './lib/errors.js';
import { ROW_PAGE_PRODUCT_LIMIT, ROW_PAGE_SIZE_MAX } from '../../../shared/api/labsheets.js';
import { REACHABLE_ROWS } from './lib/paging.js';
import { listingMoved, nextRowPage, plainRowPage, rowIdentity, sameColumns } from './lib/row-walk.js';
import { leftOutBy, RELOAD_ROWS, rowsUnder } from './lib/row-words.js';

export interface SearchRequest {
  labsheet: string;
  archived: ArchiveFilter;
  headers: readonly string[];
  query: string;
  column: string;
}

/**
 * The service has no search, so a search by ID walks the rows in pages of up to 1000 (shrinking at
 * the end to reach row 49,999, the last one the paging limit allows, or to the service's own page
 * size when it answers fewer rows than asked), showing progress. Each page also holds the last row
 * read, so a labsheet that moved under the walk is read again instead of searched with a gap.
 */
export class RowSearch {
  results = $state<CellValue[][] | null>(null);
  running = $state(false);
  scanned = $state(0);
  total = $state(0);
  error = $state<ShownError | null>(null);
  /** The last search read every row it could: not stopped, cut short or failed. */
  finished = $state(false);
  /**
   * The last search stopped because the labsheet's columns are not those of the rows shown (changed at
   * another bench): the rows are to be read again before a search can be.
   */
  columnsChanged = $state(false);
  /** The Archived filter the last search read the rows under: its count says so. */
  filter = $state<ArchiveFilter>('any');
  /** What the results are for, so the screen can say "3 rows whose Sample ID contains …". */
  describe = $state('');
  /** "1 row whose …" / "3 rows whose …". */
  /** Rows past the service's paging limit, which no search can read. */
  readonly unreachable = $derived(Math.max(0, this.total - REACHABLE_ROWS));
  readonly headline = $derived(
    `${rowsUnder(this.results?.length ?? 0, this.filter)} ${this.describe}${leftOutBy(this.filter)}`,
  );

  #api: BenchlinkApi;
  #run = 0;

  constructor(api: BenchlinkApi) {
    this.#api = api;
  }

  clear(): void {
    this.#run++;
    this.results = null;
    this.running = false;
    // A search cleared (another labsheet opened, the filter changed) finished nothing: a scan reading
    // this after a search that did not start answered the last one's "finished" as "0 rows".
    this.finished = false;
    this.columnsChanged = false;
    this.error = null;
    this.describe = '';
  }

  /** A search that could not start (the labsheet's columns unknown): said as a search that read nothing. */
  refuse(error: ShownError): void {
    this.#run++;
    this.running = false;
    this.finished = false;
    this.columnsChanged = false;
    this.scanned = 0;
    this.total = 0;
    this.results = [];
    this.error = error;
  }

  cancel(): void {
    this.#run++;
    this.running = false;
  }

  async run(req: SearchRequest): Promise<void> {
    const needle = req.query.trim().toLowerCase();
    if (needle === '') return this.clear();
    const run = ++this.#run;
    this.running = true;
    this.finished = false;
    this.columnsChanged = false;
    this.error = null;
    this.filter = req.archived;
    this.describe = `whose ${req.column} contains "${req.query.trim()}"`;
    // A walk the labsheet moved under (rows added or removed elsewhere) is read again from the start: what
    // it found may lack a row or hold one twice. Bounded: a labsheet that keeps moving fails in words.
    for (let walks = 1; (await this.#walk(req, needle, run)) === 'moved'; walks++) {
      if (run !== this.#run) return;
      if (walks > MAX_RESTARTS) {
        this.error = {
          text: `${req.labsheet} changed while it was searched: rows were added or removed elsewhere each of the ${walks} times it was read, so rows may have been missed. Search again.`,
        };
        break;
      }
    }
    if (run === this.#run) this.running = false;
  }

  /**
   * One walk through the rows from the first. Each page after the first also holds the last row read, at
   * a known place (lib/row-walk.ts): another row there means rows moved, and the walk answers 'moved'.
   */
  async #walk(req: SearchRequest, needle: string, run: number): Promise<'ended' | 'moved'> {
    this.scanned = 0;
    this.total = 0;
    this.results = [];
    const found: CellValue[][] = [];
    const foundIds = new Set<string>();
    let last: string | null = null;
    let total: number | null = null;
    // Lowered to the rows a service answers a page when it answers fewer than asked (its own cap): the
    // next pages are then asked in that size, so page N is the rows after those read.
    let pageSize = ROW_PAGE_SIZE_MAX;
    // Off for a service that answers more rows than asked (it pages in its own size whatever is asked): no
    // smaller page can reread the last row there, and its pages are read aligned, checked by their total.
    let overlapping = true;
    for (;;) {
      const plan = overlapping ? nextRowPage(this.scanned, pageSize) : plainRowPage(this.scanned, pageSize);
      if (!plan) {
        this.error = {
          text: `the service lists at most ${REACHABLE_ROWS.toLocaleString('en')} rows (page × page size must stay below ${ROW_PAGE_PRODUCT_LIMIT.toLocaleString('en')}): the last ${this.total - this.scanned} rows of ${req.labsheet} could not be searched`,
        };
        return 'ended';
      }
      const r = await this.#api.invoke('lab.fetchLabsheetRows', {
        labsheet: req.labsheet,
        page: plan.page,
        pageSize: plan.pageSize,
        archived: req.archived,
      });
      if (run !== this.#run) return 'ended';
      if (!r.ok) {
        this.error = fromIpcError(r.error);
        return 'ended';
      }
      const { headers, rows } = r.value;
      if (plan.anchor !== null && rows.length > plan.pageSize) {
        overlapping = false;
        continue;
      }
      // Read by the rows' own headers, and shown under the page's: a column removed or added since the
      // page was read moved every cell, and "received" was looked for in another column (0 rows).
      if (!sameColumns(headers, req.headers)) {
        this.columnsChanged = true;
        this.error = {
          text: `the columns of ${req.labsheet} changed since its rows were shown: press ${RELOAD_ROWS}, then search again`,
        };
        return 'ended';
      }
      const before = total;
      total = r.value.total;
      const fresh = rows.slice(plan.from);
      if (listingMoved({ headers, rows }, plan.anchor, last, before, total)) return 'moved';
      const at = headers.indexOf(req.column);
      for (const row of fresh) {
        const id = rowIdentity(headers, row);
        if (
          String(row[at] ?? '')
            .toLowerCase()
            .includes(needle) &&
          !foundIds.has(id)
        ) {
          foundIds.add(id);
          found.push(row);
        }
      }
      this.total = total;
      this.scanned += fresh.length;
      this.results = [...found];
      // A short page is no end: a service may answer fewer rows a page than asked. Only an empty page or
      // the total ends the walk.
      if (this.scanned >= total) {
        this.finished = true;
        return 'ended';
      }
      if (fresh.length === 0) {
        this.error = {
          text: `the service answered no rows after ${this.scanned} of ${total}: the search did not read the rest (search again)`,
        };
        return 'ended';
      }
      last = rowIdentity(headers, fresh[fresh.length - 1]!);
      if (rows.length < plan.pageSize) pageSize = rows.length;
    }
  }
}

/** How many times a search the labsheet moved under starts again before it says so. */
const MAX_RESTARTS = 2;
