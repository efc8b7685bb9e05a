import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOutbox } from '../../../../main/outbox/index.js';
import { tempDir, wellSet } from './helpers.js';

describe('a corrupt or truncated outbox file', () => {
  let t: ReturnType<typeof tempDir>;
  let file: string;
  beforeEach(() => {
    t = tempDir();
    file = path.join(t.dir, 'outbox.db');
  });
  afterEach(() => t.cleanup());

  it('that is not a database is moved aside (kept), reported, and replaced by a fresh outbox', () => {
    fs.writeFileSync(file, Buffer.alloc(8192, 0x5a));
    const outbox = createOutbox({ path: file, now: () => 42 });
    expect(outbox.recovered).not.toBeNull();
    expect(outbox.recovered!.movedTo).toBe(`${file}.corrupt-42`);
    expect(fs.readFileSync(outbox.recovered!.movedTo).equals(Buffer.alloc(8192, 0x5a))).toBe(true);
    expect(outbox.enqueue(wellSet('A1', 'S-0001'))).toBe(1);
    outbox.close();
  });

  it('that was truncated is detected at open and moved aside with its WAL', () => {
    const first = createOutbox({ path: file, now: () => 1 });
    first.enqueueMany(Array.from({ length: 2000 }, (_, i) => wellSet('A1', `S-${i}`)));
    first.db.pragma('wal_checkpoint(TRUNCATE)');
    first.close();
    const size = fs.statSync(file).size;
    fs.truncateSync(file, Math.floor(size / 3));
    const outbox = createOutbox({ path: file, now: () => 7 });
    expect(outbox.recovered?.reason).toMatch(/malformed|corrupt|quick_check|not a database/i);
    expect(fs.existsSync(`${file}.corrupt-7`)).toBe(true);
    expect(outbox.counts().pending).toBe(0);
    outbox.close();
  });

  it('a healthy file opens without a report', () => {
    createOutbox({ path: file, now: () => 1 }).close();
    const outbox = createOutbox({ path: file, now: () => 1 });
    expect(outbox.recovered).toBeNull();
    outbox.close();
  });
});
