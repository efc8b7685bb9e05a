import type { Db } from './db.js';

export interface UploadRecord {
  fileId: string;
  ticketId: string;
  fileName: string;
  /** Where the bytes are on disk; null for rejected files, whose bytes are discarded. */
  path: string | null;
  size: number;
  sha256: string | null;
  status: string;
  message: string;
  isGlobal: boolean;
  fileSource: string;
  uploadedBy: string;
  uploadedAt: string;
}

interface UploadRow {
  file_id: string;
  ticket_id: string;
  file_name: string;
  path: string | null;
  size: number;
  sha256: string | null;
  status: string;
  message: string;
  is_global: number;
  file_source: string;
  uploaded_by: string;
  uploaded_at: string;
}
const toUpload = (r: UploadRow): UploadRecord => ({
  fileId: r.file_id,
  ticketId: r.ticket_id,
  fileName: r.file_name,
  path: r.path,
  size: r.size,
  sha256: r.sha256,
  status: r.status,
  message: r.message,
  isGlobal: r.is_global === 1,
  fileSource: r.file_source,
  uploadedBy: r.uploaded_by,
  uploadedAt: r.uploaded_at,
});

export class UploadStore {
  constructor(private readonly db: Db) {}

  addMany(uploads: readonly UploadRecord[]): void {
    const stmt = this.db.prepare(
      `INSERT INTO uploads (file_id, ticket_id, file_name, path, size, sha256, status, message, is_global, file_source, uploaded_by, uploaded_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.db.transaction(() => {
      for (const u of uploads) {
        stmt.run(
          u.fileId,
          u.ticketId,
          u.fileName,
          u.path,
          u.size,
          u.sha256,
          u.status,
          u.message,
          u.isGlobal ? 1 : 0,
          u.fileSource,
          u.uploadedBy,
          u.uploadedAt,
        );
      }
    })();
  }

  byId(fileId: string): UploadRecord | null {
    const r = this.db.prepare('SELECT * FROM uploads WHERE file_id = ?').get(fileId) as UploadRow | undefined;
    return r ? toUpload(r) : null;
  }

  list(): UploadRecord[] {
    return (this.db.prepare('SELECT * FROM uploads ORDER BY rowid').all() as UploadRow[]).map(toUpload);
  }

  /** All uploads, or those with one status (QUEUED / REJECTED). */
  count(status?: string): number {
    const row =
      status === undefined
        ? this.db.prepare('SELECT COUNT(*) AS n FROM uploads').get()
        : this.db.prepare('SELECT COUNT(*) AS n FROM uploads WHERE status = ?').get(status);
    return (row as { n: number }).n;
  }
}
