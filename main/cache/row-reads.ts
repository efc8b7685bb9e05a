import type { TypedEmitter } from '../common/emitter.js';
import type { LabsheetColumns, RowAnswer, RowsAnswer, SampleIndex } from '../../shared/ipc/channels/cache.js';
import { rowAnswerAt } from '../../shared/ipc/channels/cache.js';
import type { RowLookup } from './cache-store.js';
import type { ReadCacheDeps } from './read-cache.js';
import { isDefinite, ListingBrokeOffError, serviceCheck, ServiceChangedError } from './read-errors.js';
import { createRowLoader } from './row-loader.js';
import { identifyColumns, type RowColumns } from './row-columns.js';
import { createRowsLeftHere } from './rows-left-here.js';
import { inTime, LATE } from '../common/in-time.js';

export type ReadCacheEvents = { rowsLoaded: { labsheet: string; fetchedAt: number } };

/** The read cache's own (ReadCacheDeps), with the defaults of its times applied. */
export type RowReadsDeps = Pick<
  ReadCacheDeps,
  'store' | 'client' | 'outbox' | 'now' | 'log' | 'service' | 'knownIdColumns'
> & {
  rowsFreshMs: number;
  missAnsweredWithinMs: number;
  reloadBackoffMs: number;
  reloadWaitMs: number;
  /** Told when a labsheet's rows were loaded, or are now found by other ID columns. */
  events: TypedEmitter<ReadCacheEvents>;
};

/**
 * Above this many rows the index is not handed to the page (a few MB over the IPC, parsed twice):
 * such a labsheet is looked up per scan, as before.
 */
export const MAX_SAMPLE_INDEX_ROWS = 100_000;

type SavedHit = NonNullable<RowLookup>;

/** At most so many of a column's values are offered (a free-text column holds as many as rows). */
export const MAX_VALUES_OFFERED = 50;

/**
 * A labsheet's rows as the service lists them, saved, with what this computer changed in them since laid
 * over them (rows-left-here.ts); when the service cannot be asked, the saved rows with their age.
 */
export function createRowReads(d: RowReadsDeps) {
  const { store, rowsFreshMs, missAnsweredWithinMs, events } = d;
  /** Taken as a read starts, called before its answer is saved or given (read-errors.ts). */
  const sameService = () => serviceCheck(d.service);

  const { load: loadFromService, backingOff } = createRowLoader({
    store,
    client: d.client,
    now: d.now,
    ...(d.log ? { log: d.log } : {}),
    ...(d.service ? { service: d.service } : {}),
    reloadBackoffMs: d.reloadBackoffMs,
    columnsOf: (labsheet, headers) => columnsOf(labsheet, headers),
    rowsLoaded: (labsheet, fetchedAt) => events.emit('rowsLoaded', { labsheet, fetchedAt }),
  });

  const leftHere = createRowsLeftHere(d.outbox);
  /**
   * When the read behind each labsheet's saved rows began (by its fetchedAt): a row change confirmed
   * during that read may have been listed before it, so it is laid over these rows too (rows-left-here.ts).
   * A load joined by several lookups keeps the earliest start. Not kept across a restart: then the rows'
   * fetchedAt stands for it.
   */
  const readFrom = new Map<string, { fetchedAt: number; from: number }>();
  async function loadRows(labsheet: string, join = true): Promise<void> {
    const from = d.now();
    await loadFromService(labsheet, join);
    const fetchedAt = store.shape(labsheet)?.fetchedAt;
    if (fetchedAt === undefined) return;
    const known = readFrom.get(labsheet);
    const earliest = known?.fetchedAt === fetchedAt ? Math.min(known.from, from) : from;
    readFrom.set(labsheet, { fetchedAt, from: Math.min(earliest, fetchedAt) });
  }
  const rowsReadFrom = (labsheet: string, fetchedAt: number): number => {
    const known = readFrom.get(labsheet);
    return known?.fetchedAt === fetchedAt ? known.from : fetchedAt;
  };

  const columnsOf = (labsheet: string, headers: readonly string[]): RowColumns =>
    identifyColumns(headers, d.knownIdColumns?.(labsheet));

  /**
   * The saved rows' shape with today's ID columns: when the user has named other columns since the
   * rows were saved, the saved rows are found by those from now on (and a page holding the sample
   * index is told to ask again), online or not.
   */
  function currentShape(labsheet: string) {
    const saved = store.shape(labsheet);
    if (!saved) return null;
    const now = columnsOf(labsheet, saved.headers);
    if (now.idColumn !== saved.idColumn || now.barcodeColumn !== saved.barcodeColumn) {
      store.rekeyRows(labsheet, now);
      events.emit('rowsLoaded', { labsheet, fetchedAt: saved.fetchedAt });
    }
    return { ...saved, ...now };
  }

  /** Whether the saved rows are a part listed since `savedAt` (null: none were saved before). */
  function listedJustNow(labsheet: string, savedAt: number | null): boolean {
    const now = store.shape(labsheet);
    return now !== null && now.partial && (savedAt === null || now.fetchedAt > savedAt);
  }

  /**
   * The saved rows `values` name (as ID, barcode or row uuid: store.findRow), by value (or that a value names
   * several: no row is given for it); after currentShape, so they are found by today's ID columns.
   */
  function findSaved(labsheet: string, values: readonly string[], into: Map<string, SavedHit>): void {
    if (!currentShape(labsheet)) return;
    for (const v of values) {
      const hit = store.findRow(labsheet, v);
      if (hit) into.set(v, hit);
    }
  }

  /**
   * The rows `values` name, in their order, with the labsheet's columns once (RowsAnswer). Values the
   * fresh saved rows hold answer from them. The others are perhaps new since the rows were read: when
   * that read is a moment ago (younger than missAnsweredWithinMs) they are answered as not found from
   * it, saying when; otherwise they wait for one reload of the labsheet for them all (joining one under
   * way), or the saved copy when the service cannot be reached. `refresh` always reloads.
   */
  async function rows(labsheet: string, values: readonly string[], refresh = false): Promise<RowsAnswer> {
    const still = sameService();
    const shape = store.shape(labsheet);
    const age = shape === null ? Infinity : d.now() - shape.fetchedAt;
    const found = new Map<string, SavedHit>();
    if (age < rowsFreshMs && !refresh) {
      findSaved(labsheet, values, found);
      // Refresh ahead, in the background, once the rows are half their life old: a bench
      // scanning steadily then never waits for a whole labsheet to reload on its scan path,
      // and no answer is ever older than rowsFreshMs (the same promise as before).
      if (found.size > 0 && age >= rowsFreshMs / 2) {
        void loadRows(labsheet).catch((err: unknown) =>
          d.log?.warn('background refresh of labsheet rows failed', { labsheet, error: String(err) }),
        );
      }
    }
    const missing = values.filter((v) => !found.has(v));
    let fromCache = false;
    const reload = missing.length > 0 && (refresh || age >= missAnsweredWithinMs);
    if (reload && !refresh && backingOff(labsheet)) {
      fromCache = true;
      findSaved(labsheet, missing, found);
    } else if (reload) {
      const savedAt = shape?.fetchedAt ?? null;
      try {
        const loading = loadRows(labsheet, !refresh);
        // An explicit refresh waits for its reload; a lookup, for reloadWaitMs, where rows are saved to
        // answer from: with none (the labsheet's first read), the reload is all there is to answer with.
        let late = false;
        if (refresh || shape === null) await loading;
        else late = (await inTime(loading, d.reloadWaitMs)) === LATE;
        still();
        if (late) {
          // The service is slow to list: answered from the saved copy, said as such; the reload goes on,
          // and its failure (a timeout) backs the next lookups off as any failed reload does.
          loading.catch((err: unknown) =>
            d.log?.warn('reload of labsheet rows failed after the lookup was answered', {
              labsheet,
              error: String(err),
            }),
          );
          fromCache = true;
        }
      } catch (err) {
        if (err instanceof ServiceChangedError) throw err;
        still();
        // The service says the labsheet is not there: no row of it stands, whatever is saved. Said as read
        // just now (it is the service's answer), so a screen asks or refuses: answered as never read, a
        // labsheet the service does not have (Settings still naming the demo's) had every tube recorded
        // in green, and refused in the Outbox minutes later.
        if (isDefinite(err))
          return {
            ...savedIdColumns(labsheet),
            headers: [],
            rows: values.map(() => null),
            fetchedAt: d.now(),
            fromCache: false,
            partial: false,
            labsheetMissing: true,
          };
        // A listing that broke off with no whole copy saved left the rows it listed: the service's own,
        // read just now, and answered as such (said `partial`), not as a copy saved earlier.
        fromCache = !(err instanceof ListingBrokeOffError && listedJustNow(labsheet, savedAt));
      }
      findSaved(labsheet, missing, found);
    }
    // One store read for the whole answer (a rack file of 1,248 reads), not one per value. A row found
    // before a reload is given in today's columns (one added since reads null).
    const now = currentShape(labsheet);
    if (!now)
      return { ...savedIdColumns(labsheet), rows: values.map(() => null), fetchedAt: null, fromCache, partial: false };
    const { headers, idColumn, barcodeColumn, idFrom, fetchedAt, partial } = now;
    // What this computer changed in these rows since they were read, sent or still to be sent, stands
    // over them: opened again, a row shows the value just saved, not the one from before the save.
    const mine = found.size > 0 ? leftHere.changesOver(labsheet, rowsReadFrom(labsheet, fetchedAt)) : null;
    const names = [idColumn, ...(barcodeColumn === null ? [] : [barcodeColumn])];
    return {
      labsheet,
      headers,
      idColumn,
      barcodeColumn,
      idFrom,
      rows: values.map((v) => {
        const hit = found.get(v);
        if (!hit) return null;
        if ('shared' in hit) return hit;
        const row = mine ? mine.over(hit.row, names) : hit.row;
        return { matchedBy: hit.matchedBy, cells: headers.map((h) => row[h] ?? null) };
      }),
      fetchedAt,
      fromCache,
      // A value rows that are only part of the labsheet lack is unknown (it may be in the rows past them),
      // never "not in the labsheet": said, so a screen asks with why rather than records it unasked.
      partial,
    };
  }

  async function row(labsheet: string, value: string, refresh = false): Promise<RowAnswer> {
    return rowAnswerAt(await rows(labsheet, [value], refresh), 0);
  }

  /** Rows young enough to serve a whole fill without a reload stay; otherwise they load now. */
  async function warmRows(labsheet: string): Promise<{ ready: boolean }> {
    const shape = store.shape(labsheet);
    if (shape !== null && d.now() - shape.fetchedAt < rowsFreshMs / 2) return { ready: true };
    try {
      await loadRows(labsheet);
      return { ready: true };
    } catch {
      return { ready: store.shape(labsheet) !== null };
    }
  }

  /**
   * The tube → sample index of the rows as now cached (loaded first when they are old). By ID and barcode
   * only: row uuids would double what is handed to the page, for the labs that scan them; the page asks
   * main for a code its index lacks, and main finds a row uuid by its key (findRow).
   */
  async function sampleIndex(labsheet: string): Promise<SampleIndex | null> {
    const still = sameService();
    await warmRows(labsheet);
    still();
    const shape = currentShape(labsheet);
    if (!shape) return null;
    const keys = store.rowKeys(labsheet);
    if (keys.length > MAX_SAMPLE_INDEX_ROWS) return null;
    // A code more than one row holds (as ID or barcode, a row without an ID too) names no row here, as in
    // the lookup (findRow): its rows are left out, so the page asks main, which says which rows share it.
    const holders = new Map<string, number>();
    for (const k of keys)
      for (const code of new Set([k.id, k.barcode])) if (code) holders.set(code, (holders.get(code) ?? 0) + 1);
    const alone = (code: string | null) => !code || holders.get(code) === 1;
    const rows: [string, string | null][] = [];
    for (const k of keys) if (k.id !== null && alone(k.id) && alone(k.barcode)) rows.push([k.id, k.barcode]);
    return {
      labsheet,
      rows,
      fetchedAt: shape.fetchedAt,
      refreshFrom: shape.fetchedAt + rowsFreshMs / 2,
      freshUntil: shape.fetchedAt + rowsFreshMs,
    };
  }

  async function labsheets(): Promise<{ names: string[]; fetchedAt: number; fromCache: boolean }> {
    const still = sameService();
    try {
      const c = await d.client();
      const names = (await c.fetchLabsheetList({})).items.map((i) => i.name);
      still();
      const at = d.now();
      store.putLabsheetNames(names, at);
      return { names, fetchedAt: at, fromCache: false };
    } catch (err) {
      if (err instanceof ServiceChangedError) throw err;
      still();
      const cached = store.labsheetNames();
      return { names: cached?.names ?? [], fetchedAt: cached?.fetchedAt ?? 0, fromCache: true };
    }
  }

  /** Which columns name a labsheet's rows, as the saved rows or this app's own record say: no call. */
  function savedIdColumns(labsheet: string): LabsheetColumns {
    const shape = currentShape(labsheet);
    if (shape) {
      const { headers, idColumn, barcodeColumn, idFrom } = shape;
      return { labsheet, headers, idColumn, barcodeColumn, idFrom };
    }
    const known = d.knownIdColumns?.(labsheet);
    return known
      ? { labsheet, headers: [], idColumn: known.id, barcodeColumn: known.barcode, idFrom: known.from }
      : { labsheet, headers: [], idColumn: null, barcodeColumn: null, idFrom: 'guess' };
  }

  /**
   * The columns rows of a labsheet are identified by, with its column names to choose from. The rows
   * are read first when they are old, so Row update can show the answer before the first scan uses it.
   */
  async function idColumns(labsheet: string): Promise<LabsheetColumns> {
    const still = sameService();
    await warmRows(labsheet);
    still();
    return savedIdColumns(labsheet);
  }

  /**
   * The values the saved rows of a labsheet hold in a column, most held first (MAX_VALUES_OFFERED at most),
   * from this computer's copy only, no call: what Row update offers as a batch's Value is typed. Null when
   * none could be read (rows not saved, or too many to read between scans).
   */
  function columnValues(labsheet: string, column: string): { value: string; rows: number }[] | null {
    if (store.shape(labsheet) === null) return null;
    return store.columnValues(labsheet, column, MAX_VALUES_OFFERED);
  }

  return {
    rows,
    row,
    columnValues,
    sampleIndex,
    labsheets,
    idColumns,
    savedIdColumns,
    close: () => leftHere.close(),
  };
}
