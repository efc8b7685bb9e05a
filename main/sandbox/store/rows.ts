import { randomUUID } from 'node:crypto';
import type { ArchiveFilter, CellValue } from '../../../shared/api/primitives.js';
import type { Statement } from 'better-sqlite3';
import type { Db } from './db.js';
import type { ColumnRecord } from './labsheets.js';

/** Cells keyed by column id (as a string, the JSON key). */
export type Cells = Record<string, CellValue>;

export interface RowRecord {
  seq: number;
  uuid: string;
  labsheetUuid: string;
  archived: boolean;
  idValue: string | null;
  barcodeValue: string | null;
  serviceBarcode: string;
  cells: Cells;
  locationUuid: string | null;
  position: string | null;
  updatedAt: string;
}

/** What a row listing needs of a row. */
export type RowView = Pick<RowRecord, 'uuid' | 'cells' | 'updatedAt' | 'locationUuid'>;

export interface NewRow {
  cells: Cells;
  archived?: boolean;
  uuid?: string;
}

interface DbRow {
  seq: number;
  uuid: string;
  labsheet_uuid: string;
  archived: number;
  id_value: string | null;
  barcode_value: string | null;
  service_barcode: string;
  cells: string;
  location_uuid: string | null;
  position: string | null;
  updated_at: string;
}

const toRow = (r: DbRow): RowRecord => ({
  seq: r.seq,
  uuid: r.uuid,
  labsheetUuid: r.labsheet_uuid,
  archived: r.archived === 1,
  idValue: r.id_value,
  barcodeValue: r.barcode_value,
  serviceBarcode: r.service_barcode,
  cells: JSON.parse(r.cells) as Cells,
  locationUuid: r.location_uuid,
  position: r.position,
  updatedAt: r.updated_at,
});

/** The values copied out of the cells into indexed columns. */
export function keyValues(
  columns: readonly ColumnRecord[],
  cells: Cells,
): { idValue: string | null; barcodeValue: string | null } {
  const pick = (type: string): string | null => {
    const col = columns.find((c) => c.type === type);
    const v = col ? cells[String(col.id)] : undefined;
    return v === undefined || v === null ? null : String(v);
  };
  return { idValue: pick('ID'), barcodeValue: pick('ID_BARCODE') };
}

/** The service's own barcode for a row (idType SERVICE_BARCODE): derived from the row uuid, stable. */
export const serviceBarcodeFor = (uuid: string): string => `LDS${uuid.replace(/-/g, '').slice(0, 12).toUpperCase()}`;

const ARCHIVE_CLAUSE: Record<ArchiveFilter, string> = {
  any: '',
  archived: ' AND archived = 1',
  unarchived: ' AND archived = 0',
};

export class RowStore {
  constructor(private readonly db: Db) {}

  /** Bulk insert in one transaction: 50,000 rows take a fraction of a second. */
  insertMany(
    labsheetUuid: string,
    columns: readonly ColumnRecord[],
    rows: readonly NewRow[],
    updatedAt: string,
  ): RowRecord[] {
    const stmt = this.db.prepare(
      `INSERT INTO rows (uuid, labsheet_uuid, archived, id_value, barcode_value, service_barcode, cells, updated_at, ord_any, ord_arch)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const out: RowRecord[] = [];
    this.counts.clear();
    this.db.transaction(() => {
      // Next ordinals = current counts, since ordinals run 0..n-1 per labsheet (and per archived state).
      const byState = this.db
        .prepare('SELECT archived, COUNT(*) AS n FROM rows WHERE labsheet_uuid = ? GROUP BY archived')
        .all(labsheetUuid) as { archived: number; n: number }[];
      const next = [byState.find((b) => b.archived === 0)?.n ?? 0, byState.find((b) => b.archived === 1)?.n ?? 0];
      let nextAny = next[0]! + next[1]!;
      for (const r of rows) {
        const uuid = r.uuid ?? randomUUID();
        const { idValue, barcodeValue } = keyValues(columns, r.cells);
        const serviceBarcode = serviceBarcodeFor(uuid);
        const state = r.archived ? 1 : 0;
        const info = stmt.run(
          uuid,
          labsheetUuid,
          state,
          idValue,
          barcodeValue,
          serviceBarcode,
          JSON.stringify(r.cells),
          updatedAt,
          nextAny++,
          next[state]!++,
        );
        out.push({
          seq: Number(info.lastInsertRowid),
          uuid,
          labsheetUuid,
          archived: r.archived === true,
          idValue,
          barcodeValue,
          serviceBarcode,
          cells: r.cells,
          locationUuid: null,
          position: null,
          updatedAt,
        });
      }
    })();
    return out;
  }

  /** Row counts only change when rows are inserted (nothing archives or deletes rows), so they are cached. */
  private readonly counts = new Map<string, number>();

  count(labsheetUuid: string, filter: ArchiveFilter): number {
    const key = `${labsheetUuid}|${filter}`;
    let n = this.counts.get(key);
    if (n === undefined) {
      n = (
        this.db
          .prepare(`SELECT COUNT(*) AS n FROM rows WHERE labsheet_uuid = ?${ARCHIVE_CLAUSE[filter]}`)
          .get(labsheetUuid) as { n: number }
      ).n;
      this.counts.set(key, n);
    }
    return n;
  }

  /**
   * One page in insertion order: a range seek on the per-labsheet ordinals (migration 2), so page 49
   * costs what page 1 costs. raw() gives arrays instead of objects per row, half the building cost.
   */
  page(labsheetUuid: string, filter: ArchiveFilter, limit: number, offset: number): RowView[] {
    const sql =
      filter === 'any'
        ? 'SELECT uuid, cells, updated_at, location_uuid FROM rows WHERE labsheet_uuid = ? AND ord_any >= ? ORDER BY ord_any LIMIT ?'
        : `SELECT uuid, cells, updated_at, location_uuid FROM rows WHERE labsheet_uuid = ? AND archived = ${filter === 'archived' ? 1 : 0} AND ord_arch >= ? ORDER BY ord_arch LIMIT ?`;
    const rows = this.db.prepare(sql).raw().all(labsheetUuid, offset, limit) as [
      string,
      string,
      string,
      string | null,
    ][];
    return rows.map(([uuid, cells, updatedAt, locationUuid]) => ({
      uuid,
      cells: JSON.parse(cells) as Cells,
      updatedAt,
      locationUuid,
    }));
  }

  /**
   * One page of a row listing as JSON array texts, built by SQLite (json_array over the cells): no
   * per-row JSON.parse and no re-serialisation in JS, which is most of a 1000-row page's cost.
   * Magic columns are computed here: Last Modified from the row, Existing Manifest from its
   * location, Labspaces from the labsheet's folder (passed in); FORMULA cells are never written, so null.
   */
  pageJson(
    labsheetUuid: string,
    columns: readonly ColumnRecord[],
    filter: ArchiveFilter,
    limit: number,
    offset: number,
    labspace: string | null,
  ): string[] {
    const cells = columns.map((c) => {
      switch (c.type) {
        case 'LAST_MODIFIED':
          return 'updated_at';
        case 'EXISTING_MANIFEST':
          return '(SELECT m.name FROM manifests m WHERE m.uuid = rows.location_uuid)';
        case 'LABSPACES':
          return '@labspace';
        // Column ids are integers from our own table, so the path is safe to inline.
        default:
          return `json_extract(cells, '$."${Math.trunc(c.id)}"')`;
      }
    });
    const where =
      filter === 'any'
        ? 'ord_any >= @offset ORDER BY ord_any'
        : `archived = ${filter === 'archived' ? 1 : 0} AND ord_arch >= @offset ORDER BY ord_arch`;
    const sql = `SELECT json_array(uuid${cells.map((e) => `, ${e}`).join('')}) FROM rows WHERE labsheet_uuid = @sheet AND ${where} LIMIT @limit`;
    return this.cached(sql)
      .pluck()
      .all({ sheet: labsheetUuid, offset, limit, ...(sql.includes('@labspace') ? { labspace } : {}) }) as string[];
  }

  /** Listing statements depend only on a labsheet's columns, so they are prepared once per shape. */
  private readonly statements = new Map<string, Statement>();
  private cached(sql: string): Statement {
    let stmt = this.statements.get(sql);
    if (!stmt) {
      if (this.statements.size > 200) this.statements.clear();
      stmt = this.db.prepare(sql);
      this.statements.set(sql, stmt);
    }
    return stmt;
  }

  byIdValue(labsheetUuid: string, value: string): RowRecord[] {
    return (
      this.db
        .prepare('SELECT * FROM rows WHERE labsheet_uuid = ? AND id_value = ? ORDER BY seq')
        .all(labsheetUuid, value) as DbRow[]
    ).map(toRow);
  }

  byBarcode(labsheetUuid: string, value: string): RowRecord[] {
    return (
      this.db
        .prepare('SELECT * FROM rows WHERE labsheet_uuid = ? AND barcode_value = ? ORDER BY seq')
        .all(labsheetUuid, value) as DbRow[]
    ).map(toRow);
  }

  byServiceBarcode(labsheetUuid: string, value: string): RowRecord[] {
    return (
      this.db
        .prepare('SELECT * FROM rows WHERE labsheet_uuid = ? AND service_barcode = ? ORDER BY seq')
        .all(labsheetUuid, value) as DbRow[]
    ).map(toRow);
  }

  byUuid(uuid: string): RowRecord | null {
    const r = this.db.prepare('SELECT * FROM rows WHERE uuid = ?').get(uuid) as DbRow | undefined;
    return r ? toRow(r) : null;
  }

  updateCells(row: RowRecord, columns: readonly ColumnRecord[], cells: Cells, updatedAt: string): void {
    const { idValue, barcodeValue } = keyValues(columns, cells);
    this.db
      .prepare('UPDATE rows SET cells = ?, id_value = ?, barcode_value = ?, updated_at = ? WHERE seq = ?')
      .run(JSON.stringify(cells), idValue, barcodeValue, updatedAt, row.seq);
  }

  setLocation(row: RowRecord, locationUuid: string, position: string | null, updatedAt: string): void {
    this.db
      .prepare('UPDATE rows SET location_uuid = ?, position = ?, updated_at = ? WHERE seq = ?')
      .run(locationUuid, position, updatedAt, row.seq);
  }
}
