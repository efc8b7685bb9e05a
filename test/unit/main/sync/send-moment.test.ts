import { beforeEach, describe, expect, it } from 'vitest';
import type { Outbox } from '../../../../main/outbox/index.js';
import { createSendMoment } from '../../../../main/sync/send-moment.js';
import { createSyncEngine } from '../../../../main/sync/index.js';
import { fakePlatform } from './fake-platform.js';
import { fakeTransport, type Calls } from './fake-transport.js';
import { wellSet } from '../outbox/helpers.js';
import { outboxPerTest } from './outbox-per-test.js';

const options = { minMs: 40, maxMs: 500, maxWaitMs: 2000 };

describe('send moment (when queued work leaves)', () => {
  it('waits the whole delay after a first scan, as before', () => {
    expect(createSendMoment(options).enqueued(10_000)).toBe(500);
  });

  it('at a steady pace sends half-way between two scans, not on the next one', () => {
    const m = createSendMoment(options);
    m.enqueued(0);
    for (const [at, gap] of [
      [250, 250],
      [500, 250],
      [1000, 500],
      [1400, 400],
    ] as const) {
      expect(m.enqueued(at)).toBe(gap / 2);
      m.sending();
    }
  });

  it('lets entries queued together share one request, and a slow pace waits no more than the most', () => {
    const m = createSendMoment(options);
    m.enqueued(0);
    expect(m.enqueued(0)).toBe(40);
    expect(m.enqueued(5)).toBe(40);
    m.sending();
    expect(m.enqueued(5_000)).toBe(500);
  });

  it('never waits past maxWaitMs after the oldest unsent entry, however fast the scans keep coming', () => {
    const m = createSendMoment(options);
    let due = Infinity;
    for (let at = 0; at <= 3000; at += 30) due = Math.min(due, at + m.enqueued(at));
    expect(due).toBeLessThanOrEqual(2000);
    // Once a drain has started, the next entry waits from itself, not from the first.
    m.sending();
    expect(m.enqueued(3030)).toBe(40);
  });
});

describe('sync engine: sends between scans', () => {
  const platform = fakePlatform();
  const files = outboxPerTest(platform.now);
  let outbox: Outbox;
  beforeEach(() => {
    outbox = files.outbox;
  });

  const settle = async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  };

  it('at 4 scans a second every request leaves mid-way between two scans, and every scan is sent', async () => {
    const calls: Calls = [];
    const sentAt: number[] = [];
    const transport = fakeTransport(calls, {
      updateManifest: () => {
        sentAt.push(platform.now());
        return { success: true, message: 'ok', data: { hrid: 'PL-0001' } };
      },
    });
    const engine = createSyncEngine({ outbox, transport, platform });
    engine.start();
    await settle();
    const start = platform.now();
    const ids: number[] = [];
    for (let n = 0; n < 12; n++) {
      ids.push(outbox.enqueue(wellSet(`A${n + 1}`, `S-${n}`)));
      for (let ms = 0; ms < 250; ms += 5) {
        platform.advance(5);
        await settle();
      }
    }
    platform.advance(1000);
    await settle();
    expect(ids.every((id) => outbox.get(id)?.state === 'done')).toBe(true);
    // A fixed 500 ms after the first of a wait would send exactly as the next-but-one scan arrives;
    // here the second scan moves the moment to mid-way, and so on: always 125 ms after a scan.
    expect(sentAt.length).toBeGreaterThan(0);
    for (const at of sentAt) expect((at - start) % 250).toBe(125);
    await engine.stop();
  });
});
