import { randomUUID } from 'node:crypto';

/** An opaque timer handle, whatever the injected timer implementation returns. */
export type TimerHandle = unknown;

/**
 * Everything time- and chance-dependent the engine uses, injected so tests drive it with a fake
 * clock and a seeded random, without patching globals.
 */
export interface SyncPlatform {
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  /** Uniform in [0, 1). */
  random(): number;
  newRequestId(): string;
}

export function systemPlatform(): SyncPlatform {
  return {
    now: () => Date.now(),
    setTimeout: (fn, ms) => {
      const t = setTimeout(fn, ms);
      // A pending retry must not keep a CLI or test process alive on its own.
      t.unref?.();
      return t;
    },
    clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
    random: () => Math.random(),
    newRequestId: () => randomUUID(),
  };
}

/** Resolves after `ms`, or at once when `signal` aborts, clearing its timer so none outlives a stop. */
export function sleep(platform: SyncPlatform, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      platform.clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = platform.setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
