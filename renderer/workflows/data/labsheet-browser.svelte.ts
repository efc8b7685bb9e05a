import type { ArchiveFilter, CellValue } from '../../../shared/api/primitives.js';
import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import { fromIpcError, type ShownError } from './lib/errors.js';
import { latestOnly } from '../../lib/latest.js';
import { listsEveryLabsheet } from '../../../shared/api/labsheets.js';
import { clampPage, lastPage, pageKeepingFirstRow } from './lib/paging.js';
import { RowSearch } from './row-search.svelte.js';
import { leftOutBy, RELOAD_ROWS, rowsUnder } from './lib/row-words.js';
import { sameColumns } from './lib/row-walk.js';
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
  /**
   * When the rows shown were read (ms): another bench may change them since, and the screen says how
   * old they are next to the button that reads them again. Null when none are shown.
   */
  readAt = $state<number | null>(null);

  /** The search box and its column: typed by the user, or set by a scan (which picks the column). */
  searchQuery = $state('');
  searchColumn = $state('');

  /** Row uuids picked with the checkboxes, kept across pages of the open labsheet. */
  selected = $state<string[]>([]);
  readonly search: RowSearch;
  #api: BenchlinkApi;

  readonly lastPage = $derived(lastPage(this.total, this.pageSize));
  /**
   * Not while a page is being read: the rows still shown are the page before's, and the file would be
   * named for the new one.
   */
  readonly exportable = $derived(this.visibleRows.length > 0 && !this.rowsLoading);

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
    // Search results read under other columns (changed at another bench) would sit shifted under these.
    if (this.headers.length > 0 && !sameColumns(r.value.headers, this.headers)) this.search.clear();
    this.loaded = labsheet;
    this.readAt = Date.now();
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
    this.readAt = null;
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

  /**
   * Searches `labsheet` (the open one unless said), by the columns of the rows shown. Refused, said as a
   * search that read nothing, when it is not the open one or its columns are not known: a search that
   * quietly did not run left the last one's "finished", and a scan answered it as "0 rows".
   */
  async runSearch(query: string, column: string, labsheet: string | null = this.open): Promise<void> {
    if (!labsheet) return;
    const refused = this.#searchRefusal(labsheet);
    if (refused) return this.search.refuse(refused);
    const request = () => ({ labsheet, archived: this.archived, headers: this.headers, query, column });
    await this.search.run(request());
    if (!this.search.columnsChanged || this.open !== labsheet) return;
    // Its columns were changed at another bench: the rows are read again (the screen shows them under
    // the new headers) and searched once more, rather than sending the user to find a reload.
    await this.loadRows();
    const again =
      this.#searchRefusal(labsheet) ??
      (this.headers.includes(column)
        ? null
        : { text: `${labsheet} no longer has a column ${column} (it was changed elsewhere): choose another column` });
    if (again) return this.search.refuse(again);
    await this.search.run(request());
  }

  /** Why `labsheet` cannot be searched now, or null when it can. */
  #searchRefusal(labsheet: string): ShownError | null {
    if (this.open !== labsheet) return { text: 'another labsheet was opened meanwhile' };
    if (this.columnsKnown) return null;
    if (this.rowsLoading) return { text: `the rows of ${labsheet} are still being read: search again once they show` };
    return (
      this.rowsError ?? {
        text: `the columns of ${labsheet} have not been read yet: press ${RELOAD_ROWS}, then search again`,
      }
    );
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
    const refused = this.#searchRefusal(labsheet);
    if (refused) {
      this.search.refuse(refused);
      return this.#notFinished(text, labsheet, refused.text);
    }
    const { column, found: inLabsheet } = await this.#columnOf(labsheet, text);
    // The lookup waits on main (a whole labsheet read on a slow line): another labsheet opened meanwhile
    // was searched in this one's column, and answered "0 rows in <this one>" in green.
    const moved = () => this.#notFinished(text, labsheet, 'another labsheet was opened meanwhile');
    if (this.open !== labsheet) return moved();
    const archived = this.archived;
    this.searchQuery = text;
    this.searchColumn = column;
    await this.runSearch(text, column, labsheet);
    if (this.open !== labsheet) return moved();
    const { results, error, scanned, finished } = this.search;
    const n = results?.length ?? 0;
    // The Archived filter hides rows from the search: said, or "0 rows" read as "not in the labsheet".
    const found = `${rowsUnder(n, archived)} in ${labsheet} whose ${column} contains ${text}`;
    if (finished && n === 0 && inLabsheet && archived !== 'any')
      return {
        text: `${found}: ${text} is in ${labsheet}, but in a row the Archived filter (${archived} only) leaves out. Set Archived to "any" and scan again to see it`,
        ok: false,
      };
    if (finished) return { text: `${found}${leftOutBy(archived)}`, ok: true };
    // Stopped, or another labsheet opened meanwhile: "0 rows" would read as "not in the labsheet".
    const why = error?.text ?? 'it was stopped before every row was read';
    const partly = scanned > 0 ? ` (${found} among the first ${scanned} rows read)` : '';
    return this.#notFinished(text, labsheet, `${why}${partly}`);
  }

  #notFinished(text: string, labsheet: string, why: string): DataScanAnswer {
    return { text: `Search for ${text} in ${labsheet} not finished: ${why}`, ok: false };
  }

  /**
   * A tube's barcode is searched in the barcode column, a sample ID in the ID column, a row uuid (a lab
   * that prints it as the tube's 2D code) in the rows' uuid column: main's lookup says which of a row's
   * names the code is (the one Well fill's tubes are mapped by). A code that is none of them (or a lookup
   * that failed) is searched in the ID column, where part of an ID still matches.
   */
  async #columnOf(labsheet: string, text: string): Promise<{ column: string; found: boolean }> {
    const hit = await this.#api.invoke('cache.row', { labsheet, value: text });
    if (hit.ok && hit.value.found) {
      const { matchedBy, barcodeColumn, idColumn } = hit.value;
      // Searched in the ID column, a row uuid was "0 rows", or with the Archived filter on "left out by the filter".
      const column =
        matchedBy === 'ROW_UUID'
          ? this.headers.find((h) => h === 'uuid')
          : matchedBy === 'ID_BARCODE' && barcodeColumn
            ? barcodeColumn
            : idColumn;
      if (column !== undefined) return { column, found: true };
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
