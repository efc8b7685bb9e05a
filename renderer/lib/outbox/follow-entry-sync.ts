import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import { shownError, type ShownError } from '../../../shared/outbox-words/shown-error.js';
import { entryShownState, stateSaidInLine, type ShownState } from '../../../shared/outbox-words/shown-state.js';
import { drawnDone, markOfShown, SYNC_STATE, type EntryNews, type WellSync } from '../plate-map/well-view.js';
import { groupBy } from '../../../shared/group-by.js';
import type { OutboxState } from './outbox-state.svelte.js';

/**
 * A listed item's mark: a well's (sent, waiting, needs a look, refused, failed, unsure), set aside for a
 * newer change (a well draws the newer one instead; a list keeps the row, to say why it will not go), or
 * never to be sent because the user cancelled or discarded its entry in the Outbox (a well shows what it
 * held again instead; a list keeps the row, or the user takes the tube as saved).
 */
export type QueuedSync = WellSync | 'superseded' | 'cancelled' | 'discarded';

/** Anything a screen listed after queueing it: the outbox entry it became, and its sync mark. */
export interface QueuedItem {
  entryId: number;
  sync: QueuedSync | null;
  /** When refused, failed, unsure or held: its entry's error as the Outbox says it (read once heard), else null. */
  reason: ShownError | null;
}

/**
 * An item's mark: a failed entry's `error` tells a refusal from another failure, and main's
 * `mayHaveArrived` a failure that never left this computer from one that may be on the service (markOf).
 */
export function queuedSyncOf(news: EntryNews): QueuedSync | null {
  const shown = entryShownState(news.state, news.error, news.mayHaveArrived);
  // The states a well does not draw, which a list still says.
  if (shown === 'cancelled' || shown === 'discarded' || shown === 'superseded') return shown;
  return markOfShown(shown);
}

/**
 * Whether an item's change did or may still happen: a refused, cancelled or discarded one put nothing
 * anywhere, and one set aside for a newer change puts nothing now (the newer one stands where it went).
 * An unsure one may be on the service, and a held one may still go (drawnDone).
 */
export const mayHappen = (sync: QueuedSync | null): boolean =>
  sync === null || (sync !== 'cancelled' && sync !== 'discarded' && sync !== 'superseded' && drawnDone(sync));

/** The Outbox state each listed mark stands for (a well's, and set aside). */
const QUEUED_STATE: Record<Exclude<QueuedSync, 'cancelled' | 'discarded'>, ShownState> = {
  ...SYNC_STATE,
  superseded: 'superseded',
};

/** After the state's words: what to do, and for an unsure one that it may be there all the same. */
const NEXT: Partial<Record<QueuedSync, string>> = {
  refused: 'See the Outbox.',
  failed: 'It was never sent: see the Outbox.',
  held: 'See the Outbox.',
  superseded: 'See the Outbox.',
  unsure: 'It may be on the service all the same: see the Outbox.',
};

/** An entry the user took out in the Outbox, as every screen's list says it. */
export const takenOutSaid = (state: 'cancelled' | 'discarded'): string =>
  `${stateSaidInLine(state)} in the Outbox — will not be sent`;

/**
 * A listed item's mark in words, as the lists of the screens say it: the Outbox's own words for the state
 * (no mark yet is a change just queued). One that did not go gives the Outbox's plain words for why,
 * short (the service's own are there), and what to do.
 */
export function queuedSaid({ sync, reason }: Pick<QueuedItem, 'sync' | 'reason'>): string {
  if (sync === 'cancelled' || sync === 'discarded') return takenOutSaid(sync);
  const said = stateSaidInLine(QUEUED_STATE[sync ?? 'pending']);
  const next = sync === null ? undefined : NEXT[sync];
  if (next === undefined) return said;
  return `${said} — ${reason ? `${reason.said} ${next}` : next.charAt(0).toLowerCase() + next.slice(1)}`;
}

/**
 * Keeps each listed item's sync mark in step with its outbox entry (pending → synced / refused / failed /
 * unsure / needs a look, or cancelled / discarded), for screens that show what they queued. A failed or unsure one is
 * marked once its entry is read from main (the news names only the state; only the error tells a refusal
 * from another failure, and only main's mayHaveArrived one that never left from one that may have arrived),
 * with its reason. `followed` gets the items whose mark changed, for a screen
 * whose other state depends on them. Returns the stop. A kept state calls it once and keeps it for as
 * long as it is kept, not per visit: entries are sent, refused or discarded while the user is on another
 * screen (the Outbox), and the list must say so on return. News sent while the page was away from main
 * never comes: back with it, every item not sent yet is read again (OutboxState.onReconnect).
 */
export function followEntrySync<T extends QueuedItem>(
  api: BenchlinkApi,
  outbox: OutboxState,
  items: () => readonly T[],
  followed?: (changed: readonly T[]) => void,
): () => void {
  const offChange = outbox.onChange((changes) => {
    const changed: T[] = [];
    // The items by entry, once a batch of news: a rack file's 1,248 moves confirmed in a few batches were
    // each looked for among all 1,248 items.
    const byEntry = groupBy(items(), (x) => x.entryId);
    for (const c of changes) {
      // One entry can have two followers (a batch line, and the open row it changed).
      for (const item of byEntry.get(c.id) ?? []) {
        if (c.state === 'failed' || c.state === 'uncertain') {
          void readEntry(api, item).then((moved) => moved && followed?.([item]));
          continue;
        }
        const sync = queuedSyncOf({ state: c.state, error: null, mayHaveArrived: null }) ?? item.sync;
        if (sync === item.sync) continue;
        item.sync = sync;
        item.reason = null;
        changed.push(item);
      }
    }
    if (changed.length > 0) followed?.(changed);
  });
  const offReconnect = outbox.onReconnect(() => void readAgain(api, items(), followed));
  return () => {
    offChange();
    offReconnect();
  };
}

/**
 * Every item whose entry may have moved on while the page heard nothing, read as it is now: all but
 * the sent ones (done is where an entry ends; a discarded one may be put back). `followed` gets those
 * whose mark changed, once.
 */
async function readAgain<T extends QueuedItem>(
  api: BenchlinkApi,
  all: readonly T[],
  followed?: (changed: readonly T[]) => void,
): Promise<void> {
  const open = all.filter((item) => item.sync !== 'synced');
  const moved = await Promise.all(open.map((item) => readEntry(api, item, 'any state')));
  const changed = open.filter((_, k) => moved[k]);
  if (changed.length > 0) followed?.(changed);
}

/**
 * A failed or unsure item's mark and reason, as its entry stands when read (a retry meanwhile may have
 * made it wait again, which its own news says). With 'any state' (no news will follow: the page was
 * away from main), whatever state it is in now. Answers whether the mark changed.
 */
async function readEntry(api: BenchlinkApi, item: QueuedItem, take?: 'any state'): Promise<boolean> {
  const r = await api.invoke('outbox.await', { id: item.entryId, timeoutMs: 0 });
  if (!r.ok) return false;
  const { state, error, mayHaveArrived } = r.value;
  const sync = queuedSyncOf({ state, error, mayHaveArrived });
  const failed = state === 'failed' || state === 'uncertain';
  if (sync === null || (!failed && take !== 'any state')) return false;
  const moved = sync !== item.sync;
  item.sync = sync;
  item.reason = failed && error ? shownError(error) : null;
  return moved;
}
