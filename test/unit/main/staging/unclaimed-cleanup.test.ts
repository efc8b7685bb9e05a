import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scheduleUnclaimedCleanup, UNCLAIMED_TICKET_MS, uploadIntent } from '../../../../main/staging/index.js';
import { silentLogger as quiet } from '../../../../main/common/logger.js';
import { stagingPerTest } from './staging-on-disk.js';

const MINUTE = 60_000;

/**
 * A copy staged for upload and never queued (the page left or reloaded between staging and queueing)
 * is removed while the app runs, once its ticket has waited UNCLAIMED_TICKET_MS; nothing that an
 * outbox entry or a page can still use is. Real staging folder and outbox; the clock and timer are
 * injected.
 */
describe('staged copies that were never queued', () => {
  const d = stagingPerTest('unclaimed-', ({ staging, outbox, clock, timers }) => [
    scheduleUnclaimedCleanup({ staging, outbox, log: quiet, now: clock.now, timers }),
  ]);

  it('is removed at the first check after its ticket expired, not before, and cannot be queued afterwards', async () => {
    const { stagedId, stagedPath } = await d.stage('dropped-then-left.csv');
    d.clock.advance(UNCLAIMED_TICKET_MS - MINUTE);
    await d.check();
    expect(existsSync(stagedPath)).toBe(true);

    d.clock.advance(2 * MINUTE);
    await d.check();
    expect(existsSync(stagedPath)).toBe(false);
    expect(d.staging.take(stagedId)).toBeNull();
  });

  it('a copy a page is still about to queue stays, and its ticket still works', async () => {
    const old = await d.stage('old.csv');
    d.clock.advance(UNCLAIMED_TICKET_MS - 5 * MINUTE);
    const fresh = await d.stage('fresh.csv');
    d.clock.advance(10 * MINUTE);
    await d.check();

    expect(existsSync(old.stagedPath)).toBe(false);
    expect(existsSync(fresh.stagedPath)).toBe(true);
    expect(d.staging.take(fresh.stagedId)?.stagedPath).toBe(fresh.stagedPath);
  });

  it('a copy an outbox entry refers to is never removed, however old', async () => {
    const queued = await d.stage('queued.csv');
    const { name, ...taken } = d.staging.take(queued.stagedId)!;
    d.outbox.enqueue(uploadIntent(taken, name));
    // Even with its ticket still unspent (as if queued some other way), the entry's copy is kept.
    const both = await d.stage('referenced.csv');
    const { stagedId: _unspent, ...copy } = both;
    d.outbox.enqueue(uploadIntent(copy, 'referenced.csv'));

    d.clock.advance(10 * UNCLAIMED_TICKET_MS);
    await d.check();
    expect(existsSync(queued.stagedPath)).toBe(true);
    expect(existsSync(both.stagedPath)).toBe(true);
  });

  it('copies this run did not ticket, and files still being written, are not looked at', async () => {
    // A plate record's copies sit in staging between being written and being queued.
    mkdirSync(d.stagingDir(), { recursive: true });
    const record = path.join(d.stagingDir(), 'record-copy.png');
    writeFileSync(record, 'picture');
    const page = await d.staging.begin('slow.csv', 10, { id: 'page' });
    const partials = () => (existsSync(d.stagingDir()) ? readdirSync(d.stagingDir()) : []);
    expect(partials().some((n) => n.endsWith('.partial'))).toBe(true);

    d.clock.advance(10 * UNCLAIMED_TICKET_MS);
    await d.check();
    expect(existsSync(record)).toBe(true);
    expect(partials().some((n) => n.endsWith('.partial'))).toBe(true);
    await d.staging.abort(page);
  });

  it('stops checking when stopped', () => {
    expect(d.ticking()).toBe(true);
    d.stopSchedules();
    expect(d.ticking()).toBe(false);
  });
});
