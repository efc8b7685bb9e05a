import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createUploadStaging, SourceChangedError } from '../../../../main/staging/index.js';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'benchlink-torn-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const staged = () => (existsSync(join(dir, 'staging')) ? readdirSync(join(dir, 'staging')) : []);

/** An instrument writing the file until told to stop; `write` is one pass of its writing. */
function instrument(write: (fh: Awaited<ReturnType<typeof open>>, pass: number) => Promise<void>, path: string) {
  let stop = false;
  let passes = 0;
  const running = (async () => {
    const fh = await open(path, 'r+');
    try {
      while (!stop) await write(fh, passes++);
    } finally {
      await fh.close();
    }
  })();
  return {
    passes: () => passes,
    stop: async () => {
      stop = true;
      await running;
    },
  };
}

it('refuses a copy of a file rewritten in place (same size) while it is staged, and keeps no copy', async () => {
  // The reviewer's scenario: the source is rewritten with new bytes of the same length during the
  // copy, so only the modified time tells; the staged copy used to be part old, part new.
  const src = join(dir, 'plate-reader-export.csv');
  const size = 32 * 1024 * 1024;
  writeFileSync(src, Buffer.alloc(size, 0x41));
  const chunk = Buffer.alloc(1024 * 1024, 0x42);
  const writer = instrument(async (fh, pass) => {
    await fh.write(chunk, 0, chunk.length, (pass * chunk.length) % size);
  }, src);
  while (writer.passes() < 2) await new Promise((r) => setImmediate(r)); // it is writing already
  const staging = createUploadStaging(join(dir, 'staging'));
  const attempt = staging.stagePath(src, 'plate-reader-export.csv', { id: 'test' });
  await attempt.catch(() => undefined);
  await writer.stop();

  await expect(attempt).rejects.toBeInstanceOf(SourceChangedError);
  await expect(attempt).rejects.toThrow(
    /^plate-reader-export\.csv changed while it was being copied \(it was modified; an instrument still writing\?\): pick it again when it is complete\.$/,
  );
  expect(staged()).toEqual([]);
}, 30_000);

it('refuses a copy of a file that grows while it is staged', async () => {
  const src = join(dir, 'run.log');
  writeFileSync(src, Buffer.alloc(8 * 1024 * 1024, 0x41));
  const line = Buffer.from('12:00:01 well A1 read\n');
  const writer = instrument(async (fh) => {
    await fh.appendFile(line);
  }, src);
  while (writer.passes() < 2) await new Promise((r) => setImmediate(r));
  const attempt = createUploadStaging(join(dir, 'staging')).stagePath(src, 'run.log', { id: 'test' });
  await attempt.catch(() => undefined);
  await writer.stop();

  await expect(attempt).rejects.toThrow(/^run\.log changed while it was being copied \(.*\): pick it again/);
  expect(staged()).toEqual([]);
}, 30_000);

it('stages a file nobody is writing, byte for byte', async () => {
  const src = join(dir, 'done.csv');
  const bytes = Buffer.from(Uint8Array.from({ length: 4 * 1024 * 1024 }, (_, i) => (i * 7) % 251));
  writeFileSync(src, bytes);
  const s = await createUploadStaging(join(dir, 'staging')).stagePath(src, 'done.csv', { id: 'test' });
  expect(s.size).toBe(bytes.length);
  expect(s.sha256).toBe(sha(bytes));
  expect(readFileSync(s.stagedPath).equals(bytes)).toBe(true);
  expect(staged()).toHaveLength(1);
});
