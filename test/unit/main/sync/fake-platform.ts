import type { SyncPlatform } from '../../../../main/sync/platform.js';
import { seededRandom } from '../../../helpers/seeded-random.js';

/** A manual clock: timers fire only when the test advances time. */
export function fakePlatform(seed = 1): SyncPlatform & { advance(ms: number): void; pending(): number } {
  let now = 1_700_000_000_000;
  let seq = 0;
  let ids = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => now,
    setTimeout: (fn, ms) => {
      const id = ++seq;
      timers.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout: (h) => void timers.delete(h as number),
    random: seededRandom(seed),
    newRequestId: () => `req-${++ids}`,
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = [...timers].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].fn();
      }
      now = until;
    },
    pending: () => timers.size,
  };
}
