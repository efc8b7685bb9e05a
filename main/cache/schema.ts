import type { Migration } from '../common/sqlite/migrations.js';

/**
 * The read cache lives in its own file: it can be thrown away and rebuilt from the service at any
 * time, unlike the outbox. Every table carries fetched_at so the UI can show the age of what it shows.
 */
export const CACHE_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    why: 'manifests with their wells, labsheet rows by ID and ID_BARCODE, labsheet names, known locations',
    up: (db) => {
      db.exec(`
        CREATE TABLE manifests (
          uuid TEXT PRIMARY KEY, hrid TEXT NOT NULL, barcode TEXT NOT NULL, name TEXT NOT NULL, template TEXT NOT NULL,
          rows INTEGER NOT NULL, columns INTEGER NOT NULL, fetched_at INTEGER NOT NULL
        );
        CREATE INDEX manifests_hrid ON manifests (hrid);
        CREATE INDEX manifests_barcode ON manifests (barcode);
        CREATE TABLE wells (
          manifest_uuid TEXT NOT NULL, position TEXT NOT NULL, body TEXT NOT NULL,
          PRIMARY KEY (manifest_uuid, position)
        );
        CREATE TABLE labsheets (
          name TEXT PRIMARY KEY, headers TEXT, id_column TEXT, barcode_column TEXT, rows_fetched_at INTEGER, listed_at INTEGER
        );
        CREATE TABLE labsheet_rows (
          labsheet TEXT NOT NULL, uuid TEXT NOT NULL, id_value TEXT, barcode_value TEXT, body TEXT NOT NULL,
          PRIMARY KEY (labsheet, uuid)
        );
        CREATE INDEX labsheet_rows_id ON labsheet_rows (labsheet, id_value);
        CREATE INDEX labsheet_rows_barcode ON labsheet_rows (labsheet, barcode_value);
        CREATE TABLE locations (
          uuid TEXT PRIMARY KEY, name TEXT NOT NULL, kind TEXT NOT NULL, body TEXT NOT NULL, fetched_at INTEGER NOT NULL
        );
        CREATE TABLE meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
      `);
    },
  },
  {
    version: 2,
    why:
      'a real service lists no wells: keep what the plate looked like on the service (basis), where its layout ' +
      'came from and where its wells came from; and the layout a user gave for a template the app cannot read',
    up: (db) => {
      db.exec(`
        ALTER TABLE manifests ADD COLUMN basis TEXT;
        ALTER TABLE manifests ADD COLUMN layout_from TEXT NOT NULL DEFAULT 'service';
        ALTER TABLE manifests ADD COLUMN wells_from TEXT NOT NULL DEFAULT 'service';
        CREATE TABLE template_layouts (
          template TEXT PRIMARY KEY, rows INTEGER NOT NULL, columns INTEGER NOT NULL, at INTEGER NOT NULL
        );
      `);
    },
  },
  {
    version: 3,
    why:
      'the service the cached data came from: after the connection changes, what another service said is ' +
      'thrown away instead of shown as this one (a file from before holds no record, and is emptied once)',
    up: (db) => {
      db.exec(`CREATE TABLE bound_service (only INTEGER PRIMARY KEY CHECK (only = 1), identity TEXT NOT NULL);`);
    },
  },
  {
    version: 4,
    why:
      'the names of plates and locations a service gave, kept when its data is thrown away for another ' +
      "service's: an outbox entry queued for it still names its plate or box (BX-0001), not a piece of a uuid",
    up: (db) => {
      db.exec(`
        CREATE TABLE kept_names (
          service TEXT NOT NULL, uuid TEXT NOT NULL, name TEXT NOT NULL, PRIMARY KEY (service, uuid)
        );
      `);
    },
  },
  {
    version: 5,
    why:
      'a labsheet larger than the service can list (page × pageSize below 50000) is saved as far as it could ' +
      'be read, marked partial: a value its rows lack may be in the rows past them, so a miss is not "absent"',
    up: (db) => {
      db.exec(`ALTER TABLE labsheets ADD COLUMN rows_partial INTEGER NOT NULL DEFAULT 0;`);
    },
  },
  {
    version: 6,
    why:
      'a code read in another letter case (Caps Lock) is looked for again ignoring case (cache-store findRow): ' +
      'without these, each such read scanned every saved row of its labsheet',
    up: (db) => {
      db.exec(`
        CREATE INDEX labsheet_rows_id_nocase ON labsheet_rows (labsheet, id_value COLLATE NOCASE);
        CREATE INDEX labsheet_rows_barcode_nocase ON labsheet_rows (labsheet, barcode_value COLLATE NOCASE);
      `);
    },
  },
];
