import {
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  unlinkSync,
  writeFileSync,
  writeSync,
  closeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOutbox } from '../../../main/outbox/index.js';
import { stageFile, uploadIntent } from '../../../main/staging/index.js';
import { inProcessApi } from '../../helpers/in-process-api.js';

/**
 * Main started on a folder whose outbox file is damaged (a bad sector, a torn copy from a backup tool).
 * It is moved aside and a fresh one started; on the old code that was said only in the log, and the start
 * then swept the staging folder against the fresh, empty outbox: the copies of uploads queued in the old
 * one, their only bytes, were deleted.
 */
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('main started on a damaged outbox', () => {
  it('keeps the staged copies and says on every screen what happened and what to do', async () => {
    dir = mkdtempSync(join(tmpdir(), 'corrupt-outbox-'));
    const source = join(dir, 'plate-photo.png');
    writeFileSync(source, 'instrument output');
    const staged = await stageFile(source, join(dir, 'staging'), 'plate-photo.png');
    const before = createOutbox({ path: join(dir, 'outbox.db'), now: Date.now });
    before.enqueue(uploadIntent(staged, 'plate-photo.png'));
    before.close();
    writeFileSync(join(dir, 'outbox.db'), Buffer.alloc(8192, 0x5a));

    const env = await inProcessApi({ dataDir: dir });
    try {
      const stamp = readdirSync(dir)
        .find((n) => n.startsWith('outbox.db.corrupt-'))
        ?.slice('outbox.db.corrupt-'.length);
      expect(stamp).toBeDefined();
      // The copy went aside with the outbox, under its stamp.
      const aside = join(dir, `staging.corrupt-${stamp}`);
      expect(existsSync(join(aside, basename(staged.stagedPath)))).toBe(true);
      const { notices } = await env.call('app.status', {});
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatch(
        /^The queue of changes \(outbox\.db\) could not be read \(.+\) and was moved aside to .+outbox\.db\.corrupt-\d+.*; a new, empty one was started\. Changes queued before may not have reached the service: check the last scans there, and keep that file and the staging folder, moved aside to .+staging\.corrupt-\d+.*, for IT\.$/,
      );
    } finally {
      await env.close();
    }
  });

  // The start after the damaged one: its outbox is the fresh one, which names none of the copies, and the
  // sweep deleted every copy still in staging/ (for a browser drop the only bytes of a queued upload).
  it('still has the staged copies after the next start', async () => {
    dir = mkdtempSync(join(tmpdir(), 'corrupt-outbox-'));
    const first = await inProcessApi({ dataDir: dir });
    await first.close();
    const source = join(dir, 'gel.png');
    writeFileSync(source, 'gel image bytes');
    const staged = await stageFile(source, join(dir, 'staging'), 'gel.png');
    const before = createOutbox({ path: join(dir, 'outbox.db'), now: Date.now });
    before.enqueue(uploadIntent(staged, 'gel.png'));
    before.close();
    unlinkSync(source);
    const fd = openSync(join(dir, 'outbox.db'), 'r+');
    writeSync(fd, Buffer.alloc(100, 0x5a), 0, 100, 0);
    closeSync(fd);

    const damaged = await inProcessApi({ dataDir: dir });
    expect((await damaged.call('app.status', {})).notices).toHaveLength(1);
    await damaged.close();
    const next = await inProcessApi({ dataDir: dir });
    try {
      const asides = readdirSync(dir).filter((n) => n.startsWith('staging.corrupt-'));
      expect(asides).toHaveLength(1);
      expect(readdirSync(join(dir, asides[0]!))).toEqual([basename(staged.stagedPath)]);
    } finally {
      await next.close();
    }
  });
});
