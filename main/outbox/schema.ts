import type { Migration } from '../common/sqlite/migrations.js';

/** The outbox schema, as numbered migrations. */
export const OUTBOX_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    why: 'entries: one row per user intent with its lifecycle state',
    up: (db) => {
      db.exec(`
        CREATE TABLE entries (
          id          INTEGER PRIMARY KEY AUTOINCREMENT,
          type        TEXT    NOT NULL,
          target      TEXT    NOT NULL,
          payload     TEXT    NOT NULL,
          created_at  INTEGER NOT NULL,
          updated_at  INTEGER NOT NULL,
          state       TEXT    NOT NULL CHECK (state IN ('pending','sending','done','failed','uncertain','cancelled','discarded')),
          attempts    INTEGER NOT NULL DEFAULT 0,
          last_error  TEXT,
          request_id  TEXT
        );
        CREATE INDEX entries_state_target ON entries (state, target, id);
      `);
    },
  },
  {
    version: 2,
    why: 'dedupe key: re-enqueueing the same client intent (e.g. after a crash before the beep) returns the first entry',
    up: (db) => {
      db.exec(`
        ALTER TABLE entries ADD COLUMN dedupe_key TEXT;
        CREATE UNIQUE INDEX entries_dedupe ON entries (dedupe_key) WHERE dedupe_key IS NOT NULL;
      `);
    },
  },
  {
    version: 3,
    why: 'server result per entry (upload fileId, location requestId) and a request log for "which request was it sent in"',
    up: (db) => {
      db.exec(`
        ALTER TABLE entries ADD COLUMN result TEXT;
        CREATE TABLE requests (
          id        TEXT    PRIMARY KEY,
          endpoint  TEXT    NOT NULL,
          sent_at   INTEGER NOT NULL,
          entries   INTEGER NOT NULL,
          outcome   TEXT
        );
        CREATE INDEX entries_request ON entries (request_id);
      `);
    },
  },
  {
    version: 4,
    why:
      'answered failures per entry (so retries are bounded and time offline counts for nothing) and the last ' +
      'state of each plate this computer saw on the service (so a plate changed elsewhere is noticed before sending)',
    up: (db) => {
      db.exec(`
        ALTER TABLE entries ADD COLUMN answered_failures INTEGER NOT NULL DEFAULT 0;
        CREATE TABLE plate_seen (
          target       TEXT    PRIMARY KEY,
          last_update  TEXT,
          empty_spaces INTEGER,
          at           INTEGER NOT NULL
        );
      `);
    },
  },
  {
    version: 5,
    why:
      'entries that depend on entries: an entry names an earlier one whose result supplies one of its fields ' +
      '(attach-image takes the file id of an upload); it is sent only after that entry is done',
    up: (db) => {
      db.exec(`
        ALTER TABLE entries ADD COLUMN depends_on INTEGER;
        ALTER TABLE entries ADD COLUMN supplies TEXT;
        CREATE INDEX entries_depends_on ON entries (depends_on) WHERE depends_on IS NOT NULL;
      `);
    },
  },
  {
    version: 6,
    why:
      'location assignments by location and by tube: a box scanned again on Assign location is told which of its ' +
      'positions and tubes this computer already assigned, without reading every entry the outbox holds',
    up: (db) => {
      db.exec(`
        CREATE INDEX entries_assign_location ON entries (json_extract(payload, '$.locationId'), id)
          WHERE type = 'location-assign';
        CREATE INDEX entries_assign_id ON entries (json_extract(payload, '$.id'), id)
          WHERE type = 'location-assign';
      `);
    },
  },
  {
    version: 7,
    why:
      'attempts whose outcome was uncertain (sent, no answer), kept after the entry leaves that state: only ' +
      'such an attempt can explain a later "already exists" (409) as our own earlier create. An entry ' +
      'uncertain now had one; for the others the history is unknown and counts as none (a 409 then fails)',
    up: (db) => {
      db.exec(`
        ALTER TABLE entries ADD COLUMN uncertain_attempts INTEGER NOT NULL DEFAULT 0;
        UPDATE entries SET uncertain_attempts = 1 WHERE state = 'uncertain';
      `);
    },
  },
  {
    version: 8,
    why:
      "entries built on other entries: a plate record states the wells with the plate's queued changes folded " +
      'in, so its uploads wait (JSON array of entry ids) until every one of those is done, and fail with the ' +
      'reason if one is refused, cancelled or discarded: a record never states a change the service refused',
    up: (db) => {
      db.exec(`
        ALTER TABLE entries ADD COLUMN waits_for TEXT;
        CREATE INDEX entries_waits_for ON entries (state) WHERE waits_for IS NOT NULL;
      `);
    },
  },
  {
    version: 9,
    why:
      'the service each entry is bound to (the identity of the connection it was queued under): an entry is ' +
      'sent only while that connection is the current one, so switching to the sandbox never sends real ' +
      'work there. Left empty here; the store binds older entries to the connection saved at the upgrade',
    up: (db) => {
      db.exec(`
        ALTER TABLE entries ADD COLUMN service TEXT;
        CREATE INDEX entries_service_state ON entries (service, state, target, id);
      `);
    },
  },
  {
    version: 10,
    why:
      'the last plate state seen, per service: a plate of the same name on two services is two plates, and ' +
      "comparing one with the other's reading held changes needlessly or, worse, let them over another " +
      "bench's wells",
    up: (db) => {
      // A reading from before is kept only where it can be told whose it is: every entry the outbox
      // holds for its plate is bound to one service (or, in a file from before migration 9, to none yet:
      // the store binds those to the connection saved at the upgrade, as it does the entries), and one of
      // them was sent before the reading was taken, which is when readings are recorded. Only done entries
      // are ever pruned, oldest first, so a reading taken on another service would have left that
      // service's later entries in the outbox. Any other reading is dropped: without one the next check
      // compares with the changes' own basis, which can only hold them for a look, never let them over.
      db.exec(`
        CREATE TABLE plate_seen_by_service (
          service      TEXT,
          target       TEXT    NOT NULL,
          last_update  TEXT,
          empty_spaces INTEGER,
          at           INTEGER NOT NULL,
          PRIMARY KEY (service, target)
        );
        INSERT INTO plate_seen_by_service (service, target, last_update, empty_spaces, at)
          SELECT (SELECT MIN(e.service) FROM entries e WHERE e.target = p.target),
                 p.target, p.last_update, p.empty_spaces, p.at
          FROM plate_seen p
          WHERE (SELECT COUNT(DISTINCT e.service) + MAX(e.service IS NULL) FROM entries e WHERE e.target = p.target) = 1
            AND EXISTS (SELECT 1 FROM entries e WHERE e.target = p.target AND e.state = 'done' AND e.updated_at <= p.at);
        DROP TABLE plate_seen;
        ALTER TABLE plate_seen_by_service RENAME TO plate_seen;
      `);
    },
  },
  {
    version: 11,
    why:
      "where this computer's own moves into a plate start its record of the plate: a move changes the " +
      'plate as a write to its wells does, but a well change made on a reading from before the move may go ' +
      'after it only if nothing else changed the plate in between. A record from before counts from any ' +
      'earlier reading, as it did',
    up: (db) => {
      db.exec(`ALTER TABLE plate_seen ADD COLUMN before TEXT;`);
    },
  },
  {
    version: 12,
    why:
      "one service's entries in one state in queue order (the Outbox's tabs, Recently sent): the " +
      '(service, state, target, id) index finds them but orders by lane, so every listing sorted all the ' +
      "state's entries in a temporary table, however few it shows",
    up: (db) => {
      db.exec(`CREATE INDEX entries_service_state_id ON entries (service, state, id);`);
    },
  },
  {
    version: 13,
    why:
      "moves by the position they leave (the intent's `from`): the sync asks, on every pass of a box's lane, " +
      'which pending moves empty its positions; without it each pass read every pending entry of the service',
    up: (db) => {
      db.exec(`
        CREATE INDEX entries_assign_from ON entries (json_extract(payload, '$.from.locationId'), id)
          WHERE type = 'location-assign';
      `);
    },
  },
];
