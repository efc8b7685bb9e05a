/**
 * A service's Retry-After holds the queue (429) or a lane (503) for an hour at most, and the Outbox's line
 * says when in words that cannot be read as now. On the old code a Retry-After of a day held every scan
 * for a day, saying "retrying at 22:13" at 22:13; a bogus one of 99999999 s held for three years; and the
 * slow-down line did not say that Sync now tries at once. The engine on a fake clock, a scripted service,
 * the real SQLite outbox, and the Outbox's own wait lines (waitReasons, as the outbox.list handler reads them).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { mapHttpError } from '../../../../main/api/map-error.js';
import { waitReasons } from '../../../../main/ipc/bridges/wait-reason.js';
import { createSyncEngine, type SyncEngine } from '../../../../main/sync/index.js';
import { MAX_RETRY_AFTER_MS } from '../../../../main/sync/retry-after.js';
import { assign } from '../outbox/helpers.js';
import { fakePlatform } from './fake-platform.js';
import { fakeTransport, type Calls } from './fake-transport.js';
import { outboxPerTest } from './outbox-per-test.js';

const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
};
const twoDigits = (n: number) => String(n).padStart(2, '0');
const clock = (at: number) => `${twoDigits(new Date(at).getHours())}:${twoDigits(new Date(at).getMinutes())}`;
const HOUR = 3_600_000;

describe('a long Retry-After', () => {
  const platform = fakePlatform();
  const files = outboxPerTest(platform.now);
  /** Moves the clock on to the next `h`:`m` on this computer's clock (the tests share one clock). */
  function onTo(h: number, m: number): void {
    const d = new Date(platform.now());
    let at = new Date(d.getFullYear(), d.getMonth(), d.getDate(), h, m).getTime();
    if (at <= platform.now()) at = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1, h, m).getTime();
    platform.advance(at - platform.now());
  }
  // Midday: an hour's wait ends today. (22:13 on the fake clock, a day's wait said only "at 22:13".)
  beforeEach(() => onTo(12, 0));

  /** Every send of a move answered `status` with `retryAfter` seconds, until `answering` is false. */
  function engineAnswering(status: 429 | 503, retryAfter: string) {
    const calls: Calls = [];
    const state = { answering: true };
    const transport = fakeTransport(calls, {
      assignLocation: (r: { assignments: unknown[] }) => {
        if (state.answering)
          throw mapHttpError({ endpoint: 'assignLocation', idempotent: true, token: null }, status, '', retryAfter);
        return { success: true, assignedPositions: r.assignments };
      },
    });
    const engine = createSyncEngine({ outbox: files.outbox, transport, platform });
    const sends = () => calls.filter((c) => c.name === 'assignLocation').length;
    return { engine, state, sends };
  }

  /** The waiting line of the entry `id`, as the Outbox lists it. */
  function lineOf(engine: SyncEngine, id: number) {
    const entry = files.outbox.list('pending').find((e) => e.id === id)!;
    return waitReasons(files.outbox, undefined, (t) => engine.laneHold(t), engine.queueHold())(entry);
  }

  for (const [seconds, asked] of [
    ['86400', '24 hours'],
    ['99999999', '1157 days'],
  ] as const) {
    it(`429 with Retry-After ${seconds}: the queue waits an hour, and says the service asked for ${asked}`, async () => {
      const id = files.outbox.enqueue(assign('T1', undefined));
      const { engine, state, sends } = engineAnswering(429, seconds);
      await engine.syncNow();
      const at = platform.now() + HOUR;
      expect(engine.queueHold()).toMatchObject({ kind: 'slow-down', until: at });
      expect(lineOf(engine, id)).toEqual({
        said:
          `Waiting: the service asked to slow down (429) for ${asked}, longer than this computer waits (1 hour at ` +
          `most); retrying at ${clock(at)}; press Sync now to try at once.`,
        until: at,
      });
      // An hour on, asked again (on the old code: nothing until the day, or the years, had passed).
      state.answering = false;
      platform.advance(HOUR);
      await settle();
      expect(sends()).toBe(2);
      expect(files.outbox.get(id)!.state).toBe('done');
      await engine.stop();
    });
  }

  it('503 with Retry-After 86400 on one lane: the same hour at most, said on the lane’s line', async () => {
    const id = files.outbox.enqueue(assign('T1', undefined));
    const { engine, state, sends } = engineAnswering(503, '86400');
    await engine.syncNow();
    const hold = engine.laneHold(files.outbox.get(id)!.target)!;
    expect(hold.until).toBe(platform.now() + MAX_RETRY_AFTER_MS);
    expect(lineOf(engine, id)?.said).toBe(
      `Retrying at ${clock(hold.until)} (the service answered 503 Service Unavailable; it asked to wait 24 hours, ` +
        'longer than this computer waits (1 hour at most)); press Sync now to try at once.',
    );
    state.answering = false;
    platform.advance(HOUR);
    await settle();
    expect(sends()).toBe(2);
    expect(files.outbox.get(id)!.state).toBe('done');
    await engine.stop();
  });

  it('a short slow-down is waited as asked, and its line says Sync now tries at once', async () => {
    const id = files.outbox.enqueue(assign('T1', undefined));
    const { engine } = engineAnswering(429, '120');
    await engine.syncNow();
    const until = platform.now() + 120_000;
    expect(engine.queueHold()).toMatchObject({ kind: 'slow-down', until });
    expect(lineOf(engine, id)).toEqual({
      said: `Waiting: the service asked to slow down (429); retrying at ${clock(until)}; press Sync now to try at once.`,
      until,
    });
    await engine.stop();
  });

  it('a retry that falls after midnight says "tomorrow"', async () => {
    onTo(23, 30);
    const id = files.outbox.enqueue(assign('T1', undefined));
    const { engine } = engineAnswering(429, '3600');
    await engine.syncNow();
    expect(lineOf(engine, id)?.said).toBe(
      'Waiting: the service asked to slow down (429); retrying tomorrow at 00:30; press Sync now to try at once.',
    );
    const lane = engineAnswering(503, '3600');
    const other = files.outbox.enqueue(assign('T2', undefined, 'BOX-2'));
    await engine.stop();
    await lane.engine.syncNow();
    expect(lineOf(lane.engine, other)?.said).toMatch(/^Retrying tomorrow at 00:30 \(the service answered 503/);
    await lane.engine.stop();
  });
});
