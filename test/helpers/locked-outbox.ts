import Database from 'better-sqlite3';
import { join } from 'node:path';

/**
 * The outbox of the app in `dataDir` locked by another program (a second copy of Benchlink, a backup
 * tool), as a real one holds it: an exclusive transaction on the file. Main's writes then fail with
 * SQLITE_BUSY after its busy timeout. Answers the release.
 */
export function lockOutbox(dataDir: string): () => void {
  const locker = new Database(join(dataDir, 'outbox.db'));
  locker.exec('BEGIN EXCLUSIVE');
  return () => {
    locker.exec('COMMIT');
    locker.close();
  };
}

/** Runs `act` while another program holds the outbox locked (lockOutbox), and releases it after. */
export async function whileOutboxLocked<T>(dataDir: string, act: () => Promise<T>): Promise<T> {
  const release = lockOutbox(dataDir);
  try {
    return await act();
  } finally {
    release();
  }
}
