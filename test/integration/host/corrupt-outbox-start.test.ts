import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
      expect(existsSync(staged.stagedPath)).toBe(true);
      expect(readdirSync(dir).some((n) => n.startsWith('outbox.db.corrupt-'))).toBe(true);
      const { notices } = await env.call('app.status', {});
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatch(
        /^The queue of changes \(outbox\.db\) could not be read \(.+\) and was moved aside to .+outbox\.db\.corrupt-\d+; a new, empty one was started\. Changes queued before may not have reached the service: check the last scans there, and keep that file and the staging folder for IT\.$/,
      );
    } finally {
      await env.close();
    }
  });
});
