import type { ArchiveFilter, CellValue } from '../../../shared/api/primitives.js';
import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import { fromIpcError, type ShownError } from './lib/errors.js';
import { ROW_PAGE_SIZE_MAX } from '../../../shared/api/labsheets.js';
import { REACHABLE_ROWS, rowWindowAt } from './lib/paging.js';

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
 * size when it answers fewer rows than asked), showing progress.
 */
export class RowSearch {
  results = $state<CellValue[][] | null>(null);
  running = $state(false);
  scanned = $state(0);
  total = $state(0);
  error = $state<ShownError | null>(null);
  /** The last search read every row it could: not stopped, cut short or failed. */
  finished = $state(false);
  /** What the results are for, so the screen can say "3 rows whose Sample ID contains …". */
  describe = $state('');
  /** "1 row whose …" / "3 rows whose …". */
  /** Rows past the service's paging limit, which no search can read. */
  readonly unreachable = $derived(Math.max(0, this.total - REACHABLE_ROWS));
  readonly headline = $derived(
    `${this.results?.length ?? 0} ${this.results?.length === 1 ? 'row' : 'rows'} ${this.describe}`,
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
    this.error = null;
    this.describe = '';
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
    this.error = null;
    this.scanned = 0;
    this.total = 0;
    this.results = [];
    this.describe = `whose ${req.column} contains "${req.query.trim()}"`;
    const found: CellValue[][] = [];
    // Lowered to the rows a service answers a page when it answers fewer than asked (its own cap): the
    // next pages are then asked in that size, so page N is the rows after those read.
    let pageSize = ROW_PAGE_SIZE_MAX;
    for (let window = rowWindowAt(0, pageSize); window; window = rowWindowAt(this.scanned, pageSize)) {
      const r = await this.#api.invoke('lab.fetchLabsheetRows', {
        labsheet: req.labsheet,
        ...window,
        archived: req.archived,
      });
      if (run !== this.#run) return;
      if (!r.ok) {
        this.error = fromIpcError(r.error);
        break;
      }
      // Read by the rows' own headers, and shown under the page's: a column removed or added since the
      // page was read moved every cell, and "received" was looked for in another column (0 rows).
      if (r.value.headers.join('\u0000') !== req.headers.join('\u0000')) {
        this.error = {
          text: `the columns of ${req.labsheet} changed since its rows were shown: reload them (↻) and search again`,
        };
        break;
      }
      const at = r.value.headers.indexOf(req.column);
      for (const row of r.value.rows)
        if (
          String(row[at] ?? '')
            .toLowerCase()
            .includes(needle)
        )
          found.push(row);
      this.total = r.value.total;
      this.scanned += r.value.rows.length;
      this.results = [...found];
      // A short page is no end: a service may answer fewer rows a page than asked. Only an empty page or
      // the total ends the walk.
      if (this.scanned >= r.value.total) {
        this.finished = true;
        break;
      }
      if (r.value.rows.length === 0) {
        this.error = {
          text: `the service answered no rows after ${this.scanned} of ${r.value.total}: the search did not read the rest (search again)`,
        };
        break;
      }
      if (r.value.rows.length < window.pageSize) pageSize = r.value.rows.length;
    }
    this.running = false;
  }
}
