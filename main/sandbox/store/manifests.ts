import { randomUUID } from 'node:crypto';
import { capacity, parsePosition, type Layout } from '../../../shared/layout/positions.js';
import type { Db } from './db.js';

export interface ManifestRecord {
  uuid: string;
  name: string;
  template: string;
  hrid: string;
  barcode: string;
  layout: Layout;
  lastUpdate: string;
}

/** A well that holds something. Empty wells are not stored, so a row here means "occupied or tagged". */
export interface WellRecord {
  position: string;
  sampleId: string | null;
  sampleLabsheet: string | null;
  tags: string[];
  label: string;
}

interface ManifestRow {
  uuid: string;
  name: string;
  template: string;
  hrid: string;
  barcode: string;
  layout_rows: number;
  layout_columns: number;
  last_update: string;
}
interface WellRow {
  position: string;
  sample_id: string | null;
  sample_labsheet: string | null;
  tags: string;
  label: string;
}

const toManifest = (r: ManifestRow): ManifestRecord => ({
  uuid: r.uuid,
  name: r.name,
  template: r.template,
  hrid: r.hrid,
  barcode: r.barcode,
  layout: { rows: r.layout_rows, columns: r.layout_columns },
  lastUpdate: r.last_update,
});
const toWell = (r: WellRow): WellRecord => ({
  position: r.position,
  sampleId: r.sample_id,
  sampleLabsheet: r.sample_labsheet,
  tags: JSON.parse(r.tags) as string[],
  label: r.label,
});

export const isEmptyWell = (w: WellRecord): boolean => w.sampleId === null && w.label === '' && w.tags.length === 0;

export class ManifestStore {
  constructor(private readonly db: Db) {}

  create(m: Omit<ManifestRecord, 'uuid'> & { uuid?: string }): ManifestRecord {
    const rec: ManifestRecord = { ...m, uuid: m.uuid ?? randomUUID() };
    this.db
      .prepare(
        'INSERT INTO manifests (uuid, name, template, hrid, barcode, layout_rows, layout_columns, last_update) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        rec.uuid,
        rec.name,
        rec.template,
        rec.hrid,
        rec.barcode,
        rec.layout.rows,
        rec.layout.columns,
        rec.lastUpdate,
      );
    return rec;
  }

  find(by: 'uuid' | 'hrid' | 'barcode', value: string): ManifestRecord | null {
    const r = this.db.prepare(`SELECT * FROM manifests WHERE ${by} = ?`).get(value) as ManifestRow | undefined;
    return r ? toManifest(r) : null;
  }

  list(): ManifestRecord[] {
    return (this.db.prepare('SELECT * FROM manifests ORDER BY rowid').all() as ManifestRow[]).map(toManifest);
  }

  /** Occupied wells in row-major order (A1, A2, ... B1). */
  wells(manifestUuid: string): WellRecord[] {
    return (
      this.db
        .prepare('SELECT * FROM wells WHERE manifest_uuid = ? ORDER BY row_index, column_index')
        .all(manifestUuid) as WellRow[]
    ).map(toWell);
  }

  well(manifestUuid: string, position: string): WellRecord {
    const r = this.db
      .prepare('SELECT * FROM wells WHERE manifest_uuid = ? AND position = ?')
      .get(manifestUuid, position) as WellRow | undefined;
    return r ? toWell(r) : { position, sampleId: null, sampleLabsheet: null, tags: [], label: '' };
  }

  /** Writes a well; an empty one is deleted so storage and emptySpaces stay simple. */
  putWell(manifestUuid: string, w: WellRecord): void {
    if (isEmptyWell(w)) {
      this.db.prepare('DELETE FROM wells WHERE manifest_uuid = ? AND position = ?').run(manifestUuid, w.position);
      return;
    }
    const p = parsePosition(w.position);
    if (!p) throw new Error(`not a well position: ${w.position}`);
    this.db
      .prepare(
        `INSERT INTO wells (manifest_uuid, position, row_index, column_index, sample_id, sample_labsheet, tags, label)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (manifest_uuid, position) DO UPDATE SET sample_id = excluded.sample_id,
           sample_labsheet = excluded.sample_labsheet, tags = excluded.tags, label = excluded.label`,
      )
      .run(manifestUuid, w.position, p.row, p.column, w.sampleId, w.sampleLabsheet, JSON.stringify(w.tags), w.label);
  }

  touch(manifestUuid: string, at: string): void {
    this.db.prepare('UPDATE manifests SET last_update = ? WHERE uuid = ?').run(at, manifestUuid);
  }

  /** Capacity minus wells holding a sample or a label (tags alone do not fill a well). */
  emptySpaces(m: ManifestRecord): number {
    const filled = (
      this.db
        .prepare("SELECT COUNT(*) AS n FROM wells WHERE manifest_uuid = ? AND (sample_id IS NOT NULL OR label <> '')")
        .get(m.uuid) as { n: number }
    ).n;
    return capacity(m.layout) - filled;
  }
}
