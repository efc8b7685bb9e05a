import Database from 'better-sqlite3';
import { createOwnerOnly } from '../../common/sqlite/open-database.js';
import { migrate } from './migrations.js';

export type Db = Database.Database;

/** Opens (and migrates) the sandbox database. ':memory:' gives a throwaway store per server. */
export function openDb(path: string): Db {
  // Owner-only, as the app's own databases: it holds the demo token and whatever a test put there.
  if (path !== ':memory:') createOwnerOnly(path);
  const db = new Database(path);
  if (path !== ':memory:') db.pragma('journal_mode = WAL');
  // The sandbox is a test double: losing the last commit on power loss is acceptable, speed is not.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  migrate(db);
  return db;
}
