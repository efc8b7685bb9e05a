import { readdir, readFile, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../common/atomic-file.js';
import type { Logger } from '../common/logger.js';
import { isBuildingFolder } from './record-folders.js';

/**
 * A record folder's files are written before its entries are queued, so for a moment (and for good,
 * if the queue write fails or the app dies in between) a folder exists that nothing files. This mark,
 * holding the filing's key, is inside it until the entries are committed: what still carries it was
 * never filed unless the outbox has the filing. A dot name, so no listing or channel ever shows it.
 * It is written while the folder still has its building name (see startRecordFolder), so no folder
 * under a record's name is ever without it before its filing is committed.
 */
const UNFILED = '.unfiled';

/** Flushed to disk before the folder is named, so a power cut cannot leave the named folder unmarked. */
export async function markUnfiled(folder: string, filingKey: string): Promise<void> {
  await writeFileAtomic(path.join(folder, UNFILED), filingKey);
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
 * At start, what a filing cut off by a crash or power cut can have left:
 * - a folder still under its building name: never a record (nothing lists it or refers to it), removed
 *   whatever it holds;
 * - a folder still marked unfiled that the outbox does not have as its filing's record: the filing died
 *   between naming it and queuing it, or it was a second press of a filing already queued; removed, as
 *   its staged copies are by the staging sweep. One the outbox has (the mark's removal failed) just loses
 *   its mark. A mark older than `keptMs`, the time finished entries are kept, is left alone: its filing may
 *   have been queued, sent and pruned since, and the folder is then the user's copy;
 * - an empty record folder with no mark: what versions that made the folder before its mark left when
 *   cut off in between. It holds nothing, so removing it loses nothing. A folder with no mark that holds
 *   anything is a filed record (or one from before marks) and is the user's: it stays.
 * Answers how many went.
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
  for (const name of names) {
    const folder = path.join(o.recordsDir, name);
    try {
      if (isBuildingFolder(name)) await removeUnfiled(folder);
      else if (!name.startsWith('PLATE_') || !(await sweepRecord(folder, name, o))) continue;
      removed += 1;
    } catch (err) {
      o.log.warn('a record folder that was never filed could not be removed', { folder: name, error: String(err) });
    }
  }
  if (removed > 0) o.log.info('removed record folders whose filing was never queued', { removed });
  return removed;
}

/** One record-named folder at start (see sweepUnfiledRecords); answers whether it was removed. */
async function sweepRecord(
  folder: string,
  name: string,
  o: { isFiled: (filingKey: string, folder: string) => boolean; now: number; keptMs: number },
): Promise<boolean> {
  const mark = path.join(folder, UNFILED);
  let key: string;
  let markedAt: number;
  try {
    [key, markedAt] = await Promise.all([readFile(mark, 'utf8'), stat(mark).then((s) => s.mtimeMs)]);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    if ((await readdir(folder)).length > 0) return false;
    // Not rm: should anything land in it meanwhile, rmdir refuses and the folder stays.
    await rmdir(folder);
    return true;
  }
  if (o.isFiled(key, name)) {
    await markFiled(folder);
    return false;
  }
  if (o.now - markedAt >= o.keptMs) return false;
  await removeUnfiled(folder);
  return true;
}
