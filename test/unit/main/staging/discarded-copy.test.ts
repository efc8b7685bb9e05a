import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOutbox, type Outbox } from '../../../../main/outbox/index.js';
import {
  createUploadStaging,
  DEFAULT_STAGING_LIMITS,
  removeFinishedStagedCopies,
  scheduleDiscardedCopyRemoval,
  sweepOrphanedStaging,
  uploadIntent,
  type UploadStaging,
} from '../../../../main/staging/index.js';
import { DISCARDED_UPLOAD_COPY_KEPT_MS } from '../../../../shared/outbox/finished-kept.js';
import { fakeNow, tempDir } from '../outbox/helpers.js';

const MINUTE = 60_000;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * A discarded upload's staged copy is kept a day for the Discard's Undo (which puts the upload back to be
 * sent from the same bytes), then removed: while the app runs, or at the next start. On the old code it
 * went with the discard, so no Undo could put an upload back. Real staging folder and outbox; the clock
 * and timer are injected.
 */
describe("a discarded upload's staged copy", () => {
  let t: ReturnType<typeof tempDir>;
  let clock: ReturnType<typeof fakeNow>;
  let outbox: Outbox;
  let staging: UploadStaging;
  let stops: (() => void)[];
  let tick: (() => void) | null;
  const timers = { setInterval: (fn: () => void) => (tick = fn), clearInterval: () => (tick = null) };
  const stagingDir = () => path.join(t.dir, 'staging');

  /** The timer fires, and its removals finish. */
  async function check(): Promise<void> {
    tick?.();
    await new Promise((r) => setTimeout(r, 50));
  }

  /** A file staged and queued, refused by the service: its entry id and staged copy. */
  async function refusedUpload(name: string): Promise<{ id: number; stagedPath: string }> {
    const src = path.join(t.dir, name);
    writeFileSync(src, `bytes of ${name}`);
    const staged = await staging.stagePath(src, name, { id: 'page' });
    const { name: n, ...taken } = staging.take(staged.stagedId)!;
    const id = outbox.enqueue(uploadIntent(taken, n));
    outbox.claim([id], `r-${id}`, 'storeAndEmbedFiles');
    outbox.settle([{ id, state: 'failed', error: { kind: 'http', status: 413, message: 'Too large.', at: 1 } }]);
    return { id, stagedPath: staged.stagedPath };
  }

  beforeEach(() => {
    t = tempDir('discarded-copy-');
    clock = fakeNow();
    outbox = createOutbox({ path: path.join(t.dir, 'outbox.db'), now: clock.now });
    staging = createUploadStaging(stagingDir(), DEFAULT_STAGING_LIMITS, clock.now);
    tick = null;
    stops = [
      removeFinishedStagedCopies(outbox, quiet),
      scheduleDiscardedCopyRemoval({ outbox, log: quiet, now: clock.now, timers }),
    ];
  });
  afterEach(() => {
    for (const stop of stops) stop();
    outbox.close();
    t.cleanup();
  });

  it('stays for a day after the discard, so the Undo can put the upload back, and goes at the first check after', async () => {
    const u = await refusedUpload('plate.csv');
    expect(outbox.discardMany([u.id]).discarded).toEqual([u.id]);
    await check();
    expect(existsSync(u.stagedPath)).toBe(true);

    clock.advance(DISCARDED_UPLOAD_COPY_KEPT_MS - MINUTE);
    await check();
    expect(existsSync(u.stagedPath)).toBe(true);
    expect(outbox.restoreRefusal(u.id)).toBeNull();

    clock.advance(2 * MINUTE);
    expect(outbox.restoreRefusal(u.id)).toMatch(/Upload the file again/);
    await check();
    expect(existsSync(u.stagedPath)).toBe(false);
  });

  it("put back, it is the open upload's copy again and stays however long it waits", async () => {
    const u = await refusedUpload('gel.csv');
    const d = outbox.discardMany([u.id]);
    clock.advance(DISCARDED_UPLOAD_COPY_KEPT_MS / 2);
    expect(outbox.undoDiscard(d.mark!).restored).toEqual([u.id]);
    clock.advance(10 * DISCARDED_UPLOAD_COPY_KEPT_MS);
    await check();
    expect(existsSync(u.stagedPath)).toBe(true);
    expect(outbox.get(u.id)!.state).toBe('failed');
  });

  it("a sent upload's copy still goes as soon as it is sent", async () => {
    const u = await refusedUpload('sent.csv');
    expect(outbox.retry(u.id)).toBe(true);
    outbox.claim([u.id], 'r-again', 'storeAndEmbedFiles');
    outbox.settle([{ id: u.id, state: 'done', result: { fileId: 'f-1' } }]);
    await new Promise((r) => setTimeout(r, 50));
    expect(existsSync(u.stagedPath)).toBe(false);
  });

  it('at start, one discarded within the day stays and one discarded before it goes', async () => {
    const old = await refusedUpload('old.csv');
    outbox.discardMany([old.id]);
    clock.advance(DISCARDED_UPLOAD_COPY_KEPT_MS - MINUTE);
    const recent = await refusedUpload('recent.csv');
    outbox.discardMany([recent.id]);
    clock.advance(2 * MINUTE);

    expect(await sweepOrphanedStaging(stagingDir(), outbox, quiet, clock.now())).toBe(1);
    expect(existsSync(old.stagedPath)).toBe(false);
    expect(existsSync(recent.stagedPath)).toBe(true);
  });
});
