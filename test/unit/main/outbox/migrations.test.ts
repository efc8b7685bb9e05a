import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runMigrations } from '../../../../main/common/sqlite/migrations.js';
import { OUTBOX_MIGRATIONS } from '../../../../main/outbox/schema.js';
import { CACHE_MIGRATIONS } from '../../../../main/cache/schema.js';
import { openCacheStore } from '../../../../main/cache/cache-store.js';
import { createOutbox } from '../../../../main/outbox/index.js';
import { prepareStatements } from '../../../../main/outbox/statements.js';
import { tempDir, wellSet } from './helpers.js';
import { elsewhere } from '../../../helpers/open-changes.js';

/** Applies migrations up to and including `version`, as an older release would have left the file. */
function migrateTo(db: Database.Database, version: number): void {
  runMigrations(
    db,
    OUTBOX_MIGRATIONS.filter((m) => m.version <= version),
  );
}

const columns = (db: Database.Database, table: string) =>
  (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);

describe('outbox migrations', () => {
  let t: ReturnType<typeof tempDir>;
  let db: Database.Database;
  beforeEach(() => {
    t = tempDir();
    db = new Database(path.join(t.dir, 'm.db'));
  });
  afterEach(() => {
    db.close();
    t.cleanup();
  });

  it('are numbered 1..n without gaps', () => {
    expect(OUTBOX_MIGRATIONS.map((m) => m.version)).toEqual(OUTBOX_MIGRATIONS.map((_, i) => i + 1));
  });

  it('1: creates entries with a state check', () => {
    migrateTo(db, 1);
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(columns(db, 'entries')).toEqual(
      expect.arrayContaining(['id', 'type', 'target', 'payload', 'state', 'attempts', 'last_error', 'request_id']),
    );
    expect(() =>
      db
        .prepare(
          `INSERT INTO entries (type,target,payload,created_at,updated_at,state) VALUES ('x','t','{}',0,0,'bogus')`,
        )
        .run(),
    ).toThrow(/CHECK/);
  });

  it('2: adds a unique dedupe key and keeps version-1 rows', () => {
    migrateTo(db, 1);
    db.prepare(
      `INSERT INTO entries (type,target,payload,created_at,updated_at,state) VALUES ('webhook','t','{}',0,0,'pending')`,
    ).run();
    migrateTo(db, 2);
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    expect(db.prepare('SELECT COUNT(*) AS n FROM entries').get()).toEqual({ n: 1 });
    const ins = db.prepare(
      `INSERT INTO entries (type,target,payload,created_at,updated_at,state,dedupe_key) VALUES ('webhook','t','{}',0,0,'pending','k')`,
    );
    ins.run();
    expect(() => ins.run()).toThrow(/UNIQUE/);
  });

  it('3: adds entry results and the request log', () => {
    migrateTo(db, 3);
    expect(db.pragma('user_version', { simple: true })).toBe(3);
    expect(columns(db, 'entries')).toContain('result');
    expect(columns(db, 'requests')).toEqual(['id', 'endpoint', 'sent_at', 'entries', 'outcome']);
  });

  it('4: counts answered failures per entry (existing rows start at 0) and keeps the last plate seen', () => {
    migrateTo(db, 3);
    db.prepare(
      `INSERT INTO entries (type,target,payload,created_at,updated_at,state) VALUES ('webhook','t','{}',0,0,'failed')`,
    ).run();
    migrateTo(db, 4);
    expect(db.pragma('user_version', { simple: true })).toBe(4);
    expect(db.prepare('SELECT answered_failures AS n FROM entries').get()).toEqual({ n: 0 });
    expect(columns(db, 'plate_seen')).toEqual(['target', 'last_update', 'empty_spaces', 'at']);
  });

  it('7: records uncertain attempts; an entry uncertain at the upgrade had one, the others none', () => {
    migrateTo(db, 6);
    const ins = db.prepare(
      `INSERT INTO entries (type,target,payload,created_at,updated_at,state,attempts) VALUES ('webhook','t','{}',0,0,?,1)`,
    );
    ins.run('uncertain');
    ins.run('pending');
    migrateTo(db, 7);
    expect(db.pragma('user_version', { simple: true })).toBe(7);
    expect(db.prepare('SELECT state, uncertain_attempts AS n FROM entries ORDER BY id').all()).toEqual([
      { state: 'uncertain', n: 1 },
      { state: 'pending', n: 0 },
    ]);
  });

  it('8: entries built on other entries (waits_for), existing rows wait for nothing', () => {
    migrateTo(db, 7);
    db.prepare(
      `INSERT INTO entries (type, target, payload, created_at, updated_at, state) VALUES ('webhook', 't', '{}', 1, 1, 'pending')`,
    ).run();
    migrateTo(db, 8);
    expect(db.pragma('user_version', { simple: true })).toBe(8);
    expect(columns(db, 'entries')).toContain('waits_for');
    expect(db.prepare('SELECT waits_for FROM entries').get()).toEqual({ waits_for: null });
  });

  it('9: binds each entry to a service; entries from before are bound to the connection saved at the upgrade', () => {
    migrateTo(db, 8);
    db.prepare(
      `INSERT INTO entries (type,target,payload,created_at,updated_at,state) VALUES ('well-set',?,?,0,0,'pending')`,
    ).run(JSON.stringify(['manifest', 'hrid:PL-0001']), JSON.stringify(wellSet('A1', 'S-0001')));
    db.close();
    const outbox = createOutbox({
      path: path.join(t.dir, 'm.db'),
      now: () => 0,
      service: () => 'now-in-use',
      unboundService: 'saved-before',
    });
    expect(outbox.db.pragma('user_version', { simple: true })).toBe(OUTBOX_MIGRATIONS.length);
    expect(outbox.list('pending').map((e) => e.service)).toEqual(['saved-before']);
    // Not the service in use: it waits, and is not offered to the sync engine.
    expect(outbox.waitingElsewhere()).toEqual([elsewhere('saved-before', { waiting: 1, discardable: 1 })]);
    expect(outbox.oldestPendingTargets(10)).toEqual([]);
    outbox.close();
    db = new Database(path.join(t.dir, 'm.db'));
  });

  it('10: plate readings per service; one from before is kept only for the one service its plate was sent to', () => {
    migrateTo(db, 9);
    const entry = db.prepare(
      `INSERT INTO entries (type, target, payload, created_at, updated_at, state, service)
       VALUES ('well-set', ?, ?, 0, ?, ?, ?)`,
    );
    const seen = db.prepare(`INSERT INTO plate_seen (target, last_update, empty_spaces, at) VALUES (?, 't', 90, 10)`);
    const plate = (n: number) => JSON.stringify(['manifest', `hrid:PL-000${n}`]);
    const payload = JSON.stringify(wellSet('A1', 'S-0001'));
    // 1: sent to S1 before the reading, and only ever queued for S1: S1's.
    entry.run(plate(1), payload, 5, 'done', 'S1');
    entry.run(plate(1), payload, 20, 'pending', 'S1');
    // 2: queued for two services: whose reading it is cannot be told.
    entry.run(plate(2), payload, 5, 'done', 'S1');
    entry.run(plate(2), payload, 5, 'pending', 'S2');
    // 3: nothing left in the outbox for it.
    // 4: S1's only, but none sent before the reading (it may have been taken on a service since pruned).
    entry.run(plate(4), payload, 20, 'done', 'S1');
    // 5: from a file older than migration 9 (entries not bound yet): bound with its entries.
    entry.run(plate(5), payload, 5, 'done', null);
    for (const n of [1, 2, 3, 4, 5]) seen.run(plate(n));
    migrateTo(db, 10);
    expect(db.pragma('user_version', { simple: true })).toBe(10);
    expect(db.prepare('SELECT service, target FROM plate_seen ORDER BY target').all()).toEqual([
      { service: 'S1', target: plate(1) },
      { service: null, target: plate(5) },
    ]);
    db.close();

    const outbox = createOutbox({
      path: path.join(t.dir, 'm.db'),
      now: () => 100,
      service: () => 'S1',
      unboundService: 'saved-before',
    });
    expect(outbox.plateSeen(plate(1))).toEqual({ lastUpdate: 't', emptySpaces: 90 });
    expect(outbox.plateSeen(plate(5))).toBeNull();
    expect(outbox.db.prepare('SELECT service FROM plate_seen WHERE target = ?').get(plate(5))).toEqual({
      service: 'saved-before',
    });
    // The same plate name read on another service is recorded beside it, not over it.
    outbox.setPlateSeen(plate(1), { lastUpdate: 'u', emptySpaces: 80 });
    expect(outbox.db.prepare('SELECT COUNT(*) AS n FROM plate_seen WHERE target = ?').get(plate(1))).toEqual({ n: 1 });
    outbox.close();
    const onS2 = createOutbox({ path: path.join(t.dir, 'm.db'), now: () => 100, service: () => 'S2' });
    expect(onS2.plateSeen(plate(1))).toBeNull();
    onS2.setPlateSeen(plate(1), { lastUpdate: 'v', emptySpaces: 70 });
    onS2.acceptPlate(plate(1), { lastUpdate: 'w', emptySpaces: 60 }, 50);
    expect(onS2.plateSeen(plate(1))).toEqual({ lastUpdate: 'v', emptySpaces: 70 });
    onS2.close();
    const backOnS1 = createOutbox({ path: path.join(t.dir, 'm.db'), now: () => 100, service: () => 'S1' });
    expect(backOnS1.plateSeen(plate(1))).toEqual({ lastUpdate: 'u', emptySpaces: 80 });
    backOnS1.close();
    db = new Database(path.join(t.dir, 'm.db'));
  });

  it("11: where a plate's record by this computer's moves starts; a record from before counts from any reading", () => {
    migrateTo(db, 10);
    const plate = JSON.stringify(['manifest', 'uuid:p1']);
    db.prepare(
      `INSERT INTO plate_seen (service, target, last_update, empty_spaces, at) VALUES ('S1', ?, 't', 90, 10)`,
    ).run(plate);
    migrateTo(db, 11);
    expect(db.pragma('user_version', { simple: true })).toBe(11);
    expect(columns(db, 'plate_seen')).toContain('before');
    db.close();

    let at = 100;
    const outbox = createOutbox({ path: path.join(t.dir, 'm.db'), now: () => at, service: () => 'S1' });
    expect(outbox.plateSeen(plate)).toEqual({ lastUpdate: 't', emptySpaces: 90 });
    const before = { lastUpdate: 'u', emptySpaces: 80 };
    outbox.setPlateSeen(plate, { lastUpdate: 'v', emptySpaces: 79, before });
    expect(outbox.plateSeen(plate)).toEqual({ lastUpdate: 'v', emptySpaces: 79, before });
    // "Send anyway" accepts the plate as read: from then on any reading counts, as after a well write.
    at = 200;
    outbox.acceptPlate(plate, { lastUpdate: 'w', emptySpaces: 78 }, 150);
    expect(outbox.plateSeen(plate)).toEqual({ lastUpdate: 'w', emptySpaces: 78 });
    outbox.close();
    db = new Database(path.join(t.dir, 'm.db'));
  });

  it("12: a service's state is listed in queue order from an index, no temporary sort; a file from before gets it on open", () => {
    migrateTo(db, 11);
    const entry = db.prepare(
      `INSERT INTO entries (type, target, payload, created_at, updated_at, state, service)
       VALUES ('well-set', ?, ?, 0, 0, ?, 'S1')`,
    );
    for (const [n, state] of ['pending', 'done', 'failed', 'done', 'cancelled'].entries())
      entry.run(JSON.stringify(['manifest', `hrid:PL-000${n}`]), JSON.stringify(wellSet('A1', `S-000${n}`)), state);
    // The Outbox's tabs and "Recently sent": each reads one service's entries in one state in id order.
    const plans = (d: Database.Database) => {
      const st = prepareStatements(d);
      const asked: [{ source: string }, unknown[]][] = [
        [st.inStateOfService, ['done', 'S1', 0, 500]],
        [st.inStateNewest, ['done', 'S1', 100]],
        [st.failedSaid, ['[["server",1]]', 'S1', 0, 500]],
      ];
      return asked.map(([s, args]) =>
        (d.prepare(`EXPLAIN QUERY PLAN ${s.source}`).all(...args) as { detail: string }[])
          .map((r) => r.detail)
          .join('; '),
      );
    };
    expect(plans(db).filter((p) => p.includes('USE TEMP B-TREE FOR ORDER BY'))).toHaveLength(3);
    db.close();

    const outbox = createOutbox({ path: path.join(t.dir, 'm.db'), now: () => 0, service: () => 'S1' });
    expect(outbox.db.pragma('user_version', { simple: true })).toBe(OUTBOX_MIGRATIONS.length);
    for (const plan of plans(outbox.db)) {
      expect(plan).toMatch(/SEARCH entries USING (COVERING )?INDEX entries_service_state_id \(service=\? AND state=/);
      expect(plan).not.toContain('TEMP B-TREE');
    }
    expect(outbox.list('done').map((e) => e.target)).toEqual([
      JSON.stringify(['manifest', 'hrid:PL-0001']),
      JSON.stringify(['manifest', 'hrid:PL-0003']),
    ]);
    expect(outbox.counts().pending).toBe(1);
    outbox.close();
    db = new Database(path.join(t.dir, 'm.db'));
  });

  it('13: the pending moves out of a box (by the position they leave) are found from an index, not by reading every pending entry', () => {
    migrateTo(db, 12);
    const plan = (d: Database.Database) =>
      (
        d.prepare(`EXPLAIN QUERY PLAN ${prepareStatements(d).pendingMovesOutOf.source}`).all('S1', 'box-uuid', 100) as {
          detail: string;
        }[]
      )
        .map((r) => r.detail)
        .join('; ');
    expect(plan(db)).not.toContain('entries_assign_from');
    db.close();

    const outbox = createOutbox({ path: path.join(t.dir, 'm.db'), now: () => 0, service: () => 'S1' });
    expect(outbox.db.pragma('user_version', { simple: true })).toBe(13);
    expect(plan(outbox.db)).toMatch(/SEARCH entries USING INDEX entries_assign_from/);
    const move = (id: string, from?: string) => ({
      type: 'location-assign' as const,
      labsheet: 'Samples',
      locationId: 'box-uuid',
      idType: 'ID' as const,
      id,
      position: 'B2',
      ...(from ? { from: { locationId: 'box-uuid', position: from } } : {}),
    });
    outbox.enqueueMany([move('S-1', 'A1'), move('S-2'), move('S-3', 'A3')]);
    expect(outbox.pendingMovesOutOf('box-uuid', 100).map((e) => e.intent)).toEqual([
      move('S-1', 'A1'),
      move('S-3', 'A3'),
    ]);
    expect(outbox.pendingMovesOutOf('box-uuid', 2)).toHaveLength(1);
    outbox.close();
    db = new Database(path.join(t.dir, 'm.db'));
  });

  it('upgrades a version-1 file in place when the outbox opens it, keeping its entries', () => {
    migrateTo(db, 1);
    db.prepare(
      `INSERT INTO entries (type,target,payload,created_at,updated_at,state) VALUES ('well-set',?,?,0,0,'pending')`,
    ).run(JSON.stringify(['manifest', 'hrid:PL-0001']), JSON.stringify(wellSet('A1', 'S-0001')));
    db.close();
    const outbox = createOutbox({ path: path.join(t.dir, 'm.db'), now: () => 0 });
    expect(outbox.counts().pending).toBe(1);
    expect(outbox.db.pragma('user_version', { simple: true })).toBe(OUTBOX_MIGRATIONS.length);
    outbox.close();
    db = new Database(path.join(t.dir, 'm.db'));
  });

  it('read cache 1: manifests, wells, rows by ID and barcode, labsheets, locations', () => {
    runMigrations(
      db,
      CACHE_MIGRATIONS.filter((m) => m.version <= 1),
    );
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    const tables = (
      db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).all() as { name: string }[]
    ).map((t) => t.name);
    expect(tables).toEqual(expect.arrayContaining(['manifests', 'wells', 'labsheets', 'labsheet_rows', 'locations']));
    expect(columns(db, 'labsheet_rows')).toEqual(['labsheet', 'uuid', 'id_value', 'barcode_value', 'body']);
  });

  it('read cache 2: a manifest keeps its basis and where its layout and wells came from; layouts per template', () => {
    runMigrations(
      db,
      CACHE_MIGRATIONS.filter((m) => m.version <= 1),
    );
    db.prepare(`INSERT INTO manifests VALUES ('u','PL-1','B','n','96 Well Plate',8,12,0)`).run();
    runMigrations(
      db,
      CACHE_MIGRATIONS.filter((m) => m.version <= 2),
    );
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    expect(db.prepare('SELECT basis, layout_from, wells_from FROM manifests').get()).toEqual({
      basis: null,
      layout_from: 'service',
      wells_from: 'service',
    });
    expect(columns(db, 'template_layouts')).toEqual(['template', 'rows', 'columns', 'at']);
  });

  it('read cache 3: records the service the cached data came from; a file from before is emptied once on binding', () => {
    db.close();
    const file = path.join(t.dir, 'cache.db');
    const old = new Database(file);
    runMigrations(
      old,
      CACHE_MIGRATIONS.filter((m) => m.version <= 2),
    );
    old
      .prepare(`INSERT INTO manifests VALUES ('u','PL-1','B','n','96 Well Plate',8,12,0,NULL,'service','service')`)
      .run();
    old.close();
    const store = openCacheStore(file, () => 0);
    expect(store.bindService('A')).toBe(true);
    expect(store.manifest('uuid', 'u')).toBeNull();
    expect(store.bindService('A')).toBe(false);
    store.close();
    db = new Database(file);
    expect(db.pragma('user_version', { simple: true })).toBe(CACHE_MIGRATIONS.length);
    expect(columns(db, 'bound_service')).toEqual(['only', 'identity']);
  });

  it("read cache 4: a service's plate and box names outlive its data, and answer for that service only", () => {
    db.close();
    const file = path.join(t.dir, 'cache.db');
    const old = new Database(file);
    runMigrations(
      old,
      CACHE_MIGRATIONS.filter((m) => m.version <= 3),
    );
    old.prepare(`INSERT INTO bound_service VALUES (1, 'A')`).run();
    old
      .prepare(`INSERT INTO manifests VALUES ('u','PL-1','B','n','96 Well Plate',8,12,0,NULL,'service','service')`)
      .run();
    old
      .prepare(`INSERT INTO locations VALUES ('f', 'Freezer 1', 'location', ?, 0)`)
      .run(JSON.stringify({ uuid: 'f', name: 'Freezer 1', kind: 'location' }));
    old.close();
    const store = openCacheStore(file, () => 0);
    expect(store.nameOf('u')).toBe('PL-1');
    expect(store.bindService('B')).toBe(true);
    expect(store.manifest('uuid', 'u')).toBeNull();
    expect(store.nameOf('u', 'A')).toBe('PL-1');
    expect(store.nameOf('f', 'A')).toBe('Freezer 1');
    // B's own names come from B's answers, never from what A called a uuid.
    expect(store.nameOf('u')).toBeNull();
    expect(store.nameOf('u', 'B')).toBeNull();
    store.close();
    db = new Database(file);
    expect(columns(db, 'kept_names')).toEqual(['service', 'uuid', 'name']);
  });

  it('refuses a file written by a newer version instead of guessing', () => {
    db.pragma('user_version = 99');
    expect(() => runMigrations(db, OUTBOX_MIGRATIONS)).toThrow(/newer/);
  });
});
