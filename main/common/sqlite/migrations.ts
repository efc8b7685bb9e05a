import type Database from 'better-sqlite3';

/**
 * Numbered schema migrations. `PRAGMA user_version` holds the number of the last one applied.
 * Never edit a released migration: add the next one. Each has its own test.
 */
export interface Migration {
  version: number;
  why: string;
  up: (db: Database.Database) => void;
}

export function runMigrations(db: Database.Database, migrations: readonly Migration[]): { from: number; to: number } {
  const from = Number(db.pragma('user_version', { simple: true }));
  const latest = migrations.reduce((m, x) => Math.max(m, x.version), 0);
  if (from > latest) {
    throw new Error(`database schema version ${from} is newer than this app knows (${latest}); refusing to touch it`);
  }
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    if (m.version <= from) continue;
    // Each migration and its version bump commit together, so a crash leaves a consistent schema.
    db.transaction(() => {
      m.up(db);
      db.pragma(`user_version = ${m.version}`);
    }).immediate();
  }
  return { from, to: Math.max(from, latest) };
}
