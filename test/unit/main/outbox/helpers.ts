import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import type { Intent } from '../../../../shared/outbox/intents.js';
import { SUPPLIED_LATER, type BatchDependency } from '../../../../shared/outbox/dependency.js';

/** A fresh temp dir per test: real files on disk, removed afterwards by the caller. */
export function tempDir(prefix = 'outbox-'): { dir: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** A controllable clock for store tests. */
export function fakeNow(start = 1_700_000_000_000): { now: () => number; advance: (ms: number) => void } {
  let t = start;
  return {
    now: () => t,
    advance: (ms) => {
      t += ms;
    },
  };
}

export const wellSet = (position: string, id: string, hrid = 'PL-0001'): Intent => ({
  type: 'well-set',
  manifest: { hrid },
  position,
  sample: { id, labsheet: 'Samples' },
});
export const wellRemove = (position: string, fields: ('SAMPLE' | 'LABEL' | 'TAGS')[], hrid = 'PL-0001'): Intent => ({
  type: 'well-remove',
  manifest: { hrid },
  position,
  fields,
});
export const assign = (id: string, position: string | undefined, locationId = 'BOX'): Intent => ({
  type: 'location-assign',
  labsheet: 'Samples',
  locationId,
  idType: 'ID_BARCODE',
  id,
  ...(position ? { position } : {}),
});
export const rowUpdate = (id: string, changes: Record<string, string | number | null>): Intent => ({
  type: 'row-update',
  labsheet: 'Samples',
  idColumn: 'Sample ID',
  id,
  changes,
});
export const webhook = (n: number): Intent => ({ type: 'webhook', payload: { event: 'scan', n } });

/** A file upload as staging queues it (the path is never read by these tests). */
export const upload = (name: string): Intent => ({
  type: 'file-upload',
  stagedPath: `/staging/${name}`,
  size: 10,
  sha256: 'a'.repeat(64),
  fileName: name,
  isGlobal: false,
  fileSource: 'Benchlink',
});

/** An attach-image whose image is the file an earlier upload of its batch stores (see `needsFile`). */
export const attach = (page: string): Intent => ({
  type: 'attach-image',
  request: {
    hrid: page,
    image_uuid: SUPPLIED_LATER,
    image_name: 'plate.png',
    image_mime_type: 'image/png',
    position: 'append',
  },
});
export const needsFile: BatchDependency['supplies'] = { field: 'request.image_uuid', from: 'fileId' };

/** What SQLite plans for a statement with these arguments, its steps joined by '; '. */
export function planOf(db: Database.Database, statement: { source: string }, ...args: unknown[]): string {
  return (db.prepare(`EXPLAIN QUERY PLAN ${statement.source}`).all(...args) as { detail: string }[])
    .map((r) => r.detail)
    .join('; ');
}
