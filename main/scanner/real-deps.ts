import { performance } from 'node:perf_hooks';
import type { Clock, Timers } from './types.js';

/** Production clock and timers for createScannerService; tests pass fakes instead. */
export const monotonicClock: Clock = { now: () => performance.now() };

export const nodeTimers: Timers = {
  setInterval: (fn, ms) => {
    const t = setInterval(fn, ms);
    t.unref(); // polling for scanners must not keep a quitting app alive
    return t;
  },
  clearInterval: (id) => clearInterval(id as NodeJS.Timeout),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id as NodeJS.Timeout),
  setImmediate: (fn) => {
    setImmediate(fn);
  },
};
