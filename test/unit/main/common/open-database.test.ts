import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../../../../main/common/sqlite/open-database.js';
import type { Migration } from '../../../../main/common/sqlite/migrations.js';

/**
 * The outbox and read cache hold the lab's data: the files SQLite makes for them are the user's
 * alone, whatever the umask (security review: they were created world-readable under 022).
 */
const dir = mkdtempSync(join(tmpdir(), 'benchlink-db-mode-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('creates the database, its WAL and shared-memory files owner-only (0600)', () => {
  const path = join(dir, 'outbox.db');
  const migrations: Migration[] = [{ version: 1, why: 'a table to write to', up: (d) => d.exec('CREATE TABLE t (x)') }];
  const { db } = openDatabase(path, migrations, () => 0);
  try {
    db.prepare('INSERT INTO t VALUES (1)').run();
    for (const f of [path, `${path}-wal`, `${path}-shm`]) {
      expect(existsSync(f), f).toBe(true);
      expect(statSync(f).mode & 0o777, f).toBe(0o600);
    }
  } finally {
    db.close();
  }
});

it('says a database that cannot be opened could not be opened, with the reason and what to do', () => {
  // A file where its folder should be: no user can open a database under it, root included.
  const notAFolder = join(dir, 'not-a-folder');
  writeFileSync(notAFolder, '');
  const path = join(notAFolder, 'outbox.db');
  expect(() => openDatabase(path, [], () => 0)).toThrow(
    new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} could not be opened: .+\\. .+ again`),
  );
});

it('the embedded sandbox keeps its database and files owner-only too (it holds the demo token)', async () => {
  const { startSandbox } = await import('../../../../main/sandbox/server.js');
  const dbPath = join(dir, 'sandbox.db');
  const sandbox = await startSandbox({ mode: 'v2', dbPath });
  try {
    // They were 0644 and 0755: readable by every local user in a data folder that is not owner-only.
    for (const f of [dbPath, `${dbPath}-wal`]) expect(statSync(f).mode & 0o777, f).toBe(0o600);
    expect(statSync(`${dbPath}.files`).mode & 0o777).toBe(0o700);
  } finally {
    await sandbox.close();
  }
});
