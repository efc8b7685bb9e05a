import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../common/logger.js';

/**
 * A record folder's files are written before its entries are queued, so for a moment (and for good,
 * if the queue write fails or the app dies in between) a folder exists that nothing files. This mark,
 * holding the filing's key, is inside it until the entries are committed: what still carries it was
 * never filed unless the outbox has the filing. A dot name, so no listing or channel ever shows it.
 */
const UNFILED = '.unfiled';

export async function markUnfiled(folder: string, filingKey: string): Promise<void> {
  await writeFile(path.join(folder, UNFILED), filingKey, { flag: 'wx' });
}

/** The entries are committed: the folder is the user's kept copy from now on, never removed by the app. */
export async function markFiled(folder: string): Promise<void> {
  await rm(path.join(folder, UNFILED), { force: true });
}

/** Removes a folder whose filing was not queued: nothing refers to it, and a second filing makes its own. */
export async function removeUnfiled(folder: string): Promise<void> {
  await rm(folder, { recursive: true, force: true });
}

/**
 * At start: a folder still marked unfiled that the outbox does not have as its filing's record was
 * left by a filing that died between writing it and queuing it (a crash, power cut), or by a second
 * press of a filing already queued: removed, as its staged copies are by the staging sweep. One the
 * outbox has (the mark's removal failed) just loses its mark. A mark
 * older than `keptMs`, the time synced entries are kept, is left alone: its filing may have been
 * queued, sent and pruned since, and the folder is then the user's copy. Answers how many went.
 */
export async function sweepUnfiledRecords(o: {
  recordsDir: string;
  /** Whether the outbox has queued `folder` as the record of the filing its mark names. */
  isFiled: (filingKey: string, folder: string) => boolean;
  now: number;
  keptMs: number;
  log: Logger;
}): Promise<number> {
  let names: string[];
  try {
    names = await readdir(o.recordsDir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
      o.log.warn('the records folder could not be read', { error: String(err) });
    return 0;
  }
  let removed = 0;
  for (const name of names.filter((n) => n.startsWith('PLATE_'))) {
    const folder = path.join(o.recordsDir, name);
    const mark = path.join(folder, UNFILED);
    try {
      const [key, marked] = await Promise.all([readFile(mark, 'utf8'), stat(mark)]);
      if (o.isFiled(key, name)) await markFiled(folder);
      else if (o.now - marked.mtimeMs < o.keptMs) {
        await removeUnfiled(folder);
        removed += 1;
      }
    } catch (err) {
      // No mark: a filed record (or one from before marks), which is the user's and stays.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
        o.log.warn('a record folder that was never filed could not be removed', { folder: name, error: String(err) });
    }
  }
  if (removed > 0) o.log.info('removed record folders whose filing was never queued', { removed });
  return removed;
}
