import { existsSync, mkdirSync, readdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOutbox } from '../../../../main/outbox/index.js';
import {
  locateStaged,
  stageFile,
  sweepOrphanedStaging,
  uploadIntent,
  verifyStaged,
  type StagedFile,
} from '../../../../main/staging/index.js';
import { fakeNow, tempDir } from '../outbox/helpers.js';
import { createSyncEngine } from '../../../../main/sync/index.js';
import { fakePlatform } from '../sync/fake-platform.js';
import { fakeTransport, type Calls } from '../sync/fake-transport.js';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * The data folder is not always spelled as it was when a file was staged: reached through a symlink,
 * in another case on Windows, or moved since. The start's sweep compared the stored path with the
 * folder's as strings and deleted the copies of queued uploads; a moved folder also left every
 * queued upload pointing at a path with nothing there. Real staging folder and outbox.
 */
describe('a data folder spelled differently from when the files were staged', () => {
  let t: ReturnType<typeof tempDir>;
  beforeEach(() => {
    t = tempDir('spelling-');
  });
  afterEach(() => t.cleanup());

  /** Stages `name` in `<dataDir>/staging` and queues it in `<dataDir>/outbox.db`. */
  async function queued(dataDir: string, name: string): Promise<StagedFile> {
    mkdirSync(dataDir, { recursive: true });
    const src = path.join(t.dir, name);
    writeFileSync(src, `bytes of ${name}`);
    const staged = await stageFile(src, path.join(dataDir, 'staging'), name);
    const outbox = createOutbox({ path: path.join(dataDir, 'outbox.db'), now: fakeNow().now });
    outbox.enqueue(uploadIntent(staged, name));
    outbox.close();
    return staged;
  }

  async function sweep(dataDir: string): Promise<number> {
    const outbox = createOutbox({ path: path.join(dataDir, 'outbox.db'), now: fakeNow().now });
    try {
      return await sweepOrphanedStaging(path.join(dataDir, 'staging'), outbox, quiet, Date.now());
    } finally {
      outbox.close();
    }
  }

  it('the sweep keeps a queued copy when the folder is reached through a symlink', async () => {
    const real = path.join(t.dir, 'real');
    const staged = await queued(real, 'gel.png');
    const link = path.join(t.dir, 'link');
    symlinkSync(real, link, 'dir');
    // Stray files the sweep must still remove: a .partial and a copy nothing names.
    writeFileSync(path.join(real, 'staging', 'x-orphan.csv'), 'x');
    writeFileSync(path.join(real, 'staging', 'y-half.csv.partial'), 'y');

    expect(await sweep(link)).toBe(2);
    expect(readdirSync(path.join(real, 'staging'))).toEqual([path.basename(staged.stagedPath)]);
  });

  it('after the folder moved: the sweep keeps the copy, and it is found and checks out', async () => {
    const before = path.join(t.dir, 'before');
    const staged = await queued(before, 'plate.csv');
    const after = path.join(t.dir, 'after');
    renameSync(before, after);

    expect(await sweep(after)).toBe(0);
    const moved = path.join(after, 'staging', path.basename(staged.stagedPath));
    expect(existsSync(moved)).toBe(true);
    const at = await locateStaged(staged.stagedPath, path.join(after, 'staging'));
    expect(at).toBe(moved);
    expect(await verifyStaged({ ...uploadIntent(staged, 'plate.csv'), stagedPath: at })).toBeNull();
  });

  it('the stored path wins while a file is there; a copy found nowhere keeps the stored path', async () => {
    const staged = await queued(path.join(t.dir, 'here'), 'a.csv');
    expect(await locateStaged(staged.stagedPath, path.join(t.dir, 'elsewhere', 'staging'))).toBe(staged.stagedPath);
    const gone = path.join(t.dir, 'gone', 'staging', 'f00-b.csv');
    expect(await locateStaged(gone, path.join(t.dir, 'here', 'staging'))).toBe(gone);
  });

  it("after the folder moved, the queued upload is sent from the copy in today's staging folder", async () => {
    const before = path.join(t.dir, 'before');
    const staged = await queued(before, 'gel.png');
    const after = path.join(t.dir, 'after');
    renameSync(before, after);
    const platform = fakePlatform();
    const outbox = createOutbox({ path: path.join(after, 'outbox.db'), now: platform.now });
    const calls: Calls = [];
    const transport = fakeTransport(calls, {
      storeAndEmbedFiles: (r: { files: { name: string }[] }) => [
        { fileName: r.files[0]!.name, fileId: 'F-1', ticketId: 't', status: 'QUEUED', message: '' },
      ],
    });
    const engine = createSyncEngine({ outbox, transport, platform, stagingDir: path.join(after, 'staging') });
    try {
      await engine.syncNow();
      // On the old code: failed, "Cannot upload gel.png: the staged copy is missing".
      const done = outbox.list('done');
      expect(done.map((e) => ('intent' in e ? e.intent.type : 'unreadable'))).toEqual(['file-upload']);
      expect(calls[0]!.request).toMatchObject({
        files: [{ path: path.join(after, 'staging', path.basename(staged.stagedPath)), name: 'gel.png' }],
      });
      // What was queued stays as it was queued.
      expect(done[0]).toMatchObject({ intent: { stagedPath: staged.stagedPath } });
    } finally {
      await engine.stop();
      outbox.close();
    }
  });
});
