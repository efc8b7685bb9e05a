import { syncOf, type WellSync } from '../plate-map/well-view.js';
import type { OutboxState } from './outbox-state.svelte.js';

/** Anything a screen listed after queueing it: the outbox entry it became, and its sync mark. */
export interface QueuedItem {
  entryId: number;
  sync: WellSync | null;
}

/**
 * Keeps each listed item's sync mark in step with its outbox entry (pending → synced / failed),
 * for screens that show what they queued. Returns the stop.
 */
export function followEntrySync(outbox: OutboxState, items: () => readonly QueuedItem[]): () => void {
  return outbox.onChange((changes) => {
    for (const c of changes) {
      const item = items().find((x) => x.entryId === c.id);
      if (item) item.sync = syncOf(c.state) ?? item.sync;
    }
  });
}
