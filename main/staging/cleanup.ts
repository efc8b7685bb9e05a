import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Outbox } from '../outbox/outbox-store.js';
import type { Logger } from '../common/logger.js';
import { PARTIAL_SUFFIX, removeStaged } from './staged-file.js';

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

/**
 * At start, before anything stages: a `.partial` file belongs to a staging of an earlier run (a tab
 * closed mid-file, a crash). No entry points at it and nothing can finish it, so it goes. Complete
 * copies are left alone: the outbox may still need them. Answers how many were removed.
 */
export async function sweepOrphanedPartials(stagingDir: string, log: Logger): Promise<number> {
  let names: string[];
  try {
    names = await readdir(stagingDir);
  } catch (err) {
    // Nothing staged yet, or a folder that cannot be read: staging itself reports that when used.
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
      log.warn('the staging folder could not be read', { error: String(err) });
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith(PARTIAL_SUFFIX)) continue;
    try {
      await removeStaged(join(stagingDir, name));
      removed += 1;
    } catch (err) {
      log.warn('an unfinished staging copy could not be removed', { name, error: String(err) });
    }
  }
  if (removed > 0) log.info('removed unfinished staging copies of an earlier run', { removed });
  return removed;
}
