import Database from 'better-sqlite3';
import { createOwnerOnly } from './open-database.js';

/** Another process kept the section past the wait. */
export class MutexBusyError extends Error {
  constructor(readonly waitedMs: number) {
    super(`another process kept the section for ${waitedMs} ms`);
  }
}

export interface FileMutexOptions {
  /** How long to wait for another holder before giving up. */
  waitMs?: number;
  pollMs?: number;
}

/**
 * Runs `section` while holding an exclusive lock on the SQLite file at `path`, across processes and
 * across connections in one process. SQLite's lock is the OS's own file lock (fcntl on POSIX,
 * LockFileEx on Windows), which the OS lets go when its process ends, however it ends: a crash inside
 * the section leaves nothing that must be judged stale, as a lock file or folder would (and judging
 * one stale races the same way as what it guards). The wait polls instead of using SQLite's busy
 * timeout, which sleeps on the thread: a holder in this same process could then never finish.
 */
export async function withFileMutex<T>(path: string, section: () => Promise<T>, o: FileMutexOptions = {}): Promise<T> {
  const waitMs = o.waitMs ?? 10_000;
  const pollMs = o.pollMs ?? 20;
  createOwnerOnly(path);
  const db = new Database(path, { timeout: 0 });
  try {
    const started = Date.now();
    for (;;) {
      try {
        db.exec('BEGIN EXCLUSIVE');
        break;
      } catch (err) {
        if ((err as { code?: unknown }).code !== 'SQLITE_BUSY') throw err;
        if (Date.now() - started >= waitMs) throw new MutexBusyError(waitMs);
        await new Promise((r) => setTimeout(r, pollMs));
      }
    }
    try {
      return await section();
    } finally {
      db.exec('COMMIT');
    }
  } finally {
    db.close();
  }
}
