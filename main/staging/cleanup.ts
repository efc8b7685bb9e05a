import type { Outbox } from '../outbox/outbox-store.js';
import type { Logger } from '../common/logger.js';
import { removeStaged } from './staged-file.js';

const FINISHED = new Set(['done', 'discarded', 'cancelled']);

/**
 * The one place a staged upload copy is removed: once its entry is finished by any path — the server
 * confirmed it, the user confirmed an uncertain one arrived, discarded it, or undid it. Until then it
 * stays, so an upload can always be resent from our own bytes. Returns the unsubscribe.
 */
export function removeFinishedStagedCopies(outbox: Outbox, log: Logger): () => void {
  return outbox.events.on('changed', (changes) => {
    for (const c of changes) {
      if (c.type !== 'file-upload' || !FINISHED.has(c.state)) continue;
      const e = outbox.get(c.id);
      if (e?.intent.type !== 'file-upload') continue;
      const path = e.intent.stagedPath;
      removeStaged(path).catch((err: unknown) =>
        log.warn('a staged copy could not be removed', { path, error: String(err) }),
      );
    }
  });
}
