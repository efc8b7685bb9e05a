import type { ApiMode } from '../../shared/api/connection.js';
import type { Logger } from '../common/logger.js';
import type { SandboxAnswers, SandboxHandle, StartSandbox } from './types.js';

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
      pending = (async () => {
        await stop();
        return launch(mode);
      })().finally(() => {
        pending = null;
      });
      return pending;
    },
    stop,
  };
}
