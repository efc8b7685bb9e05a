import type { LabClient } from '../api/index.js';
import { iterateLabsheetRows } from '../api/index.js';
import { MAX_LISTABLE_ROWS } from '../api/paginate.js';
import type { Logger } from '../common/logger.js';
import type { CellValue } from '../../shared/api/primitives.js';
import type { CacheStore } from './cache-store.js';
import type { RowColumns } from './row-columns.js';
import { isDefinite, ListingBrokeOffError, serviceCheck, ServiceChangedError } from './read-errors.js';

export interface RowLoaderDeps {
  store: CacheStore;
  client(): Promise<LabClient>;
  now(): number;
  log?: Logger;
  /** The identity of the service in use (ReadCacheDeps.service). */
  service?: () => string;
  /** After a failed reload, how long lookups answer from the saved copy without calling again. */
  reloadBackoffMs: number;
  /** Which columns name the rows (the user's choice, else guessed from `headers`). */
  columnsOf(labsheet: string, headers: readonly string[]): RowColumns;
  /** Rows were saved (the page holding a sample index asks again). */
  rowsLoaded(labsheet: string, fetchedAt: number): void;
}

/**
 * Reads a labsheet's rows from the service into the store: one load per service and labsheet at a time,
 * nothing saved when the service changed meanwhile, a labsheet too large to list saved as far as it goes
 * (marked partial), and after a failed reload a pause before lookups call again.
 */
export function createRowLoader(d: RowLoaderDeps) {
  /** Loads and failures are the service's and the labsheet's: another service's never stands for this one's. */
  const keyOf = (labsheet: string) => JSON.stringify([d.service?.() ?? '', labsheet]);

  /**
   * One load per labsheet at a time: a lookup joins a refresh already under way, except an explicit
   * refresh, which must see the service as it is now and so starts its own.
   */
  const loading = new Map<string, Promise<void>>();
  /** When a reload last failed (by keyOf), until one succeeds: lookups back off reloadBackoffMs from it. */
  const failedAt = new Map<string, number>();
  function loadRows(labsheet: string, join = true): Promise<void> {
    const key = keyOf(labsheet);
    const running = loading.get(key);
    if (running && join) return running;
    const load = fetchRows(labsheet)
      .then(
        () => void failedAt.delete(key),
        (err: unknown) => {
          if (!isDefinite(err) && !(err instanceof ServiceChangedError)) failedAt.set(key, d.now());
          throw err;
        },
      )
      .finally(() => {
        if (loading.get(key) === load) loading.delete(key);
      });
    loading.set(key, load);
    return load;
  }

  /** A reload failed a moment ago: the saved copy answers without calling (the service may hang each time). */
  function backingOff(labsheet: string): boolean {
    const at = failedAt.get(keyOf(labsheet));
    return at !== undefined && d.now() - at < d.reloadBackoffMs;
  }

  async function fetchRows(labsheet: string): Promise<void> {
    const still = serviceCheck(d.service);
    const c = await d.client();
    const rows: Record<string, CellValue>[] = [];
    let headers: string[] = [];
    let total = 0;
    let pages = 0;
    try {
      // No archive filter: `any` is the service's default and the spec does not show the parameter's name.
      // allowPartial: a labsheet too large to list whole is saved as far as it can be listed, marked so.
      // A listing that moved under it (rows added or removed at another bench between two pages) is read
      // again from the start, rather than saved with a row missing or twice.
      const onRestart = () => {
        rows.length = 0;
        total = 0;
        pages = 0;
      };
      for await (const page of iterateLabsheetRows(c, { labsheet, allowPartial: true, onRestart })) {
        pages += 1;
        headers = page.headers;
        total = Math.max(total, page.total);
        for (const cells of page.rows) {
          const row: Record<string, CellValue> = {};
          // A column name listed twice keeps its first cell, as the check before a send reads it
          // (sync/row-check.ts): the last one shown was the basis of a change, compared against the first,
          // and held it for a look nobody had caused. No change to such a column is made (duplicateHeaders).
          page.headers.forEach((h, i) => {
            if (!(h in row)) row[h] = cells[i] ?? null;
          });
          rows.push(row);
        }
      }
    } catch (err) {
      // Only the first page says whether the labsheet is there at all: after it, the read broke off (a 400
      // on a later page, a listing short of its total, the connection lost).
      if (pages === 0) throw err;
      still();
      const broke = new ListingBrokeOffError(labsheet, err);
      // A saved copy stays (it may hold rows past where this read stopped); without one, the rows listed
      // are better than none, saved as part of the labsheet: a tube they lack is unknown, not absent.
      const saved = d.store.shape(labsheet);
      const keep = saved !== null && !saved.partial;
      d.log?.warn('labsheet rows could not be read whole', {
        labsheet,
        listed: rows.length,
        total,
        answeredFrom: keep ? 'the saved copy' : 'the rows listed (a tube not among them is unknown)',
        error: broke.message,
      });
      if (!keep) saveRows(labsheet, headers, rows, true);
      throw broke;
    }
    still();
    const partial = total > MAX_LISTABLE_ROWS;
    if (partial)
      d.log?.warn('labsheet too large to read whole: a tube not among the rows listed is unknown, not absent', {
        labsheet,
        total,
        listed: rows.length,
      });
    saveRows(labsheet, headers, rows, partial);
  }

  function saveRows(labsheet: string, headers: string[], rows: Record<string, CellValue>[], partial: boolean): void {
    const { idColumn, barcodeColumn } = d.columnsOf(labsheet, headers);
    // The store keys rows by a `uuid` field; listings may not carry one, so the ID stands in for it.
    const keyed = rows.map((r) => (r['uuid'] === undefined ? { ...r, uuid: String(r[idColumn] ?? '') } : r));
    const at = d.now();
    d.store.putRows(labsheet, { headers, idColumn, barcodeColumn }, keyed, at, partial);
    d.rowsLoaded(labsheet, at);
  }

  return { load: loadRows, backingOff };
}
