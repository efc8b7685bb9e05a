import type { Logger } from '../common/logger.js';

export interface RecoveryDeps {
  /** Loads the page again in a new renderer (webContents.reload). */
  reload(): void;
  isDestroyed(): boolean;
  now(): number;
  /**
   * Runs `fn` after the current task: a reload started inside Electron's render-process-gone handler can
   * bring the whole app down (electron/electron#19887, fixed in Electron only by #51900).
   */
  later(fn: () => void): void;
  /** Asked once the reloads are used up: 'reload' tries again, 'quit' closes Benchlink. */
  ask(message: string, detail: string): Promise<'reload' | 'quit'>;
  quit(): void;
  log: Logger;
}

/** Reason as Electron's RenderProcessGoneDetails gives it. */
export interface GoneDetails {
  reason: string;
  exitCode: number;
}

/**
 * A crashed renderer left a blank window: no screen, no scan feedback, and nothing saying why. It is
 * reloaded, up to `limit` times within `windowMs`; a page that keeps crashing is not reloaded forever
 * but the user is asked. Main (the outbox, the scanner) does not stop meanwhile, so nothing queued is lost.
 */
export function rendererRecovery(deps: RecoveryDeps, limit = 3, windowMs = 60_000): (d: GoneDetails) => void {
  let recent: number[] = [];
  let asking = false;
  const reload = () =>
    deps.later(() => {
      if (!deps.isDestroyed()) deps.reload();
    });
  return (details) => {
    // A renderer that ends cleanly is the window closing or the app quitting, not a crash.
    if (details.reason === 'clean-exit' || deps.isDestroyed() || asking) return;
    const now = deps.now();
    recent = recent.filter((t) => now - t < windowMs);
    deps.log.warn('the window stopped working', { reason: details.reason, exitCode: details.exitCode });
    if (recent.length < limit) {
      recent.push(now);
      reload();
      return;
    }
    asking = true;
    void deps
      .ask(
        `The Benchlink window stopped working ${recent.length + 1} times within a minute (${details.reason}).`,
        'Scans already recorded are kept and are still sent. Reload to try again; if it keeps stopping, ' +
          'close Benchlink and start it again.',
      )
      .then(
        (choice) => {
          asking = false;
          if (choice === 'quit') return deps.quit();
          recent = [deps.now()];
          reload();
        },
        (err: unknown) => {
          asking = false;
          deps.log.error('the window could not be recovered', { error: String(err) });
        },
      );
  };
}
