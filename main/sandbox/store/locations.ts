import { randomUUID } from 'node:crypto';
import type { CreatedLocation } from '../../../shared/api/locations.js';
import type { Db } from './db.js';

export interface LocationRecord {
  uuid: string;
  name: string;
  parentUuid: string | null;
}

export interface LocationRequestRecord {
  requestId: string;
  createdMs: number;
  readyMs: number;
  created: CreatedLocation[];
}

interface LocationRow {
  uuid: string;
  name: string;
  parent_uuid: string | null;
}
const toLocation = (r: LocationRow): LocationRecord => ({ uuid: r.uuid, name: r.name, parentUuid: r.parent_uuid });

export class LocationStore {
  constructor(private readonly db: Db) {}

  create(l: { name: string; parentUuid: string | null; uuid?: string }): LocationRecord {
    const rec: LocationRecord = { uuid: l.uuid ?? randomUUID(), name: l.name, parentUuid: l.parentUuid };
    this.db
      .prepare('INSERT INTO locations (uuid, name, parent_uuid) VALUES (?, ?, ?)')
      .run(rec.uuid, rec.name, rec.parentUuid);
    return rec;
  }

  byUuid(uuid: string): LocationRecord | null {
    const r = this.db.prepare('SELECT * FROM locations WHERE uuid = ?').get(uuid) as LocationRow | undefined;
    return r ? toLocation(r) : null;
  }

  byName(name: string): LocationRecord[] {
    return (this.db.prepare('SELECT * FROM locations WHERE name = ? ORDER BY rowid').all(name) as LocationRow[]).map(
      toLocation,
    );
  }

  list(): LocationRecord[] {
    return (this.db.prepare('SELECT * FROM locations ORDER BY rowid').all() as LocationRow[]).map(toLocation);
  }

  saveRequest(r: LocationRequestRecord): void {
    this.db
      .prepare('INSERT INTO location_requests (request_id, created_ms, ready_ms, created) VALUES (?, ?, ?, ?)')
      .run(r.requestId, r.createdMs, r.readyMs, JSON.stringify(r.created));
  }

  request(requestId: string): LocationRequestRecord | null {
    const r = this.db.prepare('SELECT * FROM location_requests WHERE request_id = ?').get(requestId) as
      { request_id: string; created_ms: number; ready_ms: number; created: string } | undefined;
    return r
      ? {
          requestId: r.request_id,
          createdMs: r.created_ms,
          readyMs: r.ready_ms,
          created: JSON.parse(r.created) as CreatedLocation[],
        }
      : null;
  }
}
