/**
 * The user's choices on one entry (Discard, Retry, …) send what they free, and nothing the service asked to
 * wait for: on the old code each one cleared every backoff, so discarding eight refused entries in a row
 * sent a plate change the service had answered 429 (Retry-After: 60) eight more times within the same
 * millisecond, and it gave up as "may have arrived", though a 429 says the service took nothing. The real
 * Outbox handlers and SQLite outbox, a sync engine on a fake clock against a scripted transport.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mapHttpError } from '../../../../main/api/map-error.js';
import { outboxHandlers } from '../../../../main/ipc/handlers/outbox.js';
import { entryMayHaveArrived } from '../../../../main/outbox/may-have-arrived.js';
import { GAVE_UP_UNSENT, MAX_ANSWERED_FAILURES } from '../../../../main/sync/classify.js';
import { createSyncEngine, type SyncEngine } from '../../../../main/sync/index.js';
import { webhook, wellSet } from '../outbox/helpers.js';
import { fakePlatform } from './fake-platform.js';
import { fakeTransport, type Calls } from './fake-transport.js';
import { outboxPerTest } from './outbox-per-test.js';

const settle = async () => {
  for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
};
const ctx = { transport: 'test' as const };
const answered = (endpoint: 'updateManifest' | 'sendWebhook', status: number, retryAfter?: string) =>
  mapHttpError({ endpoint, idempotent: endpoint === 'updateManifest', token: null }, status, '{}', retryAfter);

describe("the user's choices keep the service's backoffs", () => {
  const platform = fakePlatform();
  const files = outboxPerTest(platform.now);
  let engine: SyncEngine | null = null;
  let calls: Calls;
  beforeEach(() => {
    calls = [];
  });
  afterEach(async () => {
    await engine?.stop();
    engine = null;
  });
  const sent = (name: string) => calls.filter((c) => c.name === name).length;

  it('discarding eight refused entries in a row sends nothing the service asked to wait for', async () => {
    let slowDown = true;
    const transport = fakeTransport(calls, {
      sendWebhook: () => {
        throw answered('sendWebhook', 400);
      },
      updateManifest: () => {
        if (slowDown) throw answered('updateManifest', 429, '60');
        return { success: true };
      },
    });
    const ids = files.outbox.enqueueMany([...Array.from({ length: 8 }, (_, i) => webhook(i)), wellSet('A1', 'S-1')]);
    const refused = ids.slice(0, 8);
    const plate = ids[8]!;
    engine = createSyncEngine({ outbox: files.outbox, transport, platform });
    const handlers = outboxHandlers({ outbox: files.outbox, sync: engine });
    await engine.syncNow();
    expect(refused.map((id) => files.outbox.get(id)!.state)).toEqual(refused.map(() => 'failed'));
    expect(sent('updateManifest')).toBe(1);

    for (const id of refused) {
      expect(await handlers['outbox.discard']({ id }, ctx)).toEqual({ ok: true });
      await settle();
    }
    expect(sent('updateManifest')).toBe(1);
    expect(files.outbox.get(plate)).toMatchObject({ state: 'pending', answeredFailures: 1 });
    expect(engine.queueHold()).toMatchObject({ kind: 'slow-down' });

    // The minute the service asked for: then it goes, by the engine's own wake-up.
    slowDown = false;
    platform.advance(61_000);
    await settle();
    expect(sent('updateManifest')).toBe(2);
    expect(files.outbox.get(plate)!.state).toBe('done');
  });

  it('Retry of a refused entry waits for the "slow down" like the rest, then goes', async () => {
    let slowDown = true;
    let refuse = true;
    const transport = fakeTransport(calls, {
      sendWebhook: () => {
        if (refuse) throw answered('sendWebhook', 400);
        return { success: true };
      },
      updateManifest: () => {
        if (slowDown) throw answered('updateManifest', 429, '60');
        return { success: true };
      },
    });
    const [hook, plate] = files.outbox.enqueueMany([webhook(1), wellSet('A1', 'S-1')]);
    engine = createSyncEngine({ outbox: files.outbox, transport, platform });
    const handlers = outboxHandlers({ outbox: files.outbox, sync: engine });
    await engine.syncNow();
    refuse = false;
    expect(await handlers['outbox.retry']({ id: hook! }, ctx)).toEqual({ ok: true });
    await settle();
    expect([sent('sendWebhook'), sent('updateManifest')]).toEqual([1, 1]);

    slowDown = false;
    platform.advance(61_000);
    await settle();
    expect([files.outbox.get(hook!)!.state, files.outbox.get(plate!)!.state]).toEqual(['done', 'done']);
  });

  /** Lets each backoff run out by the engine's own wake-ups until the plate's change gives up. */
  async function untilItGivesUp(id: number): Promise<void> {
    await settle();
    for (let i = 0; i < 4 * MAX_ANSWERED_FAILURES && files.outbox.get(id)!.state === 'pending'; i++) {
      platform.advance(10 * 60_000);
      await settle();
    }
  }

  it('a change that gave up after nothing but 429s is not on the service: "Failed", with Retry', async () => {
    const transport = fakeTransport(calls, {
      updateManifest: () => {
        throw answered('updateManifest', 429);
      },
    });
    const plate = files.outbox.enqueue(wellSet('A1', 'S-1'));
    engine = createSyncEngine({ outbox: files.outbox, transport, platform });
    engine.start();
    await untilItGivesUp(plate);
    const e = files.outbox.get(plate)!;
    expect(sent('updateManifest')).toBe(MAX_ANSWERED_FAILURES);
    expect(e).toMatchObject({ state: 'failed', lastError: { kind: GAVE_UP_UNSENT } });
    expect(e.lastError!.message).toMatch(/asked to slow down each time .* it is not on the service/);
    expect(entryMayHaveArrived(e)).toBeNull();
  });

  it('one 503 among the 429s may have made the change: that give-up is still unsure', async () => {
    const transport = fakeTransport(calls, {
      updateManifest: () => {
        throw answered('updateManifest', sent('updateManifest') === 1 ? 503 : 429);
      },
    });
    const plate = files.outbox.enqueue(wellSet('A1', 'S-1'));
    engine = createSyncEngine({ outbox: files.outbox, transport, platform });
    engine.start();
    await untilItGivesUp(plate);
    const e = files.outbox.get(plate)!;
    expect(e).toMatchObject({ state: 'failed', lastError: { kind: 'gave-up', status: 429 } });
    expect(entryMayHaveArrived(e)).toBe('gave-up');
  });
});
