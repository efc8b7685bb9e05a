import { createHash, randomUUID, type Hash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MAX_UPLOAD_BYTES } from '../../shared/ipc/channels/upload.js';
import { syncFolder } from '../common/atomic-file.js';
import { toWriteError } from '../common/write-error.js';
import { PARTIAL_SUFFIX, removeStaged, stageFile, stagedName, type StagedFile } from './staged-file.js';
import { sourceUnreadable } from './source-problem.js';

/** Who is sending a file: one browser tab's socket, or the Electron window. Closing it aborts its stagings. */
export interface StagingOwner {
  id: string;
  /** Aborted when the sender goes away (socket closed); its unfinished stagings are removed then. */
  closed?: AbortSignal;
}

export interface StagingLimits {
  /** Unfinished stagings one sender may hold at once (each holds a descriptor and a .partial file). */
  perOwner: number;
  /** Unfinished stagings across all senders. */
  total: number;
  maxFileBytes: number;
  /** A staging that receives no chunk for this long is abandoned, so a stalled page cannot hold a slot. */
  idleMs: number;
}

export const DEFAULT_STAGING_LIMITS: StagingLimits = Object.freeze({
  perOwner: 4,
  total: 16,
  maxFileBytes: MAX_UPLOAD_BYTES,
  idleMs: 120_000,
});

/** A staging refused or failed for a reason the user can act on; the message says which. */
export class StagingError extends Error {
  override readonly name = 'StagingError';
}

interface Incoming {
  owner: string;
  name: string;
  size: number;
  received: number;
  tmpPath: string;
  finalPath: string;
  file: fs.promises.FileHandle;
  hash: Hash;
  /** Writes run one after another in arrival order; the next chunk waits for this. */
  tail: Promise<void>;
  detach: () => void;
  idle: ReturnType<typeof setTimeout>;
}

export interface UploadStaging {
  /** Opens the staging copy now, so a disk that cannot take it fails here, not at the end. */
  begin(name: string, size: number, owner: StagingOwner): Promise<string>;
  chunk(stagingId: string, offset: number, bytes: Buffer): Promise<number>;
  finish(stagingId: string): Promise<{ stagedId: string } & StagedFile>;
  /** Closes the copy's descriptor and removes its .partial file. Unknown ids are ignored. */
  abort(stagingId: string): Promise<void>;
  /**
   * A file main can read itself (Electron's dialog): staged in one go. The copy holds one of the
   * owner's staging slots while it runs, under the same limits as a staging sent in chunks.
   */
  stagePath(path: string, name: string, owner: StagingOwner): Promise<{ stagedId: string } & StagedFile>;
  /** A finished copy still waiting for its ticket to be redeemed, without redeeming it. */
  peek(stagedId: string): (StagedFile & { name: string }) | null;
  /** Hands a finished copy over once (to the outbox); a second enqueue of the same copy finds nothing. */
  take(stagedId: string): (StagedFile & { name: string }) | null;
  /**
   * Spends every ticket issued before `issuedBefore` that no page redeemed (it dropped a file, then
   * left or reloaded before queueing it) and answers their copies' paths, for the cleanup to remove.
   * A ticket spent here is unknown to `take` from then on.
   */
  expireTickets(issuedBefore: number): string[];
  /** Unfinished stagings right now. */
  readonly active: number;
}

const sizeText = (bytes: number): string =>
  bytes >= 1024 ** 3
    ? `${(bytes / 1024 ** 3).toFixed(1)} GB`
    : bytes >= 1024 ** 2
      ? `${(bytes / 1024 ** 2).toFixed(1)} MB`
      : `${bytes} bytes`;

/**
 * Streams a dropped file's bytes (sent by the browser renderer in chunks) straight into the
 * staging copy, hashing as it goes; nothing is buffered whole. Chunks must arrive in order, so a
 * lost or repeated chunk fails loudly instead of staging a corrupt file. Every unfinished staging
 * holds a descriptor, so their number is capped per sender and in total, and a sender that goes
 * away takes its unfinished ones with it.
 */
export function createUploadStaging(
  stagingDir: string,
  limits: StagingLimits = DEFAULT_STAGING_LIMITS,
  now: () => number = Date.now,
): UploadStaging {
  const incoming = new Map<string, Incoming>();
  /** Finished copies waiting for their page's upload.enqueue, by ticket, with when each was issued. */
  const ready = new Map<string, StagedFile & { name: string; issuedAt: number }>();
  /**
   * Opens in progress, and copies of chosen files (stagePath), count against the caps too, or
   * parallel begins could all pass the check.
   */
  let opening = 0;
  const openingBy = new Map<string, number>();

  /** Holds one of `owner`'s slots until the returned release is called. */
  function hold(ownerId: string): () => void {
    opening += 1;
    openingBy.set(ownerId, (openingBy.get(ownerId) ?? 0) + 1);
    return () => {
      opening -= 1;
      const left = (openingBy.get(ownerId) ?? 1) - 1;
      if (left > 0) openingBy.set(ownerId, left);
      else openingBy.delete(ownerId);
    };
  }

  function keep(staged: StagedFile, name: string) {
    const stagedId = randomUUID();
    ready.set(stagedId, { ...staged, name, issuedAt: now() });
    return { stagedId, ...staged };
  }

  function held(owner: string): number {
    let n = openingBy.get(owner) ?? 0;
    for (const f of incoming.values()) if (f.owner === owner) n += 1;
    return n;
  }

  function checkLimits(name: string, size: number, owner: string): void {
    // Never what anyone means to upload: most often an instrument's export not written yet (or a folder,
    // as Chrome on Windows hands one over). Queued, it would be stored empty without a word.
    if (size === 0)
      throw new StagingError(
        `${name} is empty (0 bytes): if an instrument is still writing it, add it again once it is complete.`,
      );
    if (size > limits.maxFileBytes)
      throw new StagingError(
        `${name} is ${sizeText(size)}; files up to ${sizeText(limits.maxFileBytes)} can be uploaded.`,
      );
    if (held(owner) >= limits.perOwner)
      throw new StagingError(
        `${limits.perOwner} files are already being staged from this window; wait for one to finish.`,
      );
    if (incoming.size + opening >= limits.total)
      throw new StagingError(`${limits.total} files are already being staged; wait for one to finish.`);
  }

  async function abort(stagingId: string): Promise<void> {
    const f = incoming.get(stagingId);
    if (!f) return;
    incoming.delete(stagingId);
    f.detach();
    clearTimeout(f.idle);
    await f.tail.catch(() => undefined);
    await f.file.close().catch(() => undefined);
    await removeStaged(f.tmpPath);
  }

  async function open(
    name: string,
    ownerId: string,
  ): Promise<{ file: fs.promises.FileHandle; tmpPath: string; finalPath: string }> {
    const release = hold(ownerId);
    try {
      await fs.promises.mkdir(stagingDir, { recursive: true });
      const finalPath = path.join(stagingDir, stagedName(name));
      const tmpPath = `${finalPath}${PARTIAL_SUFFIX}`;
      const file = await fs.promises.open(tmpPath, 'wx', 0o600);
      return { file, tmpPath, finalPath };
    } catch (err) {
      throw toWriteError(err, `The staging copy of ${name}`);
    } finally {
      release();
    }
  }

  return {
    async begin(name, size, owner) {
      checkLimits(name, size, owner.id);
      if (owner.closed?.aborted) throw new StagingError('The window that sent this file is closed.');
      const opened = await open(name, owner.id);
      const stagingId = randomUUID();
      const onClose = () => void abort(stagingId);
      const idle = setTimeout(onClose, limits.idleMs);
      idle.unref?.();
      owner.closed?.addEventListener('abort', onClose, { once: true });
      incoming.set(stagingId, {
        ...opened,
        owner: owner.id,
        name,
        size,
        received: 0,
        hash: createHash('sha256'),
        tail: Promise.resolve(),
        detach: () => owner.closed?.removeEventListener('abort', onClose),
        idle,
      });
      // Closed while the file was opening: the listener came too late to see it.
      if (owner.closed?.aborted) {
        await abort(stagingId);
        throw new StagingError('The window that sent this file is closed.');
      }
      return stagingId;
    },
    async chunk(stagingId, offset, bytes) {
      const f = incoming.get(stagingId);
      if (!f) throw new StagingError('unknown upload');
      // A staging cannot recover from a lost or extra chunk: it ends here and frees its slot.
      const wrong =
        offset !== f.received
          ? `chunk at ${offset}, expected ${f.received}`
          : f.received + bytes.length > f.size
            ? 'more bytes than announced'
            : null;
      if (wrong) {
        await abort(stagingId);
        throw new StagingError(wrong);
      }
      f.received += bytes.length;
      f.idle.refresh();
      const write = f.tail.then(async () => {
        f.hash.update(bytes);
        await f.file.write(bytes);
      });
      f.tail = write;
      try {
        await write;
      } catch (err) {
        await abort(stagingId);
        throw toWriteError(err, `The staging copy of ${f.name}`);
      }
      return f.received;
    },
    async finish(stagingId) {
      const f = incoming.get(stagingId);
      if (!f) throw new StagingError('unknown upload');
      if (f.received !== f.size) {
        await abort(stagingId);
        throw new StagingError(`received ${f.received} of ${f.size} bytes`);
      }
      incoming.delete(stagingId);
      f.detach();
      clearTimeout(f.idle);
      try {
        await f.tail;
        await f.file.sync();
        await f.file.close();
        await fs.promises.rename(f.tmpPath, f.finalPath);
        await syncFolder(stagingDir);
      } catch (err) {
        await f.file.close().catch(() => undefined);
        await removeStaged(f.tmpPath);
        // Renamed, but its name may not be on disk: never handed out, so it is not kept either.
        await removeStaged(f.finalPath).catch(() => undefined);
        throw toWriteError(err, `The staging copy of ${f.name}`);
      }
      return keep({ stagedPath: f.finalPath, size: f.size, sha256: f.hash.digest('hex') }, f.name);
    },
    abort,
    async stagePath(source, name, owner) {
      // Chosen a while ago: moved, deleted or locked since, it is said by name, never by the path.
      const found = await fs.promises.stat(source).catch((err: unknown) => {
        throw sourceUnreadable(err, name);
      });
      if (found.isDirectory()) throw sourceUnreadable({ code: 'EISDIR' }, name);
      const { size } = found;
      checkLimits(name, size, owner.id);
      if (owner.closed?.aborted) throw new StagingError('The window that chose this file is closed.');
      const release = hold(owner.id);
      try {
        return keep(await stageFile(source, stagingDir, name), name);
      } finally {
        release();
      }
    },
    peek(stagedId) {
      const s = ready.get(stagedId);
      return s ? { stagedPath: s.stagedPath, size: s.size, sha256: s.sha256, name: s.name } : null;
    },
    take(stagedId) {
      const s = this.peek(stagedId);
      ready.delete(stagedId);
      return s;
    },
    expireTickets(issuedBefore) {
      const expired: string[] = [];
      for (const [id, s] of ready) {
        if (s.issuedAt >= issuedBefore) continue;
        ready.delete(id);
        expired.push(s.stagedPath);
      }
      return expired;
    },
    get active() {
      return incoming.size;
    },
  };
}
