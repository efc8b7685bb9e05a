import type Database from 'better-sqlite3';

/** About SQLite's own 1000 WAL pages: an outbox entry changes one row and writes about five pages. */
const DEFAULT_CHANGES = 200;

export interface CheckpointAfter {
  /** A commit has just been made: checkpoint once `later` runs, if enough was written since the last. */
  soon(): void;
}

/**
 * Moves the WAL checkpoint out of the commits. SQLite runs it inside the commit that takes the WAL past
 * 1000 pages: that commit also writes the pages into the database file and fsyncs it, so whoever waits
 * for that commit waits for the checkpoint too (measured on the outbox: 5–6 ms at the median, against
 * 1–1.5 ms for a plain commit; a scan's enqueue was that commit about one time in three). Here the
 * automatic checkpoint is off and the same PASSIVE one runs in `later` (after the caller has had its
 * answer). Durability does not change: each commit is durable by its own WAL fsync; a checkpoint only
 * copies committed pages into the database file.
 */
export function checkpointAfterCommits(
  db: Database.Database,
  o: { later: (run: () => void) => void; changes?: number },
): CheckpointAfter {
  db.pragma('wal_autocheckpoint = 0');
  const totalChanges = db.prepare('SELECT total_changes()').pluck();
  const every = o.changes ?? DEFAULT_CHANGES;
  let checkpointedAt = 0;
  let queued = false;
  const run = () => {
    queued = false;
    if (!db.open) return;
    const changes = totalChanges.get() as number;
    if (changes - checkpointedAt < every) return;
    checkpointedAt = changes;
    try {
      db.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // The pages stay in the WAL, which stays valid and readable; the next checkpoint copies them.
    }
  };
  return {
    soon() {
      if (queued) return;
      queued = true;
      o.later(run);
    },
  };
}
