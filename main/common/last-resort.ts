import type { Logger } from './logger.js';

/** The part of `process` the handler needs, injected so a test can raise events on its own emitter. */
export interface ProcessEvents {
  on(event: 'uncaughtException' | 'unhandledRejection', listener: (reason: unknown) => void): unknown;
  off(event: 'uncaughtException' | 'unhandledRejection', listener: (reason: unknown) => void): unknown;
}

/**
 * Main's last line of defence: an error no caller caught (a timer, an event listener, a forgotten
 * promise) is logged, and main keeps serving instead of exiting with every scan since the last
 * sync in flight. The outbox stays consistent without help: every write is one SQLite transaction,
 * so an error half-way through rolls back, and nothing is acknowledged before its commit.
 */
export function installLastResort(proc: ProcessEvents, log: Logger): () => void {
  let seen = 0;
  const handler = (kind: string) => (reason: unknown) => {
    seen += 1;
    // A storm of the same bug must not fill the disk with logs: the first ten, then every 1,000th.
    if (seen > 10 && seen % 1000 !== 0) return;
    const error = reason instanceof Error ? reason : new Error(String(reason));
    log.error(`${kind}: main keeps running`, { error: error.message, stack: error.stack, count: seen });
  };
  const onException = handler('uncaught exception');
  const onRejection = handler('unhandled rejection');
  proc.on('uncaughtException', onException);
  proc.on('unhandledRejection', onRejection);
  return () => {
    proc.off('uncaughtException', onException);
    proc.off('unhandledRejection', onRejection);
  };
}
