import fs from 'node:fs';
import Database from 'better-sqlite3';
import { runMigrations, type Migration } from './migrations.js';
import { toWriteError } from '../write-error.js';

/** What happened to a database file that could not be used: it was kept, renamed, never deleted. */
export interface MovedAside {
  movedTo: string;
  reason: string;
}

export interface OpenedDatabase {
  db: Database.Database;
  /** Non-null when the previous file was corrupt (or a throwaway one of a newer schema) and a fresh one replaced it. */
  recovered: MovedAside | null;
  schema: { from: number; to: number };
}

const CORRUPT_CODES = new Set([
  'SQLITE_CORRUPT',
  'SQLITE_NOTADB',
  'SQLITE_CORRUPT_VTAB',
  'SQLITE_CORRUPT_SEQUENCE',
  'SQLITE_CORRUPT_INDEX',
]);

function isCorruption(err: unknown): boolean {
  const code = typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : '';
  return CORRUPT_CODES.has(code) || /malformed|not a database|corrupt/i.test(err instanceof Error ? err.message : '');
}

/** Durability settings every connection gets: WAL, and fsync on every commit (durable before visible). */
function configure(db: Database.Database): void {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 2000');
  // 4 MB of page cache instead of better-sqlite3's 16 MB: the outbox reads a bounded head per target
  // and the read cache reads by index, so the bigger cache only held RSS (bench: 148 → 135 MB with
  // 100,000 pending, enqueue p99 unchanged).
  db.pragma('cache_size = -4000');
}

/**
 * Creates an absent database file owner-only (0600) before SQLite opens it: SQLite would create it
 * under the umask, usually world-readable, and gives its -wal and -shm files the main file's mode.
 * An empty file is a valid empty database. 'wx' never touches a file that is already there.
 */
export function createOwnerOnly(path: string): void {
  try {
    fs.closeSync(fs.openSync(path, 'wx', 0o600));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
}

export interface OpenOptions {
  /**
   * The file can be rebuilt from elsewhere (the read cache): one of a newer schema than this app knows
   * (written by a newer version) is moved aside like a corrupt one, instead of refusing to start.
   */
  throwaway?: boolean;
}

/** The file's schema is newer than the migrations this app has: a newer version of the app wrote it. */
class NewerSchemaError extends Error {}

function tryOpen(
  path: string,
  migrations: readonly Migration[],
  options: OpenOptions = {},
): { db: Database.Database; schema: { from: number; to: number } } {
  createOwnerOnly(path);
  const db = new Database(path);
  try {
    configure(db);
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') {
      const err = new Error(`quick_check: ${String(check)}`) as Error & { code: string };
      err.code = 'SQLITE_CORRUPT';
      throw err;
    }
    const version = Number(db.pragma('user_version', { simple: true }));
    const latest = migrations.reduce((m, x) => Math.max(m, x.version), 0);
    if (options.throwaway && version > latest)
      throw new NewerSchemaError(`written by a newer version of the app (schema ${version}, this one knows ${latest})`);
    const schema = runMigrations(db, migrations);
    return { db, schema };
  } catch (err) {
    db.close();
    throw err;
  }
}

function moveAside(path: string, stamp: number, why: 'corrupt' | 'newer'): string {
  const movedTo = `${path}.${why}-${stamp}`;
  fs.renameSync(path, movedTo);
  // The WAL and shared-memory files belong to the bad file: they travel with it, or SQLite would
  // replay a stranger's log into the fresh database.
  for (const suffix of ['-wal', '-shm']) {
    if (fs.existsSync(path + suffix)) fs.renameSync(path + suffix, movedTo + suffix);
  }
  return movedTo;
}

/**
 * Opens (creating when absent) a SQLite file with our durability settings and schema. A corrupt or
 * truncated file is detected, moved aside with a timestamped name and replaced by a fresh one; the
 * caller gets `recovered` so the UI can say so. So is a throwaway file of a newer schema (OpenOptions).
 * Permission or disk errors are thrown as typed errors.
 */
export function openDatabase(
  path: string,
  migrations: readonly Migration[],
  now: () => number,
  options: OpenOptions = {},
): OpenedDatabase {
  try {
    const { db, schema } = tryOpen(path, migrations, options);
    return { db, recovered: null, schema };
  } catch (err) {
    const newer = err instanceof NewerSchemaError;
    if (!newer && !isCorruption(err)) throw toWriteError(err, path, { outcome: 'could not be opened' });
    const reason = err instanceof Error ? err.message : String(err);
    const movedTo = moveAside(path, now(), newer ? 'newer' : 'corrupt');
    try {
      const { db, schema } = tryOpen(path, migrations);
      return { db, recovered: { movedTo, reason }, schema };
    } catch (again) {
      throw toWriteError(again, `A fresh ${path}`, { outcome: 'could not be created' });
    }
  }
}
