import type Database from 'better-sqlite3';

/** What one Discard of the user's changed in one entry, as kept for its Undo. */
export interface DiscardRecord {
  mark: number;
  entry: number;
  /** The entry the Discard took out that this change was made for (the entry itself when it is that one). */
  cause: number;
  /** Its state and stored error before the Discard. */
  state: string;
  last_error: string | null;
  /** As the Discard left it: a restore puts it back only while it is still so. */
  left_state: string;
  left_error: string | null;
  left_at: number;
  /** Set when the entry can no longer be put back (an undo of its edit took it back since). */
  closed: string | null;
}

/**
 * What each of the user's Discards changed, kept beside the entries for its Undo (and Restore on the
 * Discarded tab): the entries it took out with the state they were in, and those it failed along with
 * their state and error before and as it left them, under a mark per Discard that is never reused
 * (AUTOINCREMENT), so a stale Undo cannot reach another Discard's entries.
 *
 * Made here when the file is opened, not by a numbered migration (schema.ts): an older Benchlink opening
 * this file after a rollback ignores these tables, where a schema version newer than it knows would make it
 * refuse the whole outbox, every queued change with it. What they hold is only what an Undo needs: without
 * them nothing is lost; a discarded entry just cannot be put back. The index lists the Discarded tab, the
 * most recently discarded first, without sorting every discarded entry of the service.
 */
export function discardLog(db: Database.Database) {
  db.exec(`
    CREATE TABLE IF NOT EXISTS discard_marks (
      mark INTEGER PRIMARY KEY AUTOINCREMENT,
      at   INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS discarded (
      mark       INTEGER NOT NULL,
      entry      INTEGER NOT NULL,
      cause      INTEGER NOT NULL,
      state      TEXT    NOT NULL,
      last_error TEXT,
      left_state TEXT    NOT NULL,
      left_error TEXT,
      left_at    INTEGER NOT NULL,
      closed     TEXT,
      PRIMARY KEY (mark, entry)
    );
    CREATE INDEX IF NOT EXISTS discarded_cause ON discarded (cause, mark);
    CREATE INDEX IF NOT EXISTS entries_discarded_newest ON entries (service, updated_at, id) WHERE state = 'discarded';
  `);
  return {
    newMark: db.prepare<[number]>(`INSERT INTO discard_marks (at) VALUES (?)`),
    record: db.prepare<[number, number, number, string, string | null, string, string | null, number]>(
      `INSERT OR IGNORE INTO discarded (mark, entry, cause, state, last_error, left_state, left_error, left_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    /** The record of an entry's own discard (the one that took it out), if a Discard of the Outbox did. */
    ownOf: db.prepare<[number, number], DiscardRecord>(
      `SELECT * FROM discarded WHERE cause = ? AND entry = ? ORDER BY mark DESC LIMIT 1`,
    ),
    /** The entries one Discard took out (each is its own cause), in queue order. */
    causesOf: db.prepare<[number], { entry: number }>(
      `SELECT entry FROM discarded WHERE mark = ? AND entry = cause ORDER BY entry`,
    ),
    /**
     * What a Discard changed for one entry it took out: that entry and those it failed along. By the cause's
     * index (the unary + keeps SQLite from reading every entry of the mark instead: an Undo of 10,000 read
     * 10,000 rows for each, 7 s against 0.5).
     */
    changedFor: db.prepare<[number, number], DiscardRecord>(
      `SELECT * FROM discarded WHERE cause = ? AND +mark = ? ORDER BY entry`,
    ),
    forget: db.prepare<[number, number]>(`DELETE FROM discarded WHERE cause = ? AND mark = ?`),
    close: db.prepare<[string, number]>(
      `UPDATE discarded SET closed = ? WHERE entry = ? AND cause = entry AND closed IS NULL`,
    ),
    /** Records whose discarded entry is gone (pruned): nothing is left to put back. */
    pruneRecords: db.prepare<[]>(
      `DELETE FROM discarded WHERE NOT EXISTS (SELECT 1 FROM entries e WHERE e.id = discarded.cause)`,
    ),
    pruneMarks: db.prepare<[]>(
      `DELETE FROM discard_marks WHERE NOT EXISTS (SELECT 1 FROM discarded d WHERE d.mark = discard_marks.mark)`,
    ),
    /**
     * A discarded entry back in the state it was discarded from, only while it is as its Discard left it
     * (nothing but a restore or pruning changes a discarded entry; its error was never touched).
     */
    restoreDiscarded: db.prepare<[string, number, number, number]>(
      `UPDATE entries SET state = ?, updated_at = ? WHERE id = ? AND state = 'discarded' AND updated_at = ?`,
    ),
    /** An entry a Discard failed along, back as it was, only while it is still as that Discard left it. */
    restoreChanged: db.prepare<[string, string | null, number, number, string, number, string | null]>(
      `UPDATE entries SET state = ?, last_error = ?, updated_at = ?
       WHERE id = ? AND state = ? AND updated_at = ? AND last_error IS ?`,
    ),
  };
}
export type DiscardLog = ReturnType<typeof discardLog>;
