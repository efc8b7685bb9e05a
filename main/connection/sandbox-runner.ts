import type { ApiMode } from '../../shared/api/connection.js';
import type { Logger } from '../common/logger.js';
import type { SandboxAnswers, SandboxHandle, StartSandbox } from './types.js';
import { inTime } from '../common/in-time.js';

export type SandboxState =
  | { state: 'stopped' }
  | { state: 'starting'; mode: ApiMode }
  | { state: 'ready'; mode: ApiMode; handle: SandboxHandle }
  | { state: 'error'; mode: ApiMode; message: string };

export interface SandboxRunner {
  readonly current: SandboxState;
  /** Starts (or restarts in another mode) the in-process sandbox; resolves when it listens. */
  ensure(mode: ApiMode): Promise<SandboxHandle>;
  stop(): Promise<void>;
}

/** How long a stop waits for a sandbox still starting before it leaves it to the process's exit. */
const STOP_WAITS_FOR_START_MS = 10_000;

/** Owns the one in-process sandbox of this run: started on demand, restarted when its mode changes. */
export function createSandboxRunner(opts: {
  start: StartSandbox | undefined;
  dbPath: string;
  fixture?: string;
  answers?: SandboxAnswers;
  log: Logger;
  onChange: () => void;
}): SandboxRunner {
  let current: SandboxState = { state: 'stopped' };
  let pending: Promise<SandboxHandle> | null = null;
  /** The launch under way (state `starting`); it settles only once the state says how it ended. */
  let launching: Promise<SandboxHandle> | null = null;
  const set = (s: SandboxState) => {
    current = s;
    opts.onChange();
  };

  async function launch(mode: ApiMode): Promise<SandboxHandle> {
    if (!opts.start) {
      const message = 'The local sandbox is not part of this build.';
      set({ state: 'error', mode, message });
      throw new Error(message);
    }
    set({ state: 'starting', mode });
    try {
      const handle = await opts.start({
        port: 0,
        mode,
        dbPath: opts.dbPath,
        ...(opts.fixture ? { fixture: opts.fixture } : {}),
        ...(opts.answers ? { answers: opts.answers } : {}),
      });
      set({ state: 'ready', mode, handle });
      opts.log.info('local sandbox started', { url: handle.url, mode });
      return handle;
    } catch (err) {
      const message = `The local sandbox did not start: ${err instanceof Error ? err.message : String(err)}`;
      set({ state: 'error', mode, message });
      throw new Error(message, { cause: err });
    }
  }

  async function stop(): Promise<void> {
    if (current.state === 'starting' && launching) {
      // Let a sandbox that is still starting come up, then close it: left running it would outlive
      // the stop (its thread holding the database), and a process that exits under a thread still
      // opening SQLite can end by a signal instead of cleanly.
      // Bounded: a start that never ends must not hang the app's close.
      await inTime(
        launching.catch(() => undefined),
        STOP_WAITS_FOR_START_MS,
      );
    }
    const c = current;
    if (c.state === 'ready') {
      set({ state: 'stopped' });
      await c.handle.close();
    }
  }

  return {
    get current() {
      return current;
    },
    ensure(mode) {
      const c = current;
      if (c.state === 'ready' && c.mode === mode) return Promise.resolve(c.handle);
      // Single flight: concurrent callers share one start instead of racing two servers.
      if (pending && c.state === 'starting' && c.mode === mode) return pending;
      const p: Promise<SandboxHandle> = (async () => {
        await stop();
        const l = launch(mode);
        launching = l;
        try {
          return await l;
        } finally {
          if (launching === l) launching = null;
        }
      })().finally(() => {
        if (pending === p) pending = null;
      });
      pending = p;
      return p;
    },
    stop,
  };
}
