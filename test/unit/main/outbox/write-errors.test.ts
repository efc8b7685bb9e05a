import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOutbox, WriteError, type Outbox } from '../../../../main/outbox/index.js';
import { tempDir, wellSet } from './helpers.js';

describe('write failures on enqueue are surfaced, not swallowed', () => {
  let t: ReturnType<typeof tempDir>;
  let outbox: Outbox;
  beforeEach(() => {
    t = tempDir();
    outbox = createOutbox({ path: path.join(t.dir, 'outbox.db'), now: () => 1 });
  });
  afterEach(() => {
    outbox.close();
    t.cleanup();
  });

  it('disk full (SQLite cannot grow the file) → WriteError kind disk-full', () => {
    // Cap the file at its current size: SQLite then fails exactly as on a full disk (SQLITE_FULL).
    const pages = Number(outbox.db.pragma('page_count', { simple: true }));
    outbox.db.pragma(`max_page_count = ${pages}`);
    let err: unknown;
    try {
      for (let i = 0; i < 10_000; i++) outbox.enqueue(wellSet('A1', `S-${'x'.repeat(200)}-${i}`));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(WriteError);
    expect((err as WriteError).kind).toBe('disk-full');
    expect((err as WriteError).code).toBe('SQLITE_FULL');
  });

  it('read-only database → WriteError kind read-only', () => {
    outbox.db.pragma('query_only = 1');
    expect(() => outbox.enqueue(wellSet('A1', 'S-0001'))).toThrow(expect.objectContaining({ kind: 'read-only' }));
  });

  it('a data folder that cannot be written → a typed error at open', () => {
    const blocked = path.join(t.dir, 'not-a-dir');
    fs.writeFileSync(blocked, 'x');
    expect(() => createOutbox({ path: path.join(blocked, 'outbox.db'), now: () => 1 })).toThrow(WriteError);
  });

  it('a closed outbox → kind closed', () => {
    const other = createOutbox({ path: path.join(t.dir, 'other.db'), now: () => 1 });
    other.close();
    expect(() => other.enqueue(wellSet('A1', 'S-0001'))).toThrow(expect.objectContaining({ kind: 'closed' }));
  });
});
