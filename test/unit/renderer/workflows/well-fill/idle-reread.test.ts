import { describe, expect, it } from 'vitest';
import { rereadWhenIdle } from '../../../../../renderer/workflows/well-fill/idle-reread.js';

/**
 * The open plate is read again while the bench is idle, so another bench's tubes show without leaving
 * the screen (on the old code only a visit elsewhere and back read it again). Never while scanning, on a
 * hidden page or over a question, one reading at a time, and not after the screen is left. The schedule
 * with its clock and timer injected: each tick is the interval firing.
 */
function screen() {
  let now = 100_000;
  let lastScanAt = now;
  let may = true;
  let tick: (() => void) | null = null;
  let release: (() => void) | null = null;
  let reads = 0;
  const stop = rereadWhenIdle(
    {
      now: () => now,
      lastScanAt: () => lastScanAt,
      mayRead: () => may,
      reread: () => {
        reads += 1;
        return new Promise<void>((r) => (release = r));
      },
      setInterval: (fn) => ((tick = fn), 1),
      clearInterval: () => (tick = null),
    },
    { everyMs: 30_000, idleMs: 20_000 },
  );
  return {
    tick: () => tick?.(),
    pass: (ms: number) => (now += ms),
    scan: () => (lastScanAt = now),
    set may(v: boolean) {
      may = v;
    },
    finish: async () => {
      release?.();
      await Promise.resolve();
      await Promise.resolve();
    },
    get reads() {
      return reads;
    },
    stop,
  };
}

describe('the open plate read again while the bench is idle', () => {
  it('reads it once the bench has not scanned for a while, one reading at a time', async () => {
    const s = screen();
    s.pass(30_000);
    s.tick();
    expect(s.reads).toBe(1);
    // Still reading (a slow service): no second reading on top.
    s.pass(30_000);
    s.tick();
    expect(s.reads).toBe(1);
    await s.finish();
    s.tick();
    expect(s.reads).toBe(2);
  });

  it('not while scanning, nor when the screen says not now, nor once left', () => {
    const s = screen();
    s.pass(25_000);
    s.scan();
    s.pass(5_000);
    s.tick();
    expect(s.reads).toBe(0);
    s.pass(30_000);
    s.may = false;
    s.tick();
    expect(s.reads).toBe(0);
    s.may = true;
    s.stop();
    s.tick();
    expect(s.reads).toBe(0);
  });
});
