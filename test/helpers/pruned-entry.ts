import { join } from 'node:path';
import Database from 'better-sqlite3';

/**
 * Takes entry `id` out of the outbox file in `dataDir` as main's prune does, 30 days after it finished:
 * no row of that id is left. Answers whether there was one. Main keeps running on the file meanwhile.
 */
export function pruneEntry(dataDir: string, id: number): boolean {
  const db = new Database(join(dataDir, 'outbox.db'));
  try {
    return db.prepare('DELETE FROM entries WHERE id = ?').run(id).changes === 1;
  } finally {
    db.close();
  }
}
