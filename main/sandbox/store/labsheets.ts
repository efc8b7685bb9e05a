import { randomUUID } from 'node:crypto';
import type { ColumnType } from '../../../shared/api/primitives.js';
import type { Db } from './db.js';

export interface LabsheetRecord {
  uuid: string;
  name: string;
  folderUuid: string | null;
  path: string;
  createdBy: string;
  createdAt: string;
}

/** A column as stored: `id` keys its cells in each row's JSON; `spec` is the create request's column object. */
export interface ColumnRecord {
  id: number;
  uuid: string;
  labsheetUuid: string;
  name: string;
  type: ColumnType;
  ord: number;
  spec: Record<string, unknown>;
}

export interface NewColumn {
  name: string;
  type: ColumnType;
  spec: Record<string, unknown>;
}

interface LabsheetRow {
  uuid: string;
  name: string;
  folder_uuid: string | null;
  path: string;
  created_by: string;
  created_at: string;
}
interface ColumnRow {
  id: number;
  uuid: string;
  labsheet_uuid: string;
  name: string;
  type: string;
  ord: number;
  spec: string;
}

const toLabsheet = (r: LabsheetRow): LabsheetRecord => ({
  uuid: r.uuid,
  name: r.name,
  folderUuid: r.folder_uuid,
  path: r.path,
  createdBy: r.created_by,
  createdAt: r.created_at,
});
const toColumn = (r: ColumnRow): ColumnRecord => ({
  id: r.id,
  uuid: r.uuid,
  labsheetUuid: r.labsheet_uuid,
  name: r.name,
  type: r.type as ColumnType,
  ord: r.ord,
  spec: JSON.parse(r.spec) as Record<string, unknown>,
});

export class LabsheetStore {
  /** Columns are read on every row request; caching them keeps a 1000-row page free of extra queries. */
  private readonly columnCache = new Map<string, ColumnRecord[]>();

  constructor(private readonly db: Db) {}

  byName(name: string): LabsheetRecord | null {
    const r = this.db.prepare('SELECT * FROM labsheets WHERE name = ?').get(name) as LabsheetRow | undefined;
    return r ? toLabsheet(r) : null;
  }

  byUuid(uuid: string): LabsheetRecord | null {
    const r = this.db.prepare('SELECT * FROM labsheets WHERE uuid = ?').get(uuid) as LabsheetRow | undefined;
    return r ? toLabsheet(r) : null;
  }

  list(): LabsheetRecord[] {
    return (this.db.prepare('SELECT * FROM labsheets ORDER BY rowid').all() as LabsheetRow[]).map(toLabsheet);
  }

  columns(labsheetUuid: string): ColumnRecord[] {
    let cols = this.columnCache.get(labsheetUuid);
    if (!cols) {
      cols = (
        this.db.prepare('SELECT * FROM columns WHERE labsheet_uuid = ? ORDER BY ord').all(labsheetUuid) as ColumnRow[]
      ).map(toColumn);
      this.columnCache.set(labsheetUuid, cols);
    }
    return cols;
  }

  create(l: {
    name: string;
    folderUuid: string | null;
    path: string;
    createdBy: string;
    createdAt: string;
    columns: NewColumn[];
    uuid?: string;
  }): LabsheetRecord {
    const rec: LabsheetRecord = {
      uuid: l.uuid ?? randomUUID(),
      name: l.name,
      folderUuid: l.folderUuid,
      path: l.path,
      createdBy: l.createdBy,
      createdAt: l.createdAt,
    };
    const insertSheet = this.db.prepare(
      'INSERT INTO labsheets (uuid, name, folder_uuid, path, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const insertCol = this.db.prepare(
      'INSERT INTO columns (uuid, labsheet_uuid, name, type, ord, spec) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.db.transaction(() => {
      insertSheet.run(rec.uuid, rec.name, rec.folderUuid, rec.path, rec.createdBy, rec.createdAt);
      l.columns.forEach((c, i) => insertCol.run(randomUUID(), rec.uuid, c.name, c.type, i, JSON.stringify(c.spec)));
    })();
    this.columnCache.delete(rec.uuid);
    return rec;
  }

  /** Removes the column and its data in every row; the ID_BARCODE index copy goes with it. */
  deleteColumn(column: ColumnRecord): void {
    this.db.transaction(() => {
      this.db
        .prepare('UPDATE rows SET cells = json_remove(cells, ?) WHERE labsheet_uuid = ?')
        .run(`$."${column.id}"`, column.labsheetUuid);
      if (column.type === 'ID_BARCODE')
        this.db.prepare('UPDATE rows SET barcode_value = NULL WHERE labsheet_uuid = ?').run(column.labsheetUuid);
      this.db.prepare('DELETE FROM columns WHERE id = ?').run(column.id);
    })();
    this.columnCache.delete(column.labsheetUuid);
  }
}
