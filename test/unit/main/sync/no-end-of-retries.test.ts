/**
 * Two ways the engine sent without end: a labsheet create the service fails every time (each failure of a
 * create is uncertain, so none counted, and reconciling found no labsheet and queued it again), and a
 * Retry-After longer than a timer holds. Fake clock, scripted transport, the real SQLite outbox.
 */
import { describe, expect, it } from 'vitest';
import { mapHttpError } from '../../../../main/api/map-error.js';
import { MAX_ANSWERED_FAILURES } from '../../../../main/sync/classify.js';
import { createSyncEngine, type SyncPlatform } from '../../../../main/sync/index.js';
import { assign } from '../outbox/helpers.js';
import { fakePlatform } from './fake-platform.js';
import { fakeTransport, type Calls } from './fake-transport.js';
import { outboxPerTest } from './outbox-per-test.js';

const settle = async () => {
  for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
};

describe('the sync engine sends nothing without end', () => {
  const platform = fakePlatform();
  const files = outboxPerTest(platform.now);

  it('a labsheet create the service answers 502 every time is sent a bounded number of times, then left unsure', async () => {
    const calls: Calls = [];
    const transport = fakeTransport(calls, {
      createLabsheet: () => {
        if (calls.filter((c) => c.name === 'createLabsheet').length > 40) throw new Error('unbounded');
        throw mapHttpError({ endpoint: 'createLabsheet', idempotent: false, token: null }, 502, '', undefined);
      },
      fetchLabsheetList: () => ({ items: [], total: 0, success: true }),
    });
    const id = files.outbox.enqueue({
      type: 'labsheet-create',
      request: { name: 'Plates', columns: [{ name: 'Sample ID', type: 'ID' }] },
    });
    const engine = createSyncEngine({ outbox: files.outbox, transport, platform });
    engine.start();
    await settle();
    // Two hours of a bench left alone: the engine's own wake-ups only.
    for (let i = 0; i < 40; i++) {
      platform.advance(3 * 60_000);
      await settle();
    }
    await engine.stop();
    expect(calls.filter((c) => c.name === 'createLabsheet')).toHaveLength(MAX_ANSWERED_FAILURES);
    // It may be on the service (each 502 may have come after the create): the user looks, and chooses.
    expect(files.outbox.get(id)).toMatchObject({ state: 'uncertain', uncertainAttempts: MAX_ANSWERED_FAILURES });
  });

  it('a Retry-After of 35 days is waited no longer than an hour, on timers that fire at once past 2³¹ − 1 ms as Node’s do', async () => {
    const calls: Calls = [];
    const nodeTimers: SyncPlatform = {
      ...platform,
      setTimeout: (fn, ms) => platform.setTimeout(fn, ms > 2 ** 31 - 1 ? 1 : ms),
    };
    const ids = files.outbox.enqueueMany([assign('T1', undefined), assign('T2', undefined)]);
    const transport = fakeTransport(calls, {
      assignLocation: () => {
        throw mapHttpError({ endpoint: 'assignLocation', idempotent: true, token: null }, 429, '', String(35 * 86_400));
      },
    });
    const engine = createSyncEngine({ outbox: files.outbox, transport, platform: nodeTimers });
    await engine.syncNow();
    expect(calls).toHaveLength(1);
    // The wait honoured is at most an hour (MAX_RETRY_AFTER_MS): a bogus or huge Retry-After held every scan.
    expect(engine.status().nextRetryAt! - platform.now()).toBeLessThanOrEqual(3_600_000);
    for (let i = 0; i < 59; i++) {
      platform.advance(60_000);
      await settle();
    }
    // 59 minutes on: still the one request, both entries waiting (no timer fired early past 2³¹ − 1 ms).
    expect(calls).toHaveLength(1);
    expect(ids.map((id) => files.outbox.get(id)!.state)).toEqual(['pending', 'pending']);
    platform.advance(60_000);
    await settle();
    expect(calls).toHaveLength(2);
    await engine.stop();
  });
});
