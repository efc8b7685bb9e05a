import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Writes a whole file so a crash leaves either the old contents or the new ones, never half a
 * file: the bytes go to a temporary name beside it, are flushed to disk, then renamed over it.
 */
export async function writeFileAtomic(
  file: string,
  data: string | Uint8Array,
  options: { mode?: number } = {},
): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const tmp = `${file}.tmp-${randomUUID()}`;
  const handle = await open(tmp, 'wx', options.mode ?? 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } catch (err) {
    await handle.close();
    await rm(tmp, { force: true });
    throw err;
  }
  await handle.close();
  await rename(tmp, file);
}

/** A JSON document, pretty-printed with a trailing newline, written atomically. */
export function writeJsonAtomic(file: string, value: unknown, options: { mode?: number } = {}): Promise<void> {
  return writeFileAtomic(file, `${JSON.stringify(value, null, 2)}\n`, options);
}

/**
 * A file that could not be read is never deleted: it is renamed aside with a timestamp (the user may
 * want it back) and the caller starts fresh. Answers the new name.
 */
export async function moveAside(file: string, at: Date, suffix = ''): Promise<string> {
  const movedTo = `${file}.corrupt-${at.toISOString().replace(/[:.]/g, '-')}${suffix}`;
  await rename(file, movedTo);
  return movedTo;
}

/** What a folder fsync meets where the platform (Windows) or its filesystem does not do one. */
const NO_FOLDER_SYNC = new Set(['EISDIR', 'EPERM', 'EACCES', 'EINVAL', 'ENOTSUP', 'EBADF']);
const noFolderSync = (err: unknown): boolean => NO_FOLDER_SYNC.has((err as NodeJS.ErrnoException).code ?? '');

/**
 * Flushes a folder's entries to disk, after a rename into it: the file's bytes were synced, but the new
 * name lives in the folder, and power lost before that is written can leave only the old name (a
 * `.partial` the next start removes). Where a folder cannot be opened or synced (Windows, some
 * filesystems) nothing more can be done, so that is no error.
 */
export async function syncFolder(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
  } catch (err) {
    if (noFolderSync(err)) return;
    throw err;
  }
  try {
    await handle.sync();
  } catch (err) {
    if (!noFolderSync(err)) throw err;
  } finally {
    await handle.close();
  }
}
