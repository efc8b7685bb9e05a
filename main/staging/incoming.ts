import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { once } from 'node:events';
import { stageFile, type StagedFile } from './staged-file.js';

interface Incoming {
  name: string;
  size: number;
  received: number;
  stream: PassThrough;
  staged: Promise<StagedFile>;
}

export interface UploadStaging {
  begin(name: string, size: number): string;
  chunk(stagingId: string, offset: number, bytes: Buffer): Promise<number>;
  finish(stagingId: string): Promise<{ stagedId: string } & StagedFile>;
  /** A file main can read itself (Electron's dialog): staged in one go. */
  stagePath(path: string, name: string): Promise<{ stagedId: string } & StagedFile>;
  staged(stagedId: string): (StagedFile & { name: string }) | null;
}

/**
 * Streams a dropped file's bytes (sent by the browser renderer in chunks) straight into the
 * staging copy, hashing as it goes; nothing is buffered whole. Chunks must arrive in order, so a
 * lost or repeated chunk fails loudly instead of staging a corrupt file.
 */
export function createUploadStaging(stagingDir: string): UploadStaging {
  const incoming = new Map<string, Incoming>();
  const ready = new Map<string, StagedFile & { name: string }>();

  function keep(staged: StagedFile, name: string) {
    const stagedId = randomUUID();
    ready.set(stagedId, { ...staged, name });
    return { stagedId, ...staged };
  }

  return {
    begin(name, size) {
      const stagingId = randomUUID();
      const stream = new PassThrough();
      const staged = stageFile(stream, stagingDir, name);
      staged.catch(() => undefined); // observed in finish(); avoids an unhandled rejection meanwhile
      incoming.set(stagingId, { name, size, received: 0, stream, staged });
      return stagingId;
    },
    async chunk(stagingId, offset, bytes) {
      const f = incoming.get(stagingId);
      if (!f) throw new Error('unknown upload');
      if (offset !== f.received) throw new Error(`chunk at ${offset}, expected ${f.received}`);
      if (f.received + bytes.length > f.size) throw new Error('more bytes than announced');
      f.received += bytes.length;
      if (!f.stream.write(bytes)) await once(f.stream, 'drain');
      return f.received;
    },
    async finish(stagingId) {
      const f = incoming.get(stagingId);
      if (!f) throw new Error('unknown upload');
      incoming.delete(stagingId);
      f.stream.end();
      const staged = await f.staged;
      if (staged.size !== f.size) throw new Error(`received ${staged.size} of ${f.size} bytes`);
      return keep(staged, f.name);
    },
    async stagePath(path, name) {
      return keep(await stageFile(path, stagingDir, name), name);
    },
    staged: (id) => ready.get(id) ?? null,
  };
}
