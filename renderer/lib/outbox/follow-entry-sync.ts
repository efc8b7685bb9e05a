import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import type { OutboxEntryState } from '../../../shared/ipc/channels/outbox.js';
import { shownError, type ShownError } from '../../../shared/outbox-words/shown-error.js';
import { stateSaidInLine } from '../../../shared/outbox-words/shown-state.js';
import { SYNC_STATE, syncOf, type WellSync } from '../plate-map/well-view.js';
import type { OutboxState } from './outbox-state.svelte.js';

/**
 * A listed item's mark: a well's (sent, waiting, refused), or never to be sent because the
 * user cancelled or discarded its entry in the Outbox (a well shows what it held again instead; a
 * list keeps the row, or the user takes the tube as saved).
 */
export type QueuedSync = WellSync | 'cancelled' | 'discarded';

/** Anything a screen listed after queueing it: the outbox entry it became, and its sync mark. */
export interface QueuedItem {
  entryId: number;
  sync: QueuedSync | null;
  /** When refused: its entry's error as the Outbox says it (read once the refusal is heard), else null. */
  reason: ShownError | null;
}

export function queuedSyncOf(state: OutboxEntryState): QueuedSync | null {
  return state === 'cancelled' || state === 'discarded' ? state : syncOf(state);
}

/** Whether an item's change did or may still happen: a refused, cancelled or discarded one put nothing anywhere. */
export const mayHappen = (sync: QueuedSync | null): boolean => sync === 'pending' || sync === 'synced' || sync === null;

/** An entry the user took out in the Outbox, as every screen's list says it. */
export const takenOutSaid = (state: 'cancelled' | 'discarded'): string =>
  `${stateSaidInLine(state)} in the Outbox — will not be sent`;

/**
 * A listed item's mark in words, as the lists of the screens say it: the Outbox's own words for the state
 * (no mark yet is a change just queued). A refused one gives the Outbox's plain words for why, short: the
 * service's own are there.
 */
export function queuedSaid({ sync, reason }: Pick<QueuedItem, 'sync' | 'reason'>): string {
  if (sync === 'cancelled' || sync === 'discarded') return takenOutSaid(sync);
  const said = stateSaidInLine(SYNC_STATE[sync ?? 'pending']);
  if (sync === 'failed') return reason ? `${said} — ${reason.said} See the Outbox.` : `${said} — see Outbox`;
  return said;
}

/**
 * Keeps each listed item's sync mark in step with its outbox entry (pending → synced / failed, or
 * cancelled / discarded), for screens that show what they queued, and a refused one's reason (read from
 * main, since the news names only the state). `followed` gets the items whose mark changed, for a screen
 * whose other state depends on them. Returns the stop. A kept state calls it once and keeps it for as
 * long as it is kept, not per visit: entries are sent, refused or discarded while the user is on another
 * screen (the Outbox), and the list must say so on return.
 */
export function followEntrySync(
  api: BenchlinkApi,
  outbox: OutboxState,
  items: () => readonly QueuedItem[],
  followed?: (changed: readonly QueuedItem[]) => void,
): () => void {
  return outbox.onChange((changes) => {
    const changed: QueuedItem[] = [];
    for (const c of changes) {
      const item = items().find((x) => x.entryId === c.id);
      if (!item) continue;
      const sync = queuedSyncOf(c.state) ?? item.sync;
      if (sync === item.sync) continue;
      item.sync = sync;
      item.reason = null;
      if (sync === 'failed') void readReason(api, item);
      changed.push(item);
    }
    if (changed.length > 0) followed?.(changed);
  });
}

/** A refused item's reason, kept only if it is still refused once read (a retry meanwhile made it wait again). */
async function readReason(api: BenchlinkApi, item: QueuedItem): Promise<void> {
  const r = await api.invoke('outbox.await', { id: item.entryId, timeoutMs: 0 });
  if (r.ok && r.value.error && item.sync === 'failed') item.reason = shownError(r.value.error);
}
