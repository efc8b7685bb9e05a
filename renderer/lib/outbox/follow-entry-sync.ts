import type { OutboxEntryState } from '../../../shared/ipc/channels/outbox.js';
import { syncOf, type WellSync } from '../plate-map/well-view.js';
import type { OutboxState } from './outbox-state.svelte.js';

/** A listed item's mark: as a well's, or taken out in the Outbox (discarded, cancelled) and never to be sent. */
export type EntrySync = WellSync | 'discarded' | 'cancelled';

/** Anything a screen listed after queueing it: the outbox entry it became, and its sync mark. */
export interface QueuedItem {
  entryId: number;
  sync: WellSync | null;
}

/** The same for a list that says when its entry was taken out (Row update's batch). */
export interface QueuedRow {
  entryId: number;
  sync: EntrySync | null;
}

/**
 * An entry's mark for a list that shows taken-out entries: a discarded or cancelled entry keeps its
 * "waiting to send" otherwise, though it will never go.
 */
export function entrySyncOf(state: OutboxEntryState): EntrySync | null {
  return state === 'discarded' || state === 'cancelled' ? state : syncOf(state);
}

/**
 * Keeps each listed item's sync mark in step with its outbox entry (pending → synced / failed),
 * for screens that show what they queued. Returns the stop. A kept state calls it once and keeps it
 * for as long as it is kept, not per visit: entries are sent, refused or discarded while the user is
 * on another screen (the Outbox), and the list must say so on return.
 */
export function followEntrySync(outbox: OutboxState, items: () => readonly QueuedItem[]): () => void {
  return follow(outbox, items, syncOf);
}

/** followEntrySync for a list that also shows entries taken out in the Outbox (entrySyncOf). */
export function followEntryState(outbox: OutboxState, items: () => readonly QueuedRow[]): () => void {
  return follow(outbox, items, entrySyncOf);
}

function follow<M>(
  outbox: OutboxState,
  items: () => readonly { entryId: number; sync: M | null }[],
  markOf: (state: OutboxEntryState) => M | null,
): () => void {
  return outbox.onChange((changes) => {
    for (const c of changes) {
      const item = items().find((x) => x.entryId === c.id);
      if (item) item.sync = markOf(c.state) ?? item.sync;
    }
  });
}
