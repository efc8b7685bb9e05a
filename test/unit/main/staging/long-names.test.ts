import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUploadStaging } from '../../../../main/staging/index.js';
import { stageFile } from '../../../../main/staging/staged-file.js';

/**
 * A file name as long as the IPC contract allows (255 characters): its staged copy, a uuid before the
 * name and ".partial" after it while it is written, must still be a name the file system takes. On the
 * old code a name of 211 or more failed with ENAMETOOLONG, said to the user as a failing disk.
 */
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'benchlink-long-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const named = (length: number) => `${'plate-reader-export-'.repeat(20).slice(0, length - 5)}.xlsx`;

describe('a file with a long name', () => {
  it('dropped on Upload (sent in parts) is staged under a name that keeps its extension', async () => {
    const staging = createUploadStaging(join(dir, 'staging'));
    for (const length of [210, 211, 255]) {
      const name = named(length);
      expect(name).toHaveLength(length);
      expect(await staging.begin(name, 3, { id: `w${length}` })).toMatch(/./);
    }
    for (const f of readdirSync(join(dir, 'staging'))) expect(Buffer.byteLength(f)).toBeLessThanOrEqual(255);
  });

  it('picked from disk is copied whole, under a short enough name ending as it did', async () => {
    const source = join(dir, 'source.bin');
    writeFileSync(source, 'abc');
    const staged = await stageFile(source, join(dir, 'staging'), named(255));
    expect(staged.size).toBe(3);
    expect(basename(staged.stagedPath)).toMatch(/\.xlsx$/);
    expect(Buffer.byteLength(basename(staged.stagedPath))).toBeLessThanOrEqual(255 - '.partial'.length);
  });
});
