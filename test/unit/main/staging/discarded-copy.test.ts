import { existsSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  removeFinishedStagedCopies,
  scheduleDiscardedCopyRemoval,
  sweepOrphanedStaging,
  uploadIntent,
} from '../../../../main/staging/index.js';
import { DISCARDED_UPLOAD_COPY_KEPT_MS } from '../../../../shared/outbox/finished-kept.js';
import { silentLogger as quiet } from '../../../../main/common/logger.js';
import { stagingPerTest } from './staging-on-disk.js';

const MINUTE = 60_000;

/**
 * A discarded upload's staged copy is kept a day for the Discard's Undo (which puts the upload back to be
 * sent from the same bytes), then removed: while the app runs, or at the next start. On the old code it
 * went with the discard, so no Undo could put an upload back. Real staging folder and outbox; the clock
 * and timer are injected.
 */
describe("a discarded upload's staged copy", () => {
  let inUse = 'lab-a';
  const d = stagingPerTest(
    'discarded-copy-',
    ({ outbox, clock, timers }) => [
      removeFinishedStagedCopies(outbox, quiet),
      scheduleDiscardedCopyRemoval({ outbox, log: quiet, now: clock.now, timers }),
    ],
    () => inUse,
  );
  beforeEach(() => {
    inUse = 'lab-a';
  });

  /** A file staged and queued, refused by the service: its entry id and staged copy. */
  async function refusedUpload(name: string): Promise<{ id: number; stagedPath: string }> {
    const staged = await d.stage(name);
    const { name: n, ...taken } = d.staging.take(staged.stagedId)!;
    const id = d.outbox.enqueue(uploadIntent(taken, n));
    d.outbox.claim([id], `r-${id}`, 'storeAndEmbedFiles');
    d.outbox.settle([{ id, state: 'failed', error: { kind: 'http', status: 413, message: 'Too large.', at: 1 } }]);
    return { id, stagedPath: staged.stagedPath };
  }

  it('stays for a day after the discard, so the Undo can put the upload back, and goes at the first check after', async () => {
    const u = await refusedUpload('plate.csv');
    expect(d.outbox.discardMany([u.id]).discarded).toEqual([u.id]);
    await d.check();
    expect(existsSync(u.stagedPath)).toBe(true);

    d.clock.advance(DISCARDED_UPLOAD_COPY_KEPT_MS - MINUTE);
    await d.check();
    expect(existsSync(u.stagedPath)).toBe(true);
    expect(d.outbox.restoreRefusal(u.id)).toBeNull();

    d.clock.advance(2 * MINUTE);
    expect(d.outbox.restoreRefusal(u.id)).toMatch(/Upload the file again/);
    await d.check();
    expect(existsSync(u.stagedPath)).toBe(false);
  });

  it("put back, it is the open upload's copy again and stays however long it waits", async () => {
    const u = await refusedUpload('gel.csv');
    const discarded = d.outbox.discardMany([u.id]);
    d.clock.advance(DISCARDED_UPLOAD_COPY_KEPT_MS / 2);
    expect(d.outbox.undoDiscard(discarded.mark!).restored).toEqual([u.id]);
    d.clock.advance(10 * DISCARDED_UPLOAD_COPY_KEPT_MS);
    await d.check();
    expect(existsSync(u.stagedPath)).toBe(true);
    expect(d.outbox.get(u.id)!.state).toBe('failed');
  });

  it("a sent upload's copy still goes as soon as it is sent", async () => {
    const u = await refusedUpload('sent.csv');
    expect(d.outbox.retry(u.id)).toBe(true);
    d.outbox.claim([u.id], 'r-again', 'storeAndEmbedFiles');
    d.outbox.settle([{ id: u.id, state: 'done', result: { fileId: 'f-1' } }]);
    await new Promise((r) => setTimeout(r, 50));
    expect(existsSync(u.stagedPath)).toBe(false);
  });

  it('at start, one discarded within the day stays and one discarded before it goes', async () => {
    const old = await refusedUpload('old.csv');
    d.outbox.discardMany([old.id]);
    d.clock.advance(DISCARDED_UPLOAD_COPY_KEPT_MS - MINUTE);
    const recent = await refusedUpload('recent.csv');
    d.outbox.discardMany([recent.id]);
    d.clock.advance(2 * MINUTE);

    expect(await sweepOrphanedStaging(d.stagingDir(), d.outbox, quiet, d.clock.now())).toBe(1);
    expect(existsSync(old.stagedPath)).toBe(false);
    expect(existsSync(recent.stagedPath)).toBe(true);
  });

  it('goes at once when nothing can put it back: given up with the changes waiting for a service not in use', async () => {
    const u = await refusedUpload('elsewhere.csv');
    inUse = 'lab-b';
    expect(d.outbox.discardWaiting('lab-a')).toEqual([u.id]);
    await new Promise((r) => setTimeout(r, 50));
    expect(existsSync(u.stagedPath)).toBe(false);
  });
});
