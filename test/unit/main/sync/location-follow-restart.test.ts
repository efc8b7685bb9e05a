/**
 * A location create whose request the app was still following when it quit: the create's answer holds only
 * the requestId, so the entry stood done. On the old code nothing followed it after the restart, and it
 * stayed done for good, even when the service then said it made nothing ("parent is full"). Fake clock,
 * scripted transport, the real SQLite outbox file opened again as after a restart.
 */
import { describe, expect, it } from 'vitest';
import { createSyncEngine } from '../../../../main/sync/index.js';
import { LOCATION_POLLS } from '../../../../main/sync/reconcile.js';
import type { Intent } from '../../../../shared/outbox/intents.js';
import { fakePlatform } from './fake-platform.js';
import { fakeTransport, type Calls } from './fake-transport.js';
import { outboxPerTest } from './outbox-per-test.js';

const create: Intent = { type: 'location-create', request: { locations: [{ name: 'Freezer 3', parent: 'Room 1' }] } };
const status = (s: string, message = '', created: { name: string; uuid: string }[] | null = null) => ({
  success: true,
  requestId: 'r-1',
  status: s,
  message,
  result: created === null ? null : { created },
});
const settle = async () => {
  for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r));
};
const reads = (calls: Calls) => calls.filter((c) => c.name === 'fetchLocationCreateStatus').length;

describe('a location create still followed when the app quit', () => {
  const platform = fakePlatform();
  const files = outboxPerTest(platform.now);

  /** The create answered and followed for 5 s (still in progress), then the app quits: the entry as it is left. */
  async function quitWhileFollowed(): Promise<number> {
    const calls: Calls = [];
    const transport = fakeTransport(calls, {
      createLocations: () => ({ success: true, requestId: 'r-1' }),
      fetchLocationCreateStatus: () => status('IN_PROGRESS'),
    });
    const id = files.outbox.enqueue(create);
    const engine = createSyncEngine({ outbox: files.outbox, transport, platform });
    await engine.syncNow();
    for (let i = 0; i < 5; i++) {
      platform.advance(1_000);
      await settle();
    }
    await engine.stop();
    expect(reads(calls)).toBeGreaterThan(0);
    expect(files.outbox.get(id)).toMatchObject({ state: 'done', result: { requestId: 'r-1' } });
    files.outbox.close();
    return id;
  }

  /** A new engine on the outbox opened again, run for two minutes against `answers`. */
  async function restartWith(answers: () => unknown): Promise<Calls> {
    const outbox = files.reopen();
    const calls: Calls = [];
    const engine = createSyncEngine({
      outbox,
      transport: fakeTransport(calls, { fetchLocationCreateStatus: answers }),
      platform,
    });
    engine.start();
    for (let i = 0; i < 120; i++) {
      await settle();
      platform.advance(1_000);
    }
    await engine.stop();
    return calls;
  }

  it('is followed again after the restart, and fails with the service’s words when it made nothing', async () => {
    const id = await quitWhileFollowed();
    const calls = await restartWith(() => status('FAILED', 'parent is full'));
    const e = files.outbox.get(id)!;
    // On the old code: still done, no status read after the restart.
    expect(reads(calls)).toBe(1);
    expect(e).toMatchObject({ state: 'failed', lastError: { kind: 'rejected' } });
    expect(e.lastError!.message).toMatch(/did not make the location \(FAILED\): "parent is full"/);
    expect(calls.filter((c) => c.name === 'createLocations')).toHaveLength(0);
  });

  it('keeps the created uuids when the request completed meanwhile', async () => {
    const id = await quitWhileFollowed();
    const created = [{ name: 'Freezer 3', uuid: 'loc-1' }];
    await restartWith(() => status('COMPLETED', '', created));
    expect(files.outbox.get(id)).toMatchObject({ state: 'done', result: { requestId: 'r-1', created } });
  });

  it('is read no more often than the first follow, then left unsure, never sent again', async () => {
    const id = await quitWhileFollowed();
    const calls = await restartWith(() => status('IN_PROGRESS'));
    expect(reads(calls)).toBe(LOCATION_POLLS);
    expect(files.outbox.get(id)).toMatchObject({ state: 'uncertain', lastError: { kind: 'not-confirmed' } });
    expect(calls.filter((c) => c.name === 'createLocations')).toHaveLength(0);
  });

  it('one the user said arrived after its follow left it unsure is not read again', async () => {
    const id = await quitWhileFollowed();
    await restartWith(() => status('IN_PROGRESS'));
    expect(files.outbox.get(id)!.state).toBe('uncertain');
    expect(files.outbox.confirmDone(id)).toBe(true);
    files.outbox.close();
    const calls = await restartWith(() => status('FAILED', 'should not be asked'));
    expect(reads(calls)).toBe(0);
    expect(files.outbox.get(id)!.state).toBe('done');
  });

  it('one already followed to its end is not read again', async () => {
    const calls0: Calls = [];
    const created = [{ name: 'Freezer 3', uuid: 'loc-1' }];
    const transport = fakeTransport(calls0, {
      createLocations: () => ({ success: true, requestId: 'r-1' }),
      fetchLocationCreateStatus: () => status('COMPLETED', '', created),
    });
    const id = files.outbox.enqueue(create);
    const engine = createSyncEngine({ outbox: files.outbox, transport, platform });
    await engine.syncNow();
    await settle();
    await engine.stop();
    expect(files.outbox.get(id)).toMatchObject({ state: 'done', result: { created } });
    files.outbox.close();
    const calls = await restartWith(() => status('FAILED', 'should not be asked'));
    expect(reads(calls)).toBe(0);
    expect(files.outbox.get(id)).toMatchObject({ state: 'done', result: { created } });
  });
});
