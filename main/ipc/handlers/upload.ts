import { basename } from 'node:path';
import type { uploadChannels } from '../../../shared/ipc/channels/upload.js';
import { serviceLabel } from '../../../shared/ipc/service-identity.js';
import { ReadElsewhereError, WriteError, type Outbox } from '../../outbox/index.js';
import { SourceChangedError, SourceUnreadableError, UNCLAIMED_TICKET_MS, uploadIntent } from '../../staging/index.js';
import type { UploadStaging } from '../../staging/incoming.js';
import { IpcFailure } from '../failure.js';
import type { HandlersFor } from '../types.js';
import type { PickedFiles } from '../../staging/picked-files.js';
import { sameUpload } from '../../staging/same-upload.js';

const explain = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (err) {
    // A chosen file gone, locked or changed is said in the user's words, whole: the page leads it with
    // "Not queued", and "Staging failed" before it says nothing more.
    if (err instanceof SourceUnreadableError || err instanceof SourceChangedError)
      throw new IpcFailure('failed', err.message);
    throw new IpcFailure('failed', `${what}: ${err instanceof Error ? err.message : String(err)}`);
  }
};

/**
 * An upload refused because the connection changed after the page added the file, in the Upload
 * screen's words: a whole sentence, as the outbox's "plate.csv was not queued: …" is.
 */
function addedElsewhere(err: ReadElsewhereError): string {
  const addedFor = serviceLabel(err.readFrom);
  return (
    `This file was added for ${addedFor}, but the connection changed to ${serviceLabel(err.current)} while it ` +
    `was being copied, so it was not queued. Switch back to ${addedFor} in Settings and press Queue again.`
  );
}

export function uploadHandlers(d: {
  staging: UploadStaging;
  outbox: Outbox;
  picked: PickedFiles;
  now?: () => number;
}): HandlersFor<typeof uploadChannels> {
  const { staging } = d;
  const now = d.now ?? Date.now;
  // A look that fails (the outbox file unreadable just now) asks nothing: the copy made is not lost for it.
  const lookForSame = (name: string, sha256: string) => {
    try {
      return sameUpload(d.outbox, name, sha256, now());
    } catch {
      return null;
    }
  };
  /** A copy's answer: its ticket, and the same file already uploaded, for the page to ask about. */
  const answer = (s: { stagedId: string; size: number; sha256: string }, name: string) => {
    const same = lookForSame(name, s.sha256);
    return { stagedId: s.stagedId, size: s.size, sha256: s.sha256, ...(same ? { sameAs: same } : {}) };
  };
  return {
    'upload.stageBegin': ({ name, size }, ctx) => {
      // Without a connection (Electron's one window, tests) the transport is the sender.
      const owner = ctx.connection ?? { id: ctx.transport };
      return explain('Staging failed', async () => ({ stagingId: await staging.begin(name, size, owner) }));
    },
    'upload.stageChunk': ({ stagingId, offset, base64 }) =>
      explain('Staging failed', async () => ({
        received: await staging.chunk(stagingId, offset, Buffer.from(base64, 'base64')),
      })),
    'upload.stageFinish': ({ stagingId }) =>
      explain('Staging failed', async () => {
        const s = await staging.finish(stagingId);
        return answer(s, staging.peek(s.stagedId)?.name ?? '');
      }),
    'upload.stageAbort': ({ stagingId }) =>
      explain('Staging could not be stopped', async () => {
        await staging.abort(stagingId);
        return {};
      }),
    'upload.stagePicked': ({ fileId }, ctx) => {
      // Spent even if the copy then fails: a retry goes through the dialog, as a new choice.
      const path = d.picked.take(fileId);
      // A spent (or made-up) id is a one-time ticket like upload.enqueue's, with the same code: the
      // page decides by it that nothing can be retried from here, only chosen again.
      if (!path)
        throw new IpcFailure(
          'expired',
          'That file was not chosen in the file dialog, or was already added to the uploads: choose it again to upload it again.',
        );
      const name = basename(path) || 'file';
      const owner = ctx.connection ?? { id: ctx.transport };
      return explain('Staging failed', async () => answer(await staging.stagePath(path, name, owner), name));
    },
    'upload.enqueue': ({ stagedId, key, isGlobal, fileSource, readFrom }) => {
      // Page keys get their own prefix, as outbox.enqueue's: the same space of keys.
      const dedupeKey = key === undefined ? undefined : `page:${key}`;
      // Redeemed only once the entry is committed: a write that fails (disk full) leaves the ticket
      // good, so the page can queue the same copy again, and an unqueued copy is still the timed
      // cleanup's to remove. Nothing runs between peek and take (this handler is synchronous).
      const s = staging.peek(stagedId);
      // The ticket is spent and the key names an entry: the first call committed it and its answer was
      // lost (a host restarted). That entry is the answer; the file was shown failed and added again.
      const before = !s && dedupeKey !== undefined ? d.outbox.findDeduped(dedupeKey) : null;
      if (before !== null) return { id: before };
      // Its own code: the page offers "Queue again" after a failed write, never for a spent ticket.
      if (!s)
        throw new IpcFailure(
          'expired',
          `That file is no longer waiting to be queued: it was queued already, or it was not queued within ` +
            `${UNCLAIMED_TICKET_MS / 60_000} minutes of being added and its copy was removed. Add it again to upload it.`,
        );
      try {
        const id = d.outbox.enqueue(
          uploadIntent({ stagedPath: s.stagedPath, size: s.size, sha256: s.sha256 }, s.name, {
            isGlobal: isGlobal ?? false,
            ...(fileSource ? { fileSource } : {}),
          }),
          { ...(dedupeKey === undefined ? {} : { dedupeKey }), ...(readFrom ? { readFrom } : {}) },
        );
        staging.take(stagedId);
        return { id };
      } catch (err) {
        // The outbox refuses it (its own check, in the transaction that binds the entry); the remedy
        // is not to read anything again but to go back to the file's service, where the kept copy
        // (the ticket is not redeemed) is queued by "Queue again".
        if (err instanceof ReadElsewhereError) throw new IpcFailure('failed', `NOT QUEUED — ${addedElsewhere(err)}`);
        if (err instanceof WriteError) throw new IpcFailure('failed', `NOT QUEUED — ${err.message}`);
        throw err;
      }
    },
  };
}
