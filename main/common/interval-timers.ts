/** A repeating timer, injected so a schedule can be run in tests without waiting for it. */
export interface IntervalTimers {
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
}

/** Node's own, unref'd: housekeeping on a timer must never keep the process alive by itself. */
export const NODE_INTERVALS: IntervalTimers = {
  setInterval: (fn, ms) => setInterval(fn, ms).unref(),
  clearInterval: (id) => clearInterval(id as NodeJS.Timeout),
};
