import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createOutbox, type Outbox } from '../../../../main/outbox/index.js';
import { tempDir, wellSet } from './helpers.js';

let t: ReturnType<typeof tempDir>;
let file: string;
let outbox: Outbox;
beforeEach(() => {
  t = tempDir();
  file = path.join(t.dir, 'outbox.db');
  outbox = createOutbox({ path: file, now: Date.now });
});
afterEach(() => {
  outbox.close();
  t.cleanup();
});

const afterAnswer = () => new Promise((r) => setImmediate(r));

// SQLite's own checkpoint runs inside the commit that fills the WAL (about every 190 entries): that
// scan waited for the database file's writes and fsync too. 600 entries pass that point three times.
it("no enqueue carries the WAL checkpoint; it runs after the enqueue's answer and keeps the WAL bounded", async () => {
  let inside = 0;
  let after = 0;
  for (let i = 0; i < 600; i++) {
    const before = fs.readFileSync(file);
    outbox.enqueue(wellSet('A1', `S-${i}`, `PL-${i}`));
    const committed = fs.readFileSync(file);
    if (!committed.equals(before)) inside++;
    await afterAnswer();
    if (!fs.readFileSync(file).equals(committed)) after++;
  }
  expect(inside).toBe(0);
  expect(after).toBeGreaterThanOrEqual(2);
  // Each entry writes about five 4 KB pages to the WAL: 600 of them without a checkpoint would be ~13 MB.
  expect(fs.statSync(`${file}-wal`).size).toBeLessThan(6 * 1024 * 1024);
  // Every entry is there, in the database file or the WAL, read by a second connection.
  const other = createOutbox({ path: file, now: Date.now });
  expect(other.counts().pending).toBe(600);
  other.close();
});
