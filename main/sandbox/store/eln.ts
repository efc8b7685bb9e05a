import { randomUUID } from 'node:crypto';
import type { PageKind } from '../../../shared/api/eln.js';
import type { Db } from './db.js';

export interface LabspaceRecord {
  uuid: string;
  name: string;
  description: string;
}
export interface FolderRecord {
  uuid: string;
  labspaceUuid: string;
  labspaceName: string;
  name: string;
  private: boolean;
}
export interface PageRecord {
  uuid: string;
  kind: PageKind;
  name: string;
  hrid: string;
  labspaceUuid: string | null;
  body: string;
}
export interface PageImageRecord {
  pageUuid: string;
  imageUuid: string;
  imageName: string;
  mimeType: string;
  position: string;
  tag: string;
  attachedAt: string;
}

interface FolderRow {
  uuid: string;
  labspace_uuid: string;
  labspace_name: string;
  name: string;
  private: number;
}
const FOLDER_SELECT =
  'SELECT f.uuid, f.labspace_uuid, l.name AS labspace_name, f.name, f.private FROM folders f JOIN labspaces l ON l.uuid = f.labspace_uuid';
const toFolder = (r: FolderRow): FolderRecord => ({
  uuid: r.uuid,
  labspaceUuid: r.labspace_uuid,
  labspaceName: r.labspace_name,
  name: r.name,
  private: r.private === 1,
});

interface PageRow {
  uuid: string;
  kind: string;
  name: string;
  hrid: string;
  labspace_uuid: string | null;
  body: string;
}
const toPage = (r: PageRow): PageRecord => ({
  uuid: r.uuid,
  kind: r.kind as PageKind,
  name: r.name,
  hrid: r.hrid,
  labspaceUuid: r.labspace_uuid,
  body: r.body,
});

/** A folder's location path: the labspace name and the folder name joined by a colon (spec). */
export const folderLocation = (f: Pick<FolderRecord, 'labspaceName' | 'name'>): string => `${f.labspaceName}:${f.name}`;

export class ElnStore {
  constructor(private readonly db: Db) {}

  // ---- labspaces
  createLabspace(l: { name: string; description: string; uuid?: string }): LabspaceRecord {
    const rec = { uuid: l.uuid ?? randomUUID(), name: l.name, description: l.description };
    this.db
      .prepare('INSERT INTO labspaces (uuid, name, description) VALUES (?, ?, ?)')
      .run(rec.uuid, rec.name, rec.description);
    return rec;
  }
  labspaces(): LabspaceRecord[] {
    return this.db.prepare('SELECT uuid, name, description FROM labspaces ORDER BY rowid').all() as LabspaceRecord[];
  }
  labspacesByName(name: string): LabspaceRecord[] {
    return this.db
      .prepare('SELECT uuid, name, description FROM labspaces WHERE name = ? ORDER BY rowid')
      .all(name) as LabspaceRecord[];
  }
  labspaceByUuid(uuid: string): LabspaceRecord | null {
    return (
      (this.db.prepare('SELECT uuid, name, description FROM labspaces WHERE uuid = ?').get(uuid) as
        LabspaceRecord | undefined) ?? null
    );
  }

  // ---- folders
  createFolder(f: { labspaceUuid: string; name: string; private: boolean; uuid?: string }): string {
    const uuid = f.uuid ?? randomUUID();
    this.db
      .prepare('INSERT INTO folders (uuid, labspace_uuid, name, private) VALUES (?, ?, ?, ?)')
      .run(uuid, f.labspaceUuid, f.name, f.private ? 1 : 0);
    return uuid;
  }
  foldersByName(name: string): FolderRecord[] {
    return (this.db.prepare(`${FOLDER_SELECT} WHERE f.name = ? ORDER BY f.rowid`).all(name) as FolderRow[]).map(
      toFolder,
    );
  }
  folderByUuid(uuid: string): FolderRecord | null {
    const r = this.db.prepare(`${FOLDER_SELECT} WHERE f.uuid = ?`).get(uuid) as FolderRow | undefined;
    return r ? toFolder(r) : null;
  }
  foldersByLocation(location: string): FolderRecord[] {
    return (
      this.db
        .prepare(`${FOLDER_SELECT} WHERE l.name || ':' || f.name = ? ORDER BY f.rowid`)
        .all(location) as FolderRow[]
    ).map(toFolder);
  }

  // ---- permissions
  grant(folderUuid: string, email: string): void {
    this.db
      .prepare('INSERT OR IGNORE INTO folder_permissions (folder_uuid, email) VALUES (?, ?)')
      .run(folderUuid, email.toLowerCase());
  }
  permissions(folderUuid: string): string[] {
    return (
      this.db.prepare('SELECT email FROM folder_permissions WHERE folder_uuid = ? ORDER BY email').all(folderUuid) as {
        email: string;
      }[]
    ).map((r) => r.email);
  }
  revoke(folderUuid: string, emails: readonly string[]): void {
    const stmt = this.db.prepare('DELETE FROM folder_permissions WHERE folder_uuid = ? AND email = ?');
    this.db.transaction(() => emails.forEach((e) => stmt.run(folderUuid, e.toLowerCase())))();
  }

  // ---- pages
  createPage(p: Omit<PageRecord, 'uuid' | 'body'> & { uuid?: string }): PageRecord {
    const rec: PageRecord = { ...p, uuid: p.uuid ?? randomUUID(), body: '' };
    this.db
      .prepare('INSERT INTO pages (uuid, kind, name, hrid, labspace_uuid, body) VALUES (?, ?, ?, ?, ?, ?)')
      .run(rec.uuid, rec.kind, rec.name, rec.hrid, rec.labspaceUuid, rec.body);
    return rec;
  }
  pageBy(field: 'uuid' | 'hrid' | 'name', value: string): PageRecord[] {
    return (this.db.prepare(`SELECT * FROM pages WHERE ${field} = ? ORDER BY rowid`).all(value) as PageRow[]).map(
      toPage,
    );
  }
  setPageBody(uuid: string, body: string): void {
    this.db.prepare('UPDATE pages SET body = ? WHERE uuid = ?').run(body, uuid);
  }
  addImage(i: PageImageRecord): void {
    this.db
      .prepare(
        'INSERT INTO page_images (page_uuid, image_uuid, image_name, mime_type, position, tag, attached_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(i.pageUuid, i.imageUuid, i.imageName, i.mimeType, i.position, i.tag, i.attachedAt);
  }
  images(pageUuid?: string): PageImageRecord[] {
    const rows = (
      pageUuid === undefined
        ? this.db.prepare('SELECT * FROM page_images ORDER BY id').all()
        : this.db.prepare('SELECT * FROM page_images WHERE page_uuid = ? ORDER BY id').all(pageUuid)
    ) as {
      page_uuid: string;
      image_uuid: string;
      image_name: string;
      mime_type: string;
      position: string;
      tag: string;
      attached_at: string;
    }[];
    return rows.map((r) => ({
      pageUuid: r.page_uuid,
      imageUuid: r.image_uuid,
      imageName: r.image_name,
      mimeType: r.mime_type,
      position: r.position,
      tag: r.tag,
      attachedAt: r.attached_at,
    }));
  }
}
