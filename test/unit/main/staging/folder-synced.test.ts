import fs, { existsSync, fstatSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUploadStaging, stageFile } from '../../../../main/staging/index.js';
import { tempDir } from '../outbox/helpers.js';

/**
 * A staged copy is complete only once its final name is on disk: the bytes were synced, then renamed
 * from `.partial`, but the new name lives in the staging folder, and power lost before the folder is
 * written back can leave only the `.partial`, which the next start removes. So the folder is synced
 * after the rename. Real files; the one thing watched is which descriptors are synced, and when.
 */
describe('the staging folder is synced after a copy gets its final name', () => {
  let t: ReturnType<typeof tempDir>;
  /** Every sync of a folder: which one, and what it held then. */
  let folderSyncs: string[][];
  beforeEach(async () => {
    t = tempDir('folder-sync-');
    folderSyncs = [];
    const probe = await fs.promises.open(path.join(t.dir, 'probe'), 'w');
    const proto = Object.getPrototypeOf(probe) as { sync(): Promise<void> };
    await probe.close();
    const sync = proto.sync;
    vi.spyOn(proto, 'sync').mockImplementation(function (this: fs.promises.FileHandle) {
      if (fstatSync(this.fd).isDirectory()) folderSyncs.push(readdirSync(path.join(t.dir, 'staging')));
      return sync.call(this);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    t.cleanup();
  });
  const staging = () => path.join(t.dir, 'staging');

  it('a chosen file (stageFile)', async () => {
    const src = path.join(t.dir, 'gel.png');
    writeFileSync(src, 'gel image bytes');
    const staged = await stageFile(src, staging(), 'gel.png');
    expect(existsSync(staged.stagedPath)).toBe(true);
    expect(folderSyncs).toEqual([[path.basename(staged.stagedPath)]]);
  });

  it('a dropped file sent in chunks', async () => {
    const s = createUploadStaging(staging());
    const bytes = Buffer.from('well,sample\nA1,S-1\n');
    const id = await s.begin('plate.csv', bytes.length, { id: 'page' });
    await s.chunk(id, 0, bytes);
    const staged = await s.finish(id);
    expect(folderSyncs).toEqual([[path.basename(staged.stagedPath)]]);
  });
});
