import type { EntryStateChange } from '../outbox/entry.js';
import type { Outbox } from '../outbox/outbox-store.js';
import { removeStaged } from '../outbox/staging.js';

const FINISHED = new Set(['done', 'discarded', 'cancelled']);

/**
 * A staged upload copy is removed once its entry is finished by any path: the server confirmed it,
 * the user confirmed an uncertain one arrived, discarded it, or undid it. Until then it stays, so
 * an upload can always be resent from our own bytes.
 */
export function cleanUpStagedCopies(outbox: Outbox, changes: readonly EntryStateChange[]): void {
  for (const c of changes) {
    if (c.type !== 'file-upload' || !FINISHED.has(c.state)) continue;
    const e = outbox.get(c.id);
    if (e?.intent.type === 'file-upload') void removeStaged(e.intent.stagedPath).catch(() => undefined);
  }
}
