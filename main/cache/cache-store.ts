import type Database from 'better-sqlite3';
import { sameLetters } from '../../shared/barcode/letter-case.js';
import {
  MAX_SHARED_ROWS_NAMED,
  type CachedWell,
  type KnownLocation,
  type LayoutSource,
  type RowMatchedBy,
  type SharedCode,
  type WellsSource,
} from '../../shared/ipc/channels/cache.js';
import type { CellValue } from '../../shared/api/primitives.js';
import { formatPosition, parsePosition, type Layout } from '../../shared/layout/positions.js';
import { applyWellIntent, isUsedWell, type PlateBasis, type WellIntent } from '../../shared/outbox/index.js';
import { openDatabase, type MovedAside } from '../common/sqlite/open-database.js';
import { CACHE_MIGRATIONS } from './schema.js';

/** Above this many saved rows of a labsheet, its column values are not read (about 25 ms for 20,000 rows). */
export const MAX_ROWS_FOR_VALUES = 20_000;

export interface ManifestRecord {
  uuid: string;
  hrid: string;
  barcode: string;
  name: string;
  template: string;
  rows: number;
  columns: number;
  fetchedAt: number;
  basis: PlateBasis;
  layoutFrom: LayoutSource;
  wellsFrom: WellsSource;
}
export interface LabsheetShape {
  headers: string[];
  idColumn: string;
  barcodeColumn: string | null;
}
export interface StoredRow {
  row: Record<string, CellValue>;
  matchedBy: RowMatchedBy;
}
/** What a value names among the saved rows: its one row, several (no row is given), or none (null). */
export type RowLookup = StoredRow | { shared: SharedCode } | null;

export interface CacheStore {
  readonly recovered: MovedAside | null;
  /**
   * The data is the named service's from now on: when it was another's (or unknown), everything read
   * from a service is dropped first. The layouts the user gave for templates stay (they are the user's).
   * Answers whether anything was dropped.
   */
  bindService(identity: string): boolean;
  putManifest(m: ManifestRecord, wells: CachedWell[] | null): void;
  /**
   * The saved plate (or box) whose uuid, hrid or barcode is `value`, or, when none has it as spelled, the
   * one that has it in another ASCII letter case; null when none, or several differing only in case, do.
   */
  manifest(by: 'uuid' | 'hrid' | 'barcode', value: string): { manifest: ManifestRecord; wells: CachedWell[] } | null;
  /** Records a well change the service confirmed, so a service that lists no wells is still drawn right. */
  applyWell(manifestUuid: string, intent: WellIntent): void;
  /**
   * Takes the sample out of one well when `isTube` says it is the tube that left it (a move the service
   * confirmed); its label and tags stay, as on the service. Answers whether it did.
   */
  takeTubeOut(
    manifestUuid: string,
    position: string,
    isTube: (sample: { id: string; labsheet: string }) => boolean,
  ): boolean;
  templateLayout(template: string): Layout | null;
  putTemplateLayout(template: string, layout: Layout, at: number): void;
  /** `partial`: the rows are those the service could list, not all of the labsheet's (shape's `partial`). */
  putRows(
    labsheet: string,
    shape: LabsheetShape,
    rows: Record<string, CellValue>[],
    at: number,
    partial?: boolean,
  ): void;
  /** The saved rows found by other ID / ID_BARCODE columns (the user named the right ones), without a reload. */
  rekeyRows(labsheet: string, columns: Pick<LabsheetShape, 'idColumn' | 'barcodeColumn'>): void;
  /** `partial`: the saved rows are only part of the labsheet (too large to list whole): a miss is unknown. */
  shape(labsheet: string): (LabsheetShape & { fetchedAt: number; partial: boolean }) | null;
  /**
   * A number that changes whenever what `shape`, `findRow` and `rowOfUuid` answer may change (rows saved,
   * keyed again, or dropped with a service's data): an answer read under one number holds while it stays.
   */
  rowsVersion(): number;
  /**
   * The one saved row whose ID or ID_BARCODE is `value`, or, when none has it as spelled, is `value` in another
   * ASCII letter case; else the row whose uuid it is, in any letter case (ROW_UUID: a lab that prints the row
   * uuid as the tube's 2D code). `shared` when more rows hold it (as ID or as barcode; in any case, when none
   * has it as spelled), or when its row's ID is held by another row too: a change, a well or a move is sent by
   * that ID.
   */
  findRow(labsheet: string, value: string): RowLookup;
  /** The saved row with this uuid (the service's own id of a row, idType ROW_UUID) in any letter case, or null. */
  rowOfUuid(labsheet: string, uuid: string): Record<string, CellValue> | null;
  /** Every row's ID and ID_BARCODE value, without the row bodies: the page's tube → sample index. */
  rowKeys(labsheet: string): { id: string | null; barcode: string | null }[];
  /**
   * The values the saved rows hold in `column` (not empty), most held first, at most `limit`; null when more
   * than MAX_ROWS_FOR_VALUES rows are saved (reading every body of them would hold main's thread for scans).
   */
  columnValues(labsheet: string, column: string, limit: number): { value: string; rows: number }[] | null;
  putLabsheetNames(names: string[], at: number): void;
  labsheetNames(): { names: string[]; fetchedAt: number } | null;
  putLocation(l: KnownLocation, at: number): void;
  /** The `limit` most recently saved, by name. */
  locations(limit: number): KnownLocation[];
  /** Those whose uuid, name or barcode is `code` (ASCII letters in any case), by name, at most `limit`. */
  locationsNamed(code: string, limit: number): KnownLocation[];
  /**
   * The name people use for a plate, box or location this cache knows by uuid (hrid first), or null.
   * `service` (a `serviceIdentity`): the service the uuid is one of; one whose data was thrown away for
   * another's is answered from the names kept then. Without it, the service bound now.
   */
  nameOf(uuid: string, service?: string): string | null;
  /** The uuid and hrid of a saved plate (or box) known by either, without its wells; null when not saved. */
  plateNames(by: 'uuid' | 'hrid', value: string): { uuid: string; hrid: string } | null;
  /**
   * Drops the names kept for another service's plates and locations (nameOf) except those in `named`:
   * a name is kept only so an entry can say what it was about. Answers how many went.
   */
  pruneKeptNames(named: readonly { service: string; uuid: string }[]): number;
  close(): void;
}

const text = (v: CellValue | undefined): string | null => (v === null || v === undefined ? null : String(v));
/** A row's values in its ID and ID_BARCODE columns: what a scan is looked up by. */
function keysOf(row: Record<string, CellValue>, columns: Pick<LabsheetShape, 'idColumn' | 'barcodeColumn'>) {
  return { id: text(row[columns.idColumn]), barcode: columns.barcodeColumn ? text(row[columns.barcodeColumn]) : null };
}

/** How a value is matched: as spelled, or in any ASCII letter case (SQLite's NOCASE folds only A–Z). */
type LetterCase = 'exact' | 'anyCase';
const COLLATE: Record<LetterCase, string> = { exact: '', anyCase: 'COLLATE NOCASE' };
const byCase = <T>(make: (match: LetterCase) => T): Record<LetterCase, T> => ({
  exact: make('exact'),
  anyCase: make('anyCase'),
});

/** The indexes of schema.ts that find a value in one key column, as spelled or in any letter case. */
const KEY_INDEX: Record<LetterCase, { id: string; barcode: string }> = {
  exact: { id: 'labsheet_rows_id', barcode: 'labsheet_rows_barcode' },
  anyCase: { id: 'labsheet_rows_id_nocase', barcode: 'labsheet_rows_barcode_nocase' },
};

/**
 * The saved rows holding a value as ID or barcode, each once (by uuid); `@n` bounds the read. Each half
 * names its index: without statistics (the app never runs ANALYZE) SQLite took one that gives the rows in
 * the ORDER BY's order by `labsheet` alone, and read every saved row of the labsheet for each lookup:
 * 0.8 ms a tube with 6,000 rows, against 36 µs, and a rack of 1,100 tubes is looked up many times as it syncs.
 */
export const ROWS_HOLDING_SQL = byCase(
  (match) =>
    `SELECT uuid, id_value, barcode_value FROM labsheet_rows INDEXED BY ${KEY_INDEX[match].id}
       WHERE labsheet = @labsheet AND id_value = @value ${COLLATE[match]}
     UNION
     SELECT uuid, id_value, barcode_value FROM labsheet_rows INDEXED BY ${KEY_INDEX[match].barcode}
       WHERE labsheet = @labsheet AND barcode_value = @value ${COLLATE[match]}
     ORDER BY id_value, barcode_value LIMIT @n`,
);
/** How many saved rows hold a value, when more than ROWS_HOLDING_SQL names: by the same indexes. */
export const COUNT_HOLDING_SQL = byCase(
  (match) =>
    `SELECT COUNT(*) AS n FROM (
       SELECT uuid FROM labsheet_rows INDEXED BY ${KEY_INDEX[match].id}
         WHERE labsheet = @labsheet AND id_value = @value ${COLLATE[match]}
       UNION
       SELECT uuid FROM labsheet_rows INDEXED BY ${KEY_INDEX[match].barcode}
         WHERE labsheet = @labsheet AND barcode_value = @value ${COLLATE[match]})`,
);

/** A well's position as the store keys it (A01 and a1 are A1). */
function normalPosition(position: string): string {
  const parsed = parsePosition(position);
  return parsed ? formatPosition(parsed) : position;
}

/** Typed access to the read-cache file; no SQL leaves this module. */
export function openCacheStore(path: string, now: () => number = Date.now): CacheStore {
  // Throwaway: a file a newer version of the app wrote is moved aside and the cache starts empty.
  const { db, recovered } = openDatabase(path, CACHE_MIGRATIONS, now, { throwaway: true });
  return createCacheStore(db, recovered);
}

function createCacheStore(db: Database.Database, recovered: MovedAside | null): CacheStore {
  const q = {
    putManifest: db.prepare(`INSERT OR REPLACE INTO manifests
      (uuid, hrid, barcode, name, template, rows, columns, fetched_at, basis, layout_from, wells_from)
      VALUES (@uuid, @hrid, @barcode, @name, @template, @rows, @columns, @fetchedAt, @basis, @layoutFrom, @wellsFrom)`),
    clearWells: db.prepare<[string]>(`DELETE FROM wells WHERE manifest_uuid = ?`),
    putWell: db.prepare<[string, string, string]>(`INSERT OR REPLACE INTO wells VALUES (?, ?, ?)`),
    well: db.prepare<[string, string], { body: string }>(
      `SELECT body FROM wells WHERE manifest_uuid = ? AND position = ?`,
    ),
    dropWell: db.prepare<[string, string]>(`DELETE FROM wells WHERE manifest_uuid = ? AND position = ?`),
    templateLayout: db.prepare<[string], { rows: number; columns: number }>(
      `SELECT rows, columns FROM template_layouts WHERE template = ?`,
    ),
    putTemplateLayout: db.prepare<[string, number, number, number]>(
      `INSERT OR REPLACE INTO template_layouts VALUES (?, ?, ?, ?)`,
    ),
    wells: db.prepare<[string], { body: string }>(`SELECT body FROM wells WHERE manifest_uuid = ? ORDER BY position`),
    putSheet:
      db.prepare(`INSERT INTO labsheets (name, headers, id_column, barcode_column, rows_fetched_at, rows_partial) VALUES (@name, @headers, @idColumn, @barcodeColumn, @at, @partial)
      ON CONFLICT(name) DO UPDATE SET headers = excluded.headers, id_column = excluded.id_column, barcode_column = excluded.barcode_column, rows_fetched_at = excluded.rows_fetched_at, rows_partial = excluded.rows_partial`),
    sheet: db.prepare<
      [string],
      {
        headers: string | null;
        id_column: string | null;
        barcode_column: string | null;
        rows_fetched_at: number | null;
        rows_partial: number;
      }
    >(`SELECT * FROM labsheets WHERE name = ?`),
    clearRows: db.prepare<[string]>(`DELETE FROM labsheet_rows WHERE labsheet = ?`),
    putRow: db.prepare<[string, string, string | null, string | null, string]>(
      `INSERT OR REPLACE INTO labsheet_rows VALUES (?, ?, ?, ?, ?)`,
    ),
    rowsHolding: byCase((match) =>
      db.prepare<
        { labsheet: string; value: string; n: number },
        { uuid: string; id_value: string | null; barcode_value: string | null }
      >(ROWS_HOLDING_SQL[match]),
    ),
    countHolding: byCase((match) =>
      db.prepare<{ labsheet: string; value: string }, { n: number }>(COUNT_HOLDING_SQL[match]),
    ),
    // By the primary key. Its uuid is kept in lower case (putRows), so a uuid read in any case is looked up lowered.
    rowByUuid: db.prepare<[string, string], { body: string; id_value: string | null }>(
      `SELECT body, id_value FROM labsheet_rows WHERE labsheet = ? AND uuid = ?`,
    ),
    rowBodies: db.prepare<[string], { uuid: string; body: string }>(
      `SELECT uuid, body FROM labsheet_rows WHERE labsheet = ?`,
    ),
    setRowKeys: db.prepare<[string | null, string | null, string, string]>(
      `UPDATE labsheet_rows SET id_value = ?, barcode_value = ? WHERE labsheet = ? AND uuid = ?`,
    ),
    setSheetColumns: db.prepare<[string, string | null, string]>(
      `UPDATE labsheets SET id_column = ?, barcode_column = ? WHERE name = ?`,
    ),
    rowCount: db.prepare<[string], { n: number }>(`SELECT COUNT(*) AS n FROM labsheet_rows WHERE labsheet = ?`),
    // The key compared, not a JSON path built from it: a column's name may hold any character.
    columnValues: db.prepare<[string, string, number], { value: string; n: number }>(
      `SELECT CAST(j.value AS TEXT) AS value, COUNT(*) AS n FROM labsheet_rows r, json_each(r.body) j
        WHERE r.labsheet = ? AND j.key = ? AND j.type IN ('text', 'integer', 'real')
          AND length(CAST(j.value AS TEXT)) BETWEEN 1 AND 200
        GROUP BY 1 ORDER BY n DESC, value LIMIT ?`,
    ),
    rowKeys: db.prepare<[string], { id_value: string | null; barcode_value: string | null }>(
      `SELECT id_value, barcode_value FROM labsheet_rows WHERE labsheet = ?`,
    ),
    listed: db.prepare<[string, number]>(
      `INSERT INTO labsheets (name, listed_at) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET listed_at = excluded.listed_at`,
    ),
    names: db.prepare<[], { name: string; listed_at: number }>(
      `SELECT name, listed_at FROM labsheets WHERE listed_at IS NOT NULL ORDER BY name`,
    ),
    putLocation: db.prepare<[string, string, string, string, number]>(
      `INSERT OR REPLACE INTO locations VALUES (?, ?, ?, ?, ?)`,
    ),
    locations: db.prepare<[number], { body: string }>(
      `SELECT body FROM (SELECT body, name FROM locations ORDER BY fetched_at DESC LIMIT ?) ORDER BY name`,
    ),
    // A uuid is one in any case (the service writes them in lower case; a label may print them upper), and
    // a barcode read with Caps Lock on is the label's: the page picks the one it names among those listed.
    // By hrid too: a plate's hrid read with Caps Lock on (pl-0003) is found among the boxes opened here.
    locationsNamed: db.prepare<[string, string, string, string, number], { body: string }>(
      `SELECT body FROM locations
        WHERE uuid = ? COLLATE NOCASE OR name = ? COLLATE NOCASE OR json_extract(body, '$.barcode') = ? COLLATE NOCASE
          OR json_extract(body, '$.hrid') = ? COLLATE NOCASE
        ORDER BY name LIMIT ?`,
    ),
    plateNamesBy: {
      uuid: db.prepare<[string], { uuid: string; hrid: string }>(`SELECT uuid, hrid FROM manifests WHERE uuid = ?`),
      hrid: db.prepare<[string], { uuid: string; hrid: string }>(`SELECT uuid, hrid FROM manifests WHERE hrid = ?`),
    },
    manifestName: db.prepare<[string], { hrid: string; name: string }>(
      `SELECT hrid, name FROM manifests WHERE uuid = ?`,
    ),
    location: db.prepare<[string], { body: string }>(`SELECT body FROM locations WHERE uuid = ?`),
  };
  // Its own spelling first (the key's index); else in any ASCII letter case: a uuid printed in upper case,
  // an hrid or barcode read with Caps Lock on (pl-0003 for PL-0003: no pattern upper-cases an hrid). Up to
  // two are read, so that plates differing only in case are seen to share the code.
  const manifestBy = {
    uuid: byCase((match) =>
      db.prepare<[string], Record<string, unknown>>(`SELECT * FROM manifests WHERE uuid = ? ${COLLATE[match]} LIMIT 2`),
    ),
    hrid: byCase((match) =>
      db.prepare<[string], Record<string, unknown>>(`SELECT * FROM manifests WHERE hrid = ? ${COLLATE[match]} LIMIT 2`),
    ),
    barcode: byCase((match) =>
      db.prepare<[string], Record<string, unknown>>(
        `SELECT * FROM manifests WHERE barcode = ? ${COLLATE[match]} LIMIT 2`,
      ),
    ),
  };
  /**
   * The one saved plate `by` names as spelled, else the one it names in another letter case. Several
   * differing only in case name none: which one the read meant cannot be told (as findRow's rows).
   */
  function manifestNamed(by: 'uuid' | 'hrid' | 'barcode', value: string): Record<string, unknown> | undefined {
    const exact = manifestBy[by].exact.all(value);
    if (exact.length > 0) return exact[0];
    const anyCase = manifestBy[by].anyCase.all(value);
    return anyCase.length === 1 ? anyCase[0] : undefined;
  }
  const boundTo = db.prepare<[], { identity: string }>(`SELECT identity FROM bound_service WHERE only = 1`);
  const setBound = db.prepare<[string]>(`INSERT OR REPLACE INTO bound_service (only, identity) VALUES (1, ?)`);
  // Names only, from the plates and locations about to go: enough to say what an old entry was about.
  const keepNames = db.prepare<[string, string]>(
    `INSERT OR REPLACE INTO kept_names (service, uuid, name)
       SELECT ?, uuid, COALESCE(NULLIF(hrid, ''), name) FROM manifests WHERE COALESCE(NULLIF(hrid, ''), name) <> ''
       UNION ALL
       SELECT ?, uuid, COALESCE(NULLIF(json_extract(body, '$.hrid'), ''), name) FROM locations
         WHERE uuid NOT IN (SELECT uuid FROM manifests) AND COALESCE(NULLIF(json_extract(body, '$.hrid'), ''), name) <> ''`,
  );
  const keptName = db.prepare<[string, string], { name: string }>(
    `SELECT name FROM kept_names WHERE service = ? AND uuid = ?`,
  );
  const keptKeys = db.prepare<[], { service: string; uuid: string }>(`SELECT service, uuid FROM kept_names`);
  const dropKept = db.prepare<[string, string]>(`DELETE FROM kept_names WHERE service = ? AND uuid = ?`);
  const pruneKept = db.transaction((named: readonly { service: string; uuid: string }[]) => {
    // JSON arrays keep the pair unambiguous whatever characters a service identity holds.
    const keep = new Set(named.map((n) => JSON.stringify([n.service, n.uuid])));
    let dropped = 0;
    for (const k of keptKeys.all())
      if (!keep.has(JSON.stringify([k.service, k.uuid]))) dropped += dropKept.run(k.service, k.uuid).changes;
    return dropped;
  });
  // Bumped by every write to the saved rows and labsheet shapes (rowsVersion); only this store writes them.
  let rowsVersion = 0;
  const dropServiceData = db.transaction((identity: string) => {
    rowsVersion += 1;
    const before = boundTo.get()?.identity;
    if (before !== undefined) keepNames.run(before, before);
    db.exec(`DELETE FROM wells; DELETE FROM manifests; DELETE FROM labsheet_rows; DELETE FROM labsheets;
             DELETE FROM locations;`);
    setBound.run(identity);
  });
  /**
   * The rows holding `value` (as spelled, or in any ASCII letter case) when at most one does; else how many
   * do, and the first of them.
   */
  function rowsHolding(
    labsheet: string,
    value: string,
    match: LetterCase = 'exact',
  ): { rows: { uuid: string; id_value: string | null }[] } | { shared: SharedCode } {
    const rows = q.rowsHolding[match].all({ labsheet, value, n: MAX_SHARED_ROWS_NAMED + 1 });
    if (rows.length < 2) return { rows };
    const count =
      rows.length > MAX_SHARED_ROWS_NAMED
        ? (q.countHolding[match].get({ labsheet, value })?.n ?? rows.length)
        : rows.length;
    const named = rows.slice(0, MAX_SHARED_ROWS_NAMED).map((r) => ({ id: r.id_value, barcode: r.barcode_value }));
    return { shared: { value, count, rows: named } };
  }
  /** The row with this uuid (any letter case), with its ID: one read of the primary key. */
  function rowWithUuid(labsheet: string, uuid: string): { body: string; id_value: string | null } | undefined {
    return uuid === '' ? undefined : q.rowByUuid.get(labsheet, uuid.toLowerCase());
  }
  /**
   * The row whose uuid `value` is, or `shared` when its ID is held by other rows too: a well or a change is
   * sent by that ID (as for a row found by its barcode), and on the service it names them all.
   */
  function findByUuid(labsheet: string, value: string): RowLookup {
    const r = rowWithUuid(labsheet, value);
    if (!r) return null;
    if (r.id_value !== null && r.id_value !== '') {
      const ofId = rowsHolding(labsheet, r.id_value);
      if ('shared' in ofId) return ofId;
    }
    return { row: JSON.parse(r.body) as Record<string, CellValue>, matchedBy: 'ROW_UUID' };
  }
  function applyWell(manifestUuid: string, intent: WellIntent): void {
    const position = normalPosition(intent.position);
    db.transaction(() => {
      const old = q.well.get(manifestUuid, position);
      const before: CachedWell = old
        ? (JSON.parse(old.body) as CachedWell)
        : { position, sample: null, label: '', tags: [] };
      const after: CachedWell = { position, ...applyWellIntent(before, intent) };
      if (isUsedWell(after) || after.tags.length > 0) q.putWell.run(manifestUuid, position, JSON.stringify(after));
      else q.dropWell.run(manifestUuid, position);
    })();
  }
  return {
    recovered,
    bindService(identity) {
      if (boundTo.get()?.identity === identity) return false;
      dropServiceData.immediate(identity);
      return true;
    },
    putManifest(m, wells) {
      db.transaction(() => {
        q.putManifest.run({ ...m, basis: JSON.stringify(m.basis) });
        // Wells are replaced only when the service sent them; otherwise the last known ones stay.
        if (wells) {
          q.clearWells.run(m.uuid);
          for (const w of wells) q.putWell.run(m.uuid, w.position, JSON.stringify(w));
        }
      })();
    },
    manifest(by, value) {
      const r = manifestNamed(by, value);
      if (!r) return null;
      const manifest: ManifestRecord = {
        uuid: String(r.uuid),
        hrid: String(r.hrid),
        barcode: String(r.barcode),
        name: String(r.name),
        template: String(r.template),
        rows: Number(r.rows),
        columns: Number(r.columns),
        fetchedAt: Number(r.fetched_at),
        basis: r.basis ? (JSON.parse(String(r.basis)) as PlateBasis) : { lastUpdate: null, emptySpaces: null },
        layoutFrom: String(r.layout_from) as LayoutSource,
        wellsFrom: String(r.wells_from) as WellsSource,
      };
      return { manifest, wells: q.wells.all(manifest.uuid).map((w) => JSON.parse(w.body) as CachedWell) };
    },
    applyWell,
    takeTubeOut(manifestUuid, position, isTube) {
      return db.transaction(() => {
        const old = q.well.get(manifestUuid, normalPosition(position));
        const sample = old ? (JSON.parse(old.body) as CachedWell).sample : null;
        if (!sample || !isTube(sample)) return false;
        applyWell(manifestUuid, {
          type: 'well-remove',
          manifest: { uuid: manifestUuid },
          position,
          fields: ['SAMPLE'],
        });
        return true;
      })();
    },
    templateLayout(template) {
      const r = q.templateLayout.get(template);
      return r ? { rows: r.rows, columns: r.columns } : null;
    },
    putTemplateLayout(template, layout, at) {
      q.putTemplateLayout.run(template, layout.rows, layout.columns, at);
    },
    putRows(labsheet, shape, rows, at, partial = false) {
      rowsVersion += 1;
      db.transaction(() => {
        q.putSheet.run({
          name: labsheet,
          headers: JSON.stringify(shape.headers),
          idColumn: shape.idColumn,
          barcodeColumn: shape.barcodeColumn,
          at,
          partial: partial ? 1 : 0,
        });
        q.clearRows.run(labsheet);
        for (const row of rows) {
          const k = keysOf(row, shape);
          // Its key in lower case, so a uuid read in any case finds it by the key (rowWithUuid); the row keeps its own.
          q.putRow.run(labsheet, String(row.uuid ?? '').toLowerCase(), k.id, k.barcode, JSON.stringify(row));
        }
      })();
    },
    rekeyRows(labsheet, columns) {
      rowsVersion += 1;
      db.transaction(() => {
        q.setSheetColumns.run(columns.idColumn, columns.barcodeColumn, labsheet);
        for (const r of q.rowBodies.all(labsheet)) {
          const k = keysOf(JSON.parse(r.body) as Record<string, CellValue>, columns);
          q.setRowKeys.run(k.id, k.barcode, labsheet, r.uuid);
        }
      })();
    },
    rowsVersion: () => rowsVersion,
    shape(labsheet) {
      const s = q.sheet.get(labsheet);
      if (!s || s.headers === null || s.id_column === null || s.rows_fetched_at === null) return null;
      return {
        headers: JSON.parse(s.headers) as string[],
        idColumn: s.id_column,
        barcodeColumn: s.barcode_column,
        fetchedAt: s.rows_fetched_at,
        partial: s.rows_partial === 1,
      };
    },
    findRow(labsheet, value) {
      const exact = rowsHolding(labsheet, value);
      // A read in another letter case (a keyboard scanner with Caps Lock on types fx00000001 for FX00000001)
      // found no row, was asked about online ("not in the labsheet") and queued offline as a tube nobody has.
      // It names the one row it matches ignoring case; rows differing only in case share it, and none is named.
      const anyCase = !('shared' in exact) && exact.rows.length === 0;
      const holders = anyCase ? rowsHolding(labsheet, value, 'anyCase') : exact;
      if ('shared' in holders) return holders;
      const [one] = holders.rows;
      // No ID or barcode is it: perhaps a row uuid (some labs print it as the tube's 2D code). One read of the
      // key, only for a code no ID or barcode names, so the scan path of ID and barcode reads is unchanged.
      if (!one) return findByUuid(labsheet, value);
      const byId = anyCase ? sameLetters(one.id_value, value) : one.id_value === value;
      // Found by its barcode, the row is still sent by its ID: an ID other rows hold names them too. A row
      // without an ID is known by the code scanned (tube-row.ts), so its empty ID is no name.
      if (!byId && one.id_value !== null && one.id_value !== '') {
        const ofId = rowsHolding(labsheet, one.id_value);
        if ('shared' in ofId) return ofId;
      }
      const body = q.rowByUuid.get(labsheet, one.uuid);
      if (!body) return null;
      return { row: JSON.parse(body.body) as Record<string, CellValue>, matchedBy: byId ? 'ID' : 'ID_BARCODE' };
    },
    rowOfUuid(labsheet, uuid) {
      const r = rowWithUuid(labsheet, uuid);
      return r ? (JSON.parse(r.body) as Record<string, CellValue>) : null;
    },
    rowKeys: (labsheet) => q.rowKeys.all(labsheet).map((r) => ({ id: r.id_value, barcode: r.barcode_value })),
    columnValues(labsheet, column, limit) {
      if ((q.rowCount.get(labsheet)?.n ?? 0) > MAX_ROWS_FOR_VALUES) return null;
      return q.columnValues.all(labsheet, column, limit).map((r) => ({ value: r.value, rows: r.n }));
    },
    putLabsheetNames(names, at) {
      db.transaction(() => names.forEach((n) => q.listed.run(n, at)))();
    },
    labsheetNames() {
      const rows = q.names.all();
      if (rows.length === 0) return null;
      return { names: rows.map((r) => r.name), fetchedAt: Math.min(...rows.map((r) => r.listed_at)) };
    },
    putLocation(l, at) {
      q.putLocation.run(l.uuid, l.name, l.kind, JSON.stringify(l), at);
    },
    locations: (limit) => q.locations.all(limit).map((r) => JSON.parse(r.body) as KnownLocation),
    locationsNamed: (code, limit) =>
      q.locationsNamed.all(code, code, code, code, limit).map((r) => JSON.parse(r.body) as KnownLocation),
    nameOf(uuid, service) {
      const now = boundTo.get()?.identity;
      // What is saved now is the bound service's: never a name for another service's uuid.
      if (service === undefined || service === now) {
        const m = q.manifestName.get(uuid);
        if (m?.hrid || m?.name) return m.hrid || m.name;
        const l = q.location.get(uuid);
        const known = l ? (JSON.parse(l.body) as KnownLocation) : null;
        if (known?.hrid || known?.name) return known.hrid || known.name;
      }
      const of = service ?? now;
      return of === undefined ? null : (keptName.get(of, uuid)?.name ?? null);
    },
    plateNames(by, value) {
      const r = q.plateNamesBy[by].get(value);
      return r ? { uuid: r.uuid, hrid: r.hrid } : null;
    },
    pruneKeptNames: (named) => pruneKept.immediate(named),
    close: () => db.close(),
  };
}
