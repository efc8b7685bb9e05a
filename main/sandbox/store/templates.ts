import type { Db } from './db.js';

export interface TemplateRecord {
  uuid: string;
  shortId: string;
  name: string;
  labsheetUuid: string;
  createdBy: string;
  createdAt: string;
  folderUuid: string | null;
}

export class TemplateStore {
  constructor(private readonly db: Db) {}

  byName(name: string): boolean {
    return this.db.prepare('SELECT 1 FROM templates WHERE name = ?').get(name) !== undefined;
  }

  count(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM templates').get() as { n: number }).n;
  }

  create(t: TemplateRecord): TemplateRecord {
    this.db
      .prepare(
        'INSERT INTO templates (uuid, short_id, name, labsheet_uuid, created_by, created_at, folder_uuid) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(t.uuid, t.shortId, t.name, t.labsheetUuid, t.createdBy, t.createdAt, t.folderUuid);
    return t;
  }
}
