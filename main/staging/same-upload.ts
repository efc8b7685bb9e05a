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
/** Entries read per page of the outbox while looking. */
const PAGE = 500;

/**
 * An upload of the same file (its name and its bytes' sha256) for the service in use, open or sent in
 * the last SAME_UPLOAD_SENT_MS: the newest such, or null. The page asks "Upload again?" before queueing
 * the copy just made: the service would store the file twice.
 */
export function sameUpload(outbox: Outbox, name: string, sha256: string, now: number): SameUpload | null {
  const service = outbox.currentService();
  const same = (e: OutboxEntry) =>
    e.intent.type === 'file-upload' &&
    e.intent.fileName === name &&
    e.intent.sha256 === sha256 &&
    e.service === service;
  for (const state of [...OPEN, 'done'] as const) {
    let found: OutboxEntry | null = null;
    for (let after = 0; ;) {
      const page = outbox.list(state, { type: 'file-upload', afterId: after, limit: PAGE });
      for (const e of page) if (!isUnreadable(e) && same(e)) found = e;
      if (page.length < PAGE) break;
      after = page[page.length - 1]!.id;
    }
    if (found === null) continue;
    if (state === 'done' && now - found.updatedAt > SAME_UPLOAD_SENT_MS) continue;
    return { id: found.id, state: found.state, at: state === 'done' ? found.updatedAt : found.createdAt };
  }
  return null;
}
