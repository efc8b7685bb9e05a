import type { ArchiveFilter, CellValue } from '../../../shared/api/primitives.js';
import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import { ROW_PAGE_SIZE_MAX } from '../../../shared/api/labsheets.js';
import { fromIpcError, type ShownError } from './lib/errors.js';
import { lastPage } from './lib/paging.js';

export interface SearchRequest {
  labsheet: string;
  archived: ArchiveFilter;
  headers: readonly string[];
  query: string;
  column: string;
}

/** The service has no search, so a search by ID walks the rows in pages of 1000, showing progress. */
export class RowSearch {
  results = $state<CellValue[][] | null>(null);
  running = $state(false);
  scanned = $state(0);
  total = $state(0);
  error = $state<ShownError | null>(null);
  /** What the results are for, so the screen can say "3 rows whose Sample ID contains …". */
  describe = $state('');
  /** "1 row whose …" / "3 rows whose …". */
  readonly headline = $derived(`${this.results?.length ?? 0} ${this.results?.length === 1 ? 'row' : 'rows'} ${this.describe}`);

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
    const column = req.headers.indexOf(req.column);
    this.running = true;
    this.error = null;
    this.scanned = 0;
    this.results = [];
    this.describe = `whose ${req.column} contains "${req.query.trim()}"`;
    const found: CellValue[][] = [];
    for (let page = 1; ; page++) {
      const r = await this.#api.invoke('lab.fetchLabsheetRows', { labsheet: req.labsheet, page, pageSize: ROW_PAGE_SIZE_MAX, archived: req.archived });
      if (run !== this.#run) return;
      if (!r.ok) {
        this.error = fromIpcError(r.error);
        break;
      }
      const at = column >= 0 ? column : r.value.headers.indexOf(req.column);
      for (const row of r.value.rows) if (String(row[at] ?? '').toLowerCase().includes(needle)) found.push(row);
      this.total = r.value.total;
      this.scanned += r.value.rows.length;
      this.results = [...found];
      if (r.value.rows.length === 0 || page >= lastPage(r.value.total, ROW_PAGE_SIZE_MAX)) break;
    }
    this.running = false;
  }
}
