/**
 * An Undo of a Discard, or Restore from the Discarded tab, makes nothing sendable that the user did not look
 * at: what the Discard failed along stays failed, saying how what it waits for stands now, and the restored
 * entry itself is never retried by it. Before, a restore put a plate record built on a refused well change
 * back to pending (it went out stating a value the service does not hold), left such a record at the head of
 * the webhook lane waiting for a discarded entry (every later webhook waited for ever), and retried a
 * restored webhook whose earlier entry was sent since (the user's own remake of it went too: sent twice).
 * The real outbox file and sync engine; only the transport is a fake, recording what is sent.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Outbox } from '../../../../main/outbox/index.js';
import { createSyncEngine } from '../../../../main/sync/index.js';
import { webhook, wellSet } from '../outbox/helpers.js';
import { fakePlatform } from './fake-platform.js';
import { fakeTransport, type Calls } from './fake-transport.js';
import { outboxPerTest } from './outbox-per-test.js';

describe('sync engine: a restore of a discarded entry sends nothing by itself', () => {
  const platform = fakePlatform();
  const files = outboxPerTest(platform.now);
  let outbox: Outbox;
  let calls: Calls;
  beforeEach(() => {
    outbox = files.outbox;
    calls = [];
  });

  let requests = 0;
  /** An entry tried once (its request left), then settled as the service answered. */
  function settle(id: number, state: 'failed' | 'uncertain' | 'done', kind = 'network'): number {
    outbox.claim([id], `r-test-${++requests}`, 'x');
    outbox.settle([state === 'done' ? { id, state } : { id, state, error: { kind, message: `${kind}.`, at: 1 } }]);
    platform.advance(10);
    return id;
  }
  const syncNow = async (): Promise<string[]> => {
    const engine = createSyncEngine({ outbox, transport: fakeTransport(calls), platform });
    await engine.syncNow();
    await engine.stop();
    return calls.map((c) => c.name);
  };

  it('a record built on a well change that was discarded, then restored, stays failed: it never states a change that did not land', async () => {
    const w1 = outbox.enqueue(wellSet('A1', 'S-1'));
    const w2 = outbox.enqueue(wellSet('A2', 'S-2'));
    const [record] = outbox.enqueueMany([webhook(1)], { builtOn: [w1, w2] });
    settle(w1, 'uncertain', 'timeout');
    outbox.discardMany([w1]);
    expect(outbox.get(record!)).toMatchObject({ state: 'failed', lastError: { kind: 'built-on-refused' } });
    const told = outbox.get(record!)!.lastError;
    // The service refuses W2 meanwhile; then the user restores W1.
    settle(w2, 'failed', 'not-found');

    const back = outbox.restoreDiscarded([w1]);
    expect(back).toMatchObject({ restored: [w1], along: [record] });
    // Still failed, with the reason that told the user to file the record again.
    expect(outbox.get(record!)).toMatchObject({ state: 'failed', lastError: { kind: 'built-on-refused' } });
    expect(outbox.get(record!)!.lastError!.message).toBe(told!.message);

    // W1 "It arrived"; W2 corrected to S-99 and sent.
    expect(outbox.confirmDone(w1)).toBe(true);
    expect(outbox.replace(w2, wellSet('A2', 'S-99'))).toBe(true);
    settle(w2, 'done');
    expect(await syncNow()).not.toContain('sendWebhook');
    expect(outbox.get(record!)!.state).toBe('failed');
  });

  it('two discarded, one restored: the record built on both does not hold the webhook lane for ever', async () => {
    const w1 = outbox.enqueue(wellSet('A1', 'S-1'));
    const w2 = outbox.enqueue(wellSet('A2', 'S-2'));
    const [record] = outbox.enqueueMany([webhook(1)], { builtOn: [w1, w2] });
    settle(w1, 'uncertain', 'timeout');
    settle(w2, 'uncertain', 'timeout');
    outbox.discardMany([w1, w2]);
    outbox.restoreDiscarded([w1]);
    expect(outbox.get(record!)!.state).toBe('failed');
    const later = outbox.enqueue(webhook(2));

    await syncNow();
    const sent = calls.filter((c) => c.name === 'sendWebhook').map((c) => c.request);
    expect(sent).toEqual([{ event: 'scan', n: 2 }]);
    expect(outbox.get(later)!.state).toBe('done');
  });

  it('Undo of a Discard never retries the restored entry: the earlier entry sent since, it says so and waits for Retry', async () => {
    const [dd, e] = outbox.enqueueMany([webhook(1), webhook(2)], { dependencies: [{ entry: 1, after: 0 }] });
    settle(dd!, 'failed', 'network');
    expect(outbox.get(e!)).toMatchObject({ state: 'failed', lastError: { kind: 'dependency' } });
    // "Discard all" on Failed takes E (D, failed by the network, is on the tab too but the user picked E's).
    const d = outbox.discardMany([e!], { shown: 'failed' });
    expect(d.discarded).toEqual([e!]);
    // D retried and sent; the user makes E's change again, and it is sent.
    expect(outbox.retry(dd!)).toBe(true);
    await syncNow();
    expect(outbox.get(dd!)!.state).toBe('done');
    outbox.enqueue(webhook(2));
    await syncNow();
    const before = calls.length;

    const back = outbox.undoDiscard(d.mark!);
    expect(back.restored).toEqual([e!]);
    expect(outbox.get(e!)).toMatchObject({
      state: 'failed',
      lastError: { kind: 'dependency', message: expect.stringMatching(new RegExp(`#${dd!} .*sent now: Retry this`)) },
    });
    await syncNow();
    expect(calls.slice(before)).toEqual([]);
  });

  it('one that needed a discarded entry stays failed when it is put back, saying how that entry stands now', async () => {
    const [dd, e] = outbox.enqueueMany([webhook(1), webhook(2)], { dependencies: [{ entry: 1, after: 0 }] });
    settle(dd!, 'uncertain', 'timeout');
    expect(outbox.get(e!)!.state).toBe('pending');
    const d = outbox.discardMany([dd!]);
    expect(outbox.get(e!)).toMatchObject({ state: 'failed', lastError: { kind: 'dependency' } });

    const back = outbox.undoDiscard(d.mark!);
    expect(back).toMatchObject({ restored: [dd], along: [e] });
    expect(outbox.get(dd!)!.state).toBe('uncertain');
    // Not pending: its earlier entry may or may not have arrived, which the user settles first.
    expect(outbox.get(e!)).toMatchObject({
      state: 'failed',
      lastError: { kind: 'dependency', message: expect.stringMatching(/may or may not have arrived/) },
    });
    expect(await syncNow()).toEqual([]);
  });
});
