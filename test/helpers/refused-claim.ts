import { join } from 'node:path';
import Database from 'better-sqlite3';

/**
 * Makes entry `id` fail on this computer every time the sync takes it to send, as a disk that refuses the
 * write would: the file refuses to mark it 'sending' ("disk I/O error"), so it never leaves and its tries
 * stay 0. The entry itself still reads, and main keeps running on the file meanwhile (SQLite hands the new
 * trigger to main's open connection).
 */
export function refuseSending(dataDir: string, id: number): void {
  if (!Number.isSafeInteger(id)) throw new Error(`not an entry id: ${String(id)}`);
  const db = new Database(join(dataDir, 'outbox.db'));
  try {
    db.exec(
      `CREATE TRIGGER refuse_sending_${id} BEFORE UPDATE OF state ON entries
         WHEN NEW.id = ${id} AND NEW.state = 'sending'
       BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END`,
    );
  } finally {
    db.close();
  }
}
