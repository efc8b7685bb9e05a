import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOutbox, type Outbox } from '../../../../main/outbox/index.js';
import {
  createUploadStaging,
  DEFAULT_STAGING_LIMITS,
  scheduleUnclaimedCleanup,
  UNCLAIMED_TICKET_MS,
  uploadIntent,
  type StagedFile,
  type UploadStaging,
} from '../../../../main/staging/index.js';
import { fakeNow, tempDir } from '../outbox/helpers.js';

const MINUTE = 60_000;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * A copy staged for upload and never queued (the page left or reloaded between staging and queueing)
 * is removed while the app runs, once its ticket has waited UNCLAIMED_TICKET_MS; nothing that an
 * outbox entry or a page can still use is. Real staging folder and outbox; the clock and timer are
 * injected.
 */
describe('staged copies that were never queued', () => {
  let t: ReturnType<typeof tempDir>;
  let clock: ReturnType<typeof fakeNow>;
  let outbox: Outbox;
  let staging: UploadStaging;
  let stop: () => void;
  let tick: (() => void) | null;
  const timers = { setInterval: (fn: () => void) => (tick = fn), clearInterval: () => (tick = null) };
  const stagingDir = () => path.join(t.dir, 'staging');

  /** The timer fires, and its removals finish. */
  async function check(): Promise<void> {
    tick?.();
    await new Promise((r) => setTimeout(r, 50));
  }

  async function stage(name: string): Promise<{ stagedId: string } & StagedFile> {
    const src = path.join(t.dir, name);
    writeFileSync(src, `bytes of ${name}`);
    return staging.stagePath(src, name, { id: 'page' });
  }

  beforeEach(() => {
    t = tempDir('unclaimed-');
    clock = fakeNow();
    outbox = createOutbox({ path: path.join(t.dir, 'outbox.db'), now: clock.now });
    staging = createUploadStaging(stagingDir(), DEFAULT_STAGING_LIMITS, clock.now);
    tick = null;
    stop = scheduleUnclaimedCleanup({ staging, outbox, log: quiet, now: clock.now, timers });
  });
  afterEach(() => {
    stop();
    outbox.close();
    t.cleanup();
  });

  it('is removed at the first check after its ticket expired, not before, and cannot be queued afterwards', async () => {
    const { stagedId, stagedPath } = await stage('dropped-then-left.csv');
    clock.advance(UNCLAIMED_TICKET_MS - MINUTE);
    await check();
    expect(existsSync(stagedPath)).toBe(true);

    clock.advance(2 * MINUTE);
    await check();
    expect(existsSync(stagedPath)).toBe(false);
    expect(staging.take(stagedId)).toBeNull();
  });

  it('a copy a page is still about to queue stays, and its ticket still works', async () => {
    const old = await stage('old.csv');
    clock.advance(UNCLAIMED_TICKET_MS - 5 * MINUTE);
    const fresh = await stage('fresh.csv');
    clock.advance(10 * MINUTE);
    await check();

    expect(existsSync(old.stagedPath)).toBe(false);
    expect(existsSync(fresh.stagedPath)).toBe(true);
    expect(staging.take(fresh.stagedId)?.stagedPath).toBe(fresh.stagedPath);
  });

  it('a copy an outbox entry refers to is never removed, however old', async () => {
    const queued = await stage('queued.csv');
    const { name, ...taken } = staging.take(queued.stagedId)!;
    outbox.enqueue(uploadIntent(taken, name));
    // Even with its ticket still unspent (as if queued some other way), the entry's copy is kept.
    const both = await stage('referenced.csv');
    const { stagedId: _unspent, ...copy } = both;
    outbox.enqueue(uploadIntent(copy, 'referenced.csv'));

    clock.advance(10 * UNCLAIMED_TICKET_MS);
    await check();
    expect(existsSync(queued.stagedPath)).toBe(true);
    expect(existsSync(both.stagedPath)).toBe(true);
  });

  it('copies this run did not ticket, and files still being written, are not looked at', async () => {
    // A plate record's copies sit in staging between being written and being queued.
    mkdirSync(stagingDir(), { recursive: true });
    const record = path.join(stagingDir(), 'record-copy.png');
    writeFileSync(record, 'picture');
    const page = await staging.begin('slow.csv', 10, { id: 'page' });
    const partials = () => (existsSync(stagingDir()) ? readdirSync(stagingDir()) : []);
    expect(partials().some((n) => n.endsWith('.partial'))).toBe(true);

    clock.advance(10 * UNCLAIMED_TICKET_MS);
    await check();
    expect(existsSync(record)).toBe(true);
    expect(partials().some((n) => n.endsWith('.partial'))).toBe(true);
    await staging.abort(page);
  });

  it('stops checking when stopped', () => {
    expect(tick).not.toBeNull();
    stop();
    expect(tick).toBeNull();
  });
});
