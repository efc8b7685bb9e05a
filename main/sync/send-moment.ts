/**
 * When the engine sends what was just queued. Not a fixed delay after the first entry of a wait:
 * at a steady pace that lands on a later scan every time (500 ms after a scan is the next-but-one
 * scan at 4 reads/s, the very next one at 2/s), and the drain's work in main then holds that scan's
 * commit and answer (measured: a scan arriving with a drain waited 5 ms at the median instead of
 * 4). Instead the send is put half the last gap between enqueues after the latest one, mid-way to
 * where the next scan is expected:
 * - at least `minMs`, so entries queued together (a layout, a burst) share a request;
 * - at most `maxMs`, the old fixed delay, which also gives "undo" a moment at a human pace;
 * - never later than `maxWaitMs` after the oldest entry still waiting, so a steady fast stream
 *   (each enqueue moving the moment on) still leaves.
 */
export interface SendMomentOptions {
  minMs: number;
  maxMs: number;
  maxWaitMs: number;
}

export interface SendMoment {
  /** An entry was queued at `now`: the delay from `now` after which to send. */
  enqueued(now: number): number;
  /** A drain started: everything queued so far is on its way; the next entry starts a new wait. */
  sending(): void;
}

export function createSendMoment(o: SendMomentOptions): SendMoment {
  let lastAt: number | null = null;
  let waitingSince: number | null = null;
  return {
    enqueued(now) {
      const gap = lastAt === null ? Infinity : now - lastAt;
      lastAt = now;
      waitingSince ??= now;
      const delay = Math.min(o.maxMs, Math.max(o.minMs, gap / 2));
      return Math.max(0, Math.min(now + delay, waitingSince + o.maxWaitMs) - now);
    },
    sending() {
      waitingSince = null;
    },
  };
}
