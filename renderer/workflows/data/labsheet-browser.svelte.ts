import { counted } from '../../lib/format/counted.js';
import type { ArchiveFilter, CellValue } from '../../../shared/api/primitives.js';
import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import { fromIpcError, type ShownError } from './lib/errors.js';
import { latestOnly } from './lib/latest.js';
import { listsEveryLabsheet } from '../../../shared/api/labsheets.js';
import { clampPage, lastPage, pageKeepingFirstRow } from './lib/paging.js';
import { RowSearch } from './row-search.svelte.js';
import type { DataScanAnswer } from './scan-routing.js';

export type Row = CellValue[];

/**
 * Labsheet list and row browsing: one labsheet open at a time, one page of rows on screen, the
 * service's paging limits respected (lib/paging.ts), and a selection of row uuids that other
 * panels (labflows) act on.
 */
export class LabsheetBrowser {
  names = $state<string[]>([]);
  /**
   * How many labsheets the service has when its list names fewer (its `total`): the spec shows no way to
   * ask for the rest, so the screen says so and opens one by the name typed. Null when the list is whole.
   */
  listedOf = $state<number | null>(null);
  listError = $state<ShownError | null>(null);
  listLoading = $state(false);

  open = $state<string | null>(null);
  headers = $state<string[]>([]);
  rows = $state<Row[]>([]);
  total = $state(0);
  page = $state(1);
  pageSize = $state(50);
  archived = $state<ArchiveFilter>('any');
  rowsLoading = $state(false);
  rowsError = $state<ShownError | null>(null);
  /**
   * The labsheet `headers`, `rows` and `total` were read from: null until its rows first arrive, and
   * again after a read of them failed. Until it is the open one, no column is offered (search, delete):
   * another labsheet's, or none, would be.
   */
  loaded = $state<string | null>(null);
  readonly columnsKnown = $derived(this.open !== null && this.loaded === this.open);

  /** The search box and its column: typed by the user, or set by a scan (which picks the column). */
  searchQuery = $state('');
  searchColumn = $state('');

  /** Row uuids picked with the checkboxes, kept across pages of the open labsheet. */
  selected = $state<string[]>([]);
  readonly search: RowSearch;
  #api: BenchlinkApi;

  readonly lastPage = $derived(lastPage(this.total, this.pageSize));

  /** Answers to a request that was overtaken by a newer one are dropped (fast paging). */
  readonly #rowReads = latestOnly();

  constructor(api: BenchlinkApi) {
    this.#api = api;
    this.search = new RowSearch(api);
  }

  /** Search results when a search ran, otherwise the current page: what export and selection act on. */
  get visibleRows(): Row[] {
    return this.search.results ?? this.rows;
  }

  #listRequested = false;
  /** Loads the list the first time a screen needs it; later reloads are the user's (↻). */
  ensureList(): Promise<void> {
    if (this.#listRequested) return Promise.resolve();
    this.#listRequested = true;
    return this.loadList();
  }

  async loadList(): Promise<void> {
    this.listLoading = true;
    const r = await this.#api.invoke('lab.fetchLabsheetList', {});
    this.listLoading = false;
    if (!r.ok) {
      this.listError = fromIpcError(r.error);
      return;
    }
    this.listError = null;
    this.names = r.value.items.map((i) => i.name).sort((a, b) => a.localeCompare(b));
    this.listedOf = listsEveryLabsheet(r.value) ? null : (r.value.total ?? null);
  }

  async openLabsheet(name: string): Promise<void> {
    if (this.open !== name) {
      this.selected = [];
      this.search.clear();
      this.page = 1;
      // The last labsheet's columns, count and pager are not this one's: shown under its name, "Delete a
      // column" offered the last one's columns "from" this one.
      this.#forget();
    }
    this.open = name;
    await this.loadRows();
  }

  async loadRows(): Promise<void> {
    const labsheet = this.open;
    if (!labsheet) return;
    const current = this.#rowReads.begin();
    this.rowsLoading = true;
    const r = await this.#api.invoke('lab.fetchLabsheetRows', {
      labsheet,
      page: this.page,
      pageSize: this.pageSize,
      archived: this.archived,
    });
    if (!current()) return;
    this.rowsLoading = false;
    if (!r.ok) {
      this.rowsError = fromIpcError(r.error);
      // The rows shown were another labsheet's or page's: left, they were exported and selected as these.
      this.#forget();
      return;
    }
    this.rowsError = null;
    this.loaded = labsheet;
    this.headers = r.value.headers;
    this.rows = r.value.rows;
    this.total = r.value.total;
    // A filter change can shrink the data below the current page: land on the last real page.
    const fitted = clampPage(this.page, this.total, this.pageSize);
    if (fitted !== this.page) {
      this.page = fitted;
      await this.loadRows();
    }
  }

  /** Nothing read of a labsheet is shown: its columns, rows and count are not known. */
  #forget(): void {
    this.loaded = null;
    this.headers = [];
    this.rows = [];
    this.total = 0;
  }

  goTo(page: number): Promise<void> {
    this.page = clampPage(page, this.total, this.pageSize);
    return this.loadRows();
  }

  setPageSize(size: number): Promise<void> {
    this.page = pageKeepingFirstRow(this.page, this.pageSize, size, this.total);
    this.pageSize = size;
    return this.loadRows();
  }

  setArchived(filter: ArchiveFilter): Promise<void> {
    this.archived = filter;
    this.search.clear();
    return this.loadRows();
  }

  runSearch(query: string, column: string): Promise<void> {
    if (!this.open || !this.columnsKnown) return Promise.resolve();
    return this.search.run({ labsheet: this.open, archived: this.archived, headers: this.headers, query, column });
  }

  /**
   * A scanned code searched for in the open labsheet, in the column it belongs to, answered for the
   * last-scan line. A search that could not read the rows (service unreachable, labsheet gone) says
   * so: "0 rows" would read as "this tube is not in the labsheet" when nothing was looked at.
   */
  async scanSearch(text: string): Promise<DataScanAnswer> {
    const labsheet = this.open;
    if (!labsheet)
      return {
        text: 'Not searched: choose a labsheet in the list on the left, then scan again to search its rows',
        ok: false,
      };
    // Its columns are not known (its rows could not be read): read them again first; the search is not run
    // in a column guessed from nothing, which answers "0 rows" having looked at none.
    if (!this.columnsKnown) await this.loadRows();
    if (this.open !== labsheet) return this.#notFinished(text, labsheet, 'another labsheet was opened meanwhile');
    if (!this.columnsKnown) {
      this.search.refuse(
        this.rowsError ?? { text: `the columns of ${labsheet} have not been read yet: reload its rows (↻)` },
      );
      return this.#notFinished(text, labsheet, this.search.error?.text ?? '');
    }
    const { column, found: inLabsheet } = await this.#columnOf(labsheet, text);
    // The lookup waits on main (a whole labsheet read on a slow line): another labsheet opened meanwhile
    // was searched in this one's column, and answered "0 rows in <this one>" in green.
    const moved = () => this.#notFinished(text, labsheet, 'another labsheet was opened meanwhile');
    if (this.open !== labsheet) return moved();
    const archived = this.archived;
    this.searchQuery = text;
    this.searchColumn = column;
    await this.runSearch(text, column);
    if (this.open !== labsheet) return moved();
    const { results, error, scanned, finished } = this.search;
    const n = results?.length ?? 0;
    // The Archived filter hides rows from the search: said, or "0 rows" read as "not in the labsheet".
    const rows = archived === 'any' ? counted(n, 'row') : counted(n, `${archived} row`);
    const found = `${rows} in ${labsheet} whose ${column} contains ${text}`;
    if (finished && n === 0 && inLabsheet && archived !== 'any')
      return {
        text: `${found}: ${text} is in ${labsheet}, but in a row the Archived filter (${archived} only) leaves out`,
        ok: false,
      };
    if (finished) return { text: found, ok: true };
    // Stopped, or another labsheet opened meanwhile: "0 rows" would read as "not in the labsheet".
    const why = error?.text ?? 'it was stopped before every row was read';
    const partly = scanned > 0 ? ` (${found} among the first ${scanned} rows read)` : '';
    return this.#notFinished(text, labsheet, `${why}${partly}`);
  }

  #notFinished(text: string, labsheet: string, why: string): DataScanAnswer {
    return { text: `Search for ${text} in ${labsheet} not finished: ${why}`, ok: false };
  }

  /**
   * A tube's barcode is searched in the barcode column, a sample ID in the ID column: main's lookup
   * says which of a row's two keys the code is (the one Well fill's tubes are mapped by). A code that
   * is neither (or a lookup that failed) is searched in the ID column, where part of an ID still matches.
   */
  async #columnOf(labsheet: string, text: string): Promise<{ column: string; found: boolean }> {
    const hit = await this.#api.invoke('cache.row', { labsheet, value: text });
    if (hit.ok && hit.value.found) {
      const { matchedBy, barcodeColumn, idColumn } = hit.value;
      return { column: matchedBy === 'ID_BARCODE' && barcodeColumn ? barcodeColumn : idColumn, found: true };
    }
    const columns = await this.#api.invoke('cache.idColumns', { labsheet });
    const id = columns.ok ? columns.value.idColumn : null;
    return {
      column: id && this.headers.includes(id) ? id : this.searchColumn || (this.headers[1] ?? ''),
      found: false,
    };
  }

  toggle(uuid: string): void {
    this.selected = this.selected.includes(uuid) ? this.selected.filter((u) => u !== uuid) : [...this.selected, uuid];
  }

  selectVisible(on: boolean): void {
    const visible = this.visibleRows.map((r) => String(r[0] ?? ''));
    this.selected = on
      ? [...new Set([...this.selected, ...visible])]
      : this.selected.filter((u) => !visible.includes(u));
  }
}
