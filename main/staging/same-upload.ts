import { isUnreadable, type OutboxEntry } from '../outbox/entry.js';
import type { Outbox } from '../outbox/outbox-store.js';
import type { SameUpload } from '../../shared/ipc/channels/upload.js';

/**
 * How long a sent upload counts as recent: the same file sent within this is most likely dropped again
 * by mistake (the export of a run added twice), and asked about; one sent longer ago is not.
 */
export const SAME_UPLOAD_SENT_MS = 7 * 24 * 60 * 60 * 1000;

/** The states an upload is open in (in the Outbox's tabs), looked at first: the user may act on it. */
const OPEN = ['pending', 'sending', 'uncertain', 'failed'] as const;

/**
 * An upload of the same file (its name and its bytes' sha256) for the service in use, open or sent in
 * the last SAME_UPLOAD_SENT_MS: the newest such, or null. The page asks "Upload again?" before queueing
 * the copy just made: the service would store the file twice.
 */
export function sameUpload(outbox: Outbox, name: string, sha256: string, now: number): SameUpload | null {
  for (const state of [...OPEN, 'done'] as const) {
    const found = outbox.uploadsOfFile(state, name, sha256).find((e): e is OutboxEntry => !isUnreadable(e));
    if (found === undefined) continue;
    if (state === 'done' && now - found.updatedAt > SAME_UPLOAD_SENT_MS) continue;
    return { id: found.id, state: found.state, at: state === 'done' ? found.updatedAt : found.createdAt };
  }
  return null;
}
