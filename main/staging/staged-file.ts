import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileUploadIntent } from '../../shared/outbox/intents.js';
import { syncFolder } from '../common/atomic-file.js';
import { safeFileNamePart } from '../common/safe-file-name.js';
import { toWriteError } from '../common/write-error.js';
import { errorCode, isFromSource, sourceUnreadable } from './source-problem.js';

/** A copy still being written; only a complete copy gets its final name. */
export const PARTIAL_SUFFIX = '.partial';

export interface StagedFile {
  stagedPath: string;
  size: number;
  sha256: string;
}

/** The source file was being written while we copied it; the copy was discarded. */
export class SourceChangedError extends Error {
  override readonly name = 'SourceChangedError';
}

type Identity = Pick<fs.Stats, 'size' | 'mtimeMs' | 'ino' | 'dev'>;

/**
 * What differs between the source before and after the copy, or null. Inode and device catch a
 * file replaced by rename (same size, even same time); they are only compared where the platform
 * reports them (0 means "not available"). Filesystems with coarse times (FAT: 2 s) can still hide a
 * same-size rewrite within one tick; nothing short of reading twice would catch that.
 */
function changeBetween(before: Identity, after: Identity | null, copied: number): string | null {
  if (after === null) return 'it was removed';
  if (copied !== before.size) return `${copied} bytes were read but it had ${before.size}`;
  if (after.size !== before.size) return `its size went from ${before.size} to ${after.size} bytes`;
  if (after.mtimeMs !== before.mtimeMs) return 'it was modified';
  const known = (n: number) => n !== 0;
  if (known(before.ino) && known(after.ino) && (after.ino !== before.ino || after.dev !== before.dev))
    return 'it was replaced by another file';
  return null;
}

/**
 * Copies a file the user chose into the app's staging folder, hashing while it streams, and
 * fsyncs it. The outbox then refers to our copy only: a source that changes or vanishes later
 * cannot corrupt the upload. The copy is written under a temporary name and renamed when complete,
 * so a crash never leaves a half file under a name an entry points at.
 *
 * A path source is checked before and after the copy: an instrument still writing the file would
 * otherwise give a torn copy (part old, part new) with a valid hash over the torn bytes. Such a
 * copy is discarded and a SourceChangedError says why; a stream source has nothing to check.
 */
export async function stageFile(
  source: string | NodeJS.ReadableStream,
  stagingDir: string,
  fileName: string,
): Promise<StagedFile> {
  let tmpPath: string | undefined;
  let renamed: string | undefined;
  try {
    await fs.promises.mkdir(stagingDir, { recursive: true });
    const finalPath = path.join(stagingDir, stagedName(fileName));
    tmpPath = `${finalPath}${PARTIAL_SUFFIX}`;
    const hash = createHash('sha256');
    let size = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    const before = typeof source === 'string' ? await fs.promises.stat(source) : null;
    const input = typeof source === 'string' ? fs.createReadStream(source) : source;
    await pipeline(input, tap, fs.createWriteStream(tmpPath, { flags: 'wx' }));
    if (typeof source === 'string' && before !== null) {
      const after = await fs.promises.stat(source).catch(() => null);
      const change = changeBetween(before, after, size);
      if (change !== null)
        throw new SourceChangedError(
          `${fileName} changed while it was being copied (${change}; an instrument still writing?): ` +
            'pick it again when it is complete.',
        );
    }
    const fd = await fs.promises.open(tmpPath, 'r+');
    try {
      await fd.sync();
    } finally {
      await fd.close();
    }
    await fs.promises.rename(tmpPath, finalPath);
    renamed = finalPath;
    await syncFolder(stagingDir);
    return { stagedPath: finalPath, size, sha256: hash.digest('hex') };
  } catch (err) {
    // A failed copy is never used; leaving its .partial would only take disk until the next sweep.
    if (tmpPath !== undefined) await fs.promises.rm(tmpPath, { force: true }).catch(() => undefined);
    if (renamed !== undefined) await fs.promises.rm(renamed, { force: true }).catch(() => undefined);
    if (err instanceof SourceChangedError) throw err;
    // Reading the chosen file failed (gone or locked since it was chosen): not the data folder's fault.
    if (typeof source === 'string' && isFromSource(err, source)) throw sourceUnreadable(err, fileName);
    throw toWriteError(err, `The file ${fileName}`);
  }
}

/**
 * Characters of the user's name a staged copy keeps: with the uuid before it and ".partial" after, a
 * name stays under the 255 bytes file systems allow (a name of 211 or more characters, which the
 * contract allows, failed as ENAMETOOLONG, said as a failing disk). Safe characters are one byte each.
 */
const KEPT_NAME_CHARS = 200;

/** A fresh name in the staging folder: unique, and nothing from the user's name but safe characters. */
export function stagedName(fileName: string): string {
  const safeName = safeFileNamePart(path.basename(fileName)) || 'file';
  return `${randomUUID()}-${shortened(safeName, KEPT_NAME_CHARS)}`;
}

/** `name` in at most `max` characters, its extension kept (the service reads the type from it). */
function shortened(name: string, max: number): string {
  if (name.length <= max) return name;
  const ext = path.extname(name);
  const kept = ext.length > 0 && ext.length <= 20 ? ext : '';
  return name.slice(0, max - kept.length) + kept;
}

/** Builds the upload intent for a staged copy. */
export function uploadIntent(
  staged: StagedFile,
  fileName: string,
  options: { isGlobal?: boolean; fileSource?: string } = {},
): FileUploadIntent {
  return {
    type: 'file-upload',
    ...staged,
    fileName,
    isGlobal: options.isGlobal ?? false,
    fileSource: options.fileSource ?? 'AI Lab Drive',
  };
}

/**
 * Where a queued upload's copy is now. The entry stores the path it was staged at, spelled as the data
 * folder was then; a folder since moved (a new profile path, a restored backup) leaves that path empty
 * while the copy sits in today's staging folder under the same unique name. The stored path wins when
 * a file is there; otherwise the copy of that name here, if any; otherwise the stored path, so the
 * check that follows says what is missing.
 */
export async function locateStaged(stagedPath: string, stagingDir: string): Promise<string> {
  if (await isFile(stagedPath)) return stagedPath;
  const here = path.join(stagingDir, path.basename(stagedPath));
  return (await isFile(here)) ? here : stagedPath;
}

async function isFile(p: string): Promise<boolean> {
  return fs.promises.stat(p).then(
    (s) => s.isFile(),
    () => false,
  );
}

/** Checks the staged copy is still the bytes that were queued (size and sha256). */
export async function verifyStaged(intent: FileUploadIntent): Promise<StagedProblem | null> {
  try {
    const stat = await fs.promises.stat(intent.stagedPath);
    if (stat.size !== intent.size)
      return { said: `the staged copy changed size (${stat.size} ≠ ${intent.size})`, lost: true };
    const hash = createHash('sha256');
    await pipeline(fs.createReadStream(intent.stagedPath), hash);
    const digest = hash.digest('hex');
    return digest === intent.sha256 ? null : { said: 'the staged copy no longer matches its checksum', lost: true };
  } catch (err) {
    // The system's text names the copy's path, under the user's home: the Outbox shows this reason.
    const code = errorCode(err);
    return code === 'ENOENT' || code === 'ENOTDIR'
      ? { said: 'the staged copy is missing', lost: true }
      : { said: `the staged copy cannot be read (${code ?? 'unknown error'})`, lost: false };
  }
}

/**
 * What is wrong with an upload's staged copy. `lost`: gone or no longer the file picked, so no retry can
 * send it (the user uploads the file again); otherwise it could not be read now and may be later.
 */
export interface StagedProblem {
  said: string;
  lost: boolean;
}

/** Removes a staged copy once the server confirmed it (or the user discarded the entry). */
export async function removeStaged(stagedPath: string): Promise<void> {
  await fs.promises.rm(stagedPath, { force: true });
}
