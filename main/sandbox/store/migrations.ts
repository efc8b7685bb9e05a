import type { Database } from 'better-sqlite3';

/**
 * Numbered migrations, applied in order and recorded in PRAGMA user_version, so a `--db` file
 * written by an older sandbox opens with a newer one. Append only: never edit a shipped entry.
 */
export const MIGRATIONS: readonly string[] = [
  // 1: the whole first schema.
  `
  CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    token TEXT NOT NULL UNIQUE,
    super_admin INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE labspaces (
    uuid TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT ''
  );
  CREATE TABLE folders (
    uuid TEXT PRIMARY KEY,
    labspace_uuid TEXT NOT NULL REFERENCES labspaces(uuid),
    name TEXT NOT NULL,
    private INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX folders_by_name ON folders(name);
  CREATE TABLE folder_permissions (
    folder_uuid TEXT NOT NULL REFERENCES folders(uuid),
    email TEXT NOT NULL,
    PRIMARY KEY (folder_uuid, email)
  );
  CREATE TABLE labsheets (
    uuid TEXT PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    folder_uuid TEXT REFERENCES folders(uuid),
    path TEXT NOT NULL,
    created_by TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  -- id is a small integer so row cells can be keyed compactly by it.
  CREATE TABLE columns (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    labsheet_uuid TEXT NOT NULL REFERENCES labsheets(uuid),
    name TEXT NOT NULL,
    type TEXT NOT NULL,
    ord INTEGER NOT NULL,
    spec TEXT NOT NULL
  );
  CREATE INDEX columns_by_labsheet ON columns(labsheet_uuid, ord);
  -- One row = one JSON text of cells keyed by column id; ID / ID_BARCODE values are copied into
  -- indexed columns because every lookup by the bench goes through them.
  CREATE TABLE rows (
    seq INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    labsheet_uuid TEXT NOT NULL,
    archived INTEGER NOT NULL DEFAULT 0,
    id_value TEXT,
    barcode_value TEXT,
    service_barcode TEXT NOT NULL,
    cells TEXT NOT NULL,
    location_uuid TEXT,
    position TEXT,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX rows_page ON rows(labsheet_uuid, archived, seq);
  CREATE INDEX rows_page_any ON rows(labsheet_uuid, seq);
  CREATE INDEX rows_by_id ON rows(labsheet_uuid, id_value);
  CREATE INDEX rows_by_barcode ON rows(labsheet_uuid, barcode_value);
  CREATE INDEX rows_by_service_barcode ON rows(labsheet_uuid, service_barcode);
  CREATE TABLE templates (
    uuid TEXT PRIMARY KEY,
    short_id TEXT NOT NULL,
    name TEXT NOT NULL UNIQUE,
    labsheet_uuid TEXT NOT NULL,
    created_by TEXT NOT NULL,
    created_at TEXT NOT NULL,
    folder_uuid TEXT
  );
  CREATE TABLE locations (
    uuid TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    parent_uuid TEXT REFERENCES locations(uuid)
  );
  CREATE INDEX locations_by_name ON locations(name);
  CREATE TABLE location_requests (
    request_id TEXT PRIMARY KEY,
    created_ms INTEGER NOT NULL,
    ready_ms INTEGER NOT NULL,
    created TEXT NOT NULL
  );
  CREATE TABLE manifests (
    uuid TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    template TEXT NOT NULL,
    hrid TEXT NOT NULL UNIQUE,
    barcode TEXT NOT NULL UNIQUE,
    layout_rows INTEGER NOT NULL,
    layout_columns INTEGER NOT NULL,
    last_update TEXT NOT NULL
  );
  CREATE TABLE wells (
    manifest_uuid TEXT NOT NULL REFERENCES manifests(uuid),
    position TEXT NOT NULL,
    row_index INTEGER NOT NULL,
    column_index INTEGER NOT NULL,
    sample_id TEXT,
    sample_labsheet TEXT,
    tags TEXT NOT NULL DEFAULT '[]',
    label TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (manifest_uuid, position)
  );
  CREATE TABLE sequences (
    uuid TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    doc TEXT NOT NULL
  );
  CREATE INDEX sequences_by_name ON sequences(name);
  CREATE TABLE labflows (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL
  );
  CREATE TABLE labflow_tests (
    labflow_id TEXT NOT NULL REFERENCES labflows(id),
    protocoltemplate_id TEXT NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (labflow_id, protocoltemplate_id)
  );
  CREATE TABLE sample_links (
    id INTEGER PRIMARY KEY,
    labflow_id TEXT NOT NULL,
    protocoltemplate_id TEXT NOT NULL,
    perform_test_step_id TEXT NOT NULL,
    sample_uuid TEXT NOT NULL,
    sample_entity_uuid TEXT,
    linked_by TEXT NOT NULL,
    linked_at TEXT NOT NULL
  );
  CREATE TABLE pages (
    uuid TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    hrid TEXT NOT NULL UNIQUE,
    labspace_uuid TEXT,
    body TEXT NOT NULL DEFAULT ''
  );
  CREATE TABLE page_images (
    id INTEGER PRIMARY KEY,
    page_uuid TEXT NOT NULL REFERENCES pages(uuid),
    image_uuid TEXT NOT NULL,
    image_name TEXT NOT NULL,
    mime_type TEXT NOT NULL,
    position TEXT NOT NULL,
    tag TEXT NOT NULL,
    attached_at TEXT NOT NULL
  );
  CREATE TABLE uploads (
    file_id TEXT PRIMARY KEY,
    ticket_id TEXT NOT NULL,
    file_name TEXT NOT NULL,
    path TEXT,
    size INTEGER NOT NULL,
    sha256 TEXT,
    status TEXT NOT NULL,
    message TEXT NOT NULL,
    is_global INTEGER NOT NULL,
    file_source TEXT NOT NULL,
    uploaded_by TEXT NOT NULL,
    uploaded_at TEXT NOT NULL
  );
  CREATE TABLE webhooks (
    id INTEGER PRIMARY KEY,
    event_type TEXT,
    body TEXT NOT NULL,
    sender TEXT,
    received_at TEXT NOT NULL
  );
  `,
  // 2: page rows by per-labsheet ordinals instead of OFFSET. An OFFSET walks every skipped index
  // entry (page 49 of 50,000 rows walks 48,000); an ordinal range is one index seek. Ordinals stay
  // contiguous because rows are never deleted and never change archived state; if either ever
  // becomes possible, the rows after the change must be renumbered.
  `
  ALTER TABLE rows ADD COLUMN ord_any INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE rows ADD COLUMN ord_arch INTEGER NOT NULL DEFAULT 0;
  UPDATE rows SET ord_any = t.o_any, ord_arch = t.o_arch
    FROM (SELECT seq,
                 row_number() OVER (PARTITION BY labsheet_uuid ORDER BY seq) - 1 AS o_any,
                 row_number() OVER (PARTITION BY labsheet_uuid, archived ORDER BY seq) - 1 AS o_arch
          FROM rows) AS t
    WHERE rows.seq = t.seq;
  DROP INDEX rows_page;
  DROP INDEX rows_page_any;
  CREATE INDEX rows_ord_any ON rows(labsheet_uuid, ord_any);
  CREATE INDEX rows_ord_arch ON rows(labsheet_uuid, archived, ord_arch);
  `,
];

/** Applies the migrations after the database's user_version, up to `target` (all by default; tests step). */
export function migrate(db: Database, target = MIGRATIONS.length): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (let v = current; v < target; v++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[v]!);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
}
