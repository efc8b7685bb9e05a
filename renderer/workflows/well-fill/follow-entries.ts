import { drawEntry, markOf, type EntryNews, type WellSync, type WellView } from '../../lib/plate-map/well-view.js';
import { isHeldForLook } from '../../../shared/ipc/channels/outbox.js';
import type { Drawn } from './drawn-entries.js';
import type { WellFillState } from './well-fill-state.svelte.js';

/** What following the entries reads of the plate being filled. */
export type FollowSource = Pick<WellFillState, 'api' | 'outbox' | 'wells'>;

/** The writes following the entries makes, which only the plate being filled may make itself. */
export interface FollowOps {
  /** The entry's drawing when it is the newest in its well (DrawnEntries.newestDrawn). */
  newestDrawn(entryId: number): Drawn | null;
  /** Whether the entry is drawn on the plate being filled, newest in its well or not. */
  isDrawn(entryId: number): boolean;
  /** The entries will never happen: out of the history and the drawing, all at once (WellFillHistory.forget). */
  forget(entryIds: readonly number[]): void;
  setWell(view: WellView): void;
  /** How the entry's news, drawn with this mark, is drawn (DrawnEntries.newsDrawnBy). */
  newsDrawnBy(entryId: number, mark: WellSync | null): 'well' | 'reading' | 'none';
  /** Reads the plate again in its turn, as the screen shown again does. */
  readPlate(): void;
}

/**
 * Draws each drawn entry's news from the Outbox in its well (sent, refused, failed, unsure, held for a look),
 * and takes one discarded or cancelled out of the history and the drawing. A move that takes its tube out of
 * other wells of the plate, or whose tube a newer move took out of its well, changes those wells too: on its
 * news the plate is read again, once per batch (drawForFilling draws them all, as a reading does). Answers the way
 * to stop following.
 */
export function followEntries(fill: FollowSource, ops: FollowOps): () => void {
  // Back with main after losing it (the host's socket dropped, the host restarted): the news sent meanwhile
  // never came, and a well filled then read "waiting" for ever. A plate read draws each entry as it is now.
  const offReconnect = fill.outbox.onReconnect(() => ops.readPlate());
  const offChange = fill.outbox.onChange((changes) => {
    let readAgain = false;
    const settling: Promise<boolean>[] = [];
    // A "Discard all" comes as one batch: the history is rebuilt once for all of it.
    const takenOut = changes.filter((c) => c.state === 'discarded' || c.state === 'cancelled').map((c) => c.id);
    ops.forget(takenOut);
    for (const id of takenOut) readAgain = ops.newsDrawnBy(id, null) === 'reading' || readAgain;
    for (const c of changes) {
      if (c.state === 'discarded' || c.state === 'cancelled') continue;
      // Failed may be refused, held for a look, failed before it left or failed after: only the entry's
      // error and attempts tell (main says which), so it is drawn once read. An unsure one is drawn with its
      // error too (why its answer was lost).
      if (c.state === 'failed' || c.state === 'uncertain') {
        settling.push(settleFailed(fill, ops, c.id));
        continue;
      }
      readAgain = redraw(fill, ops, c.id, { state: c.state, error: null, mayHaveArrived: null }) || readAgain;
    }
    if (readAgain) ops.readPlate();
    // Once for the batch however many were held (a layout's 96 wells): one reading shows the plate.
    if (settling.length > 0)
      void Promise.all(settling).then((read) => {
        if (read.some(Boolean)) ops.readPlate();
      });
  });
  return () => {
    offChange();
    offReconnect();
  };
}

/**
 * The entry's well drawn from its news by drawEntry, over the well as it was just before the entry: the
 * same drawing a plate read makes of it. Only the newest entry drawn in a well draws it (a newer one's
 * drawing stands, as on a plate read), and one that draws nothing (set aside for a newer change) leaves it.
 * Answers true when the news is drawn by reading the plate instead (FollowOps.newsDrawnBy).
 */
function redraw(fill: FollowSource, ops: FollowOps, id: number, news: EntryNews): boolean {
  const by = ops.newsDrawnBy(id, markOf(news));
  if (by !== 'well') return by === 'reading';
  const drawn = ops.newestDrawn(id);
  if (!drawn || !fill.wells[drawn.position]) return false;
  const next = drawEntry(drawn.before, { ...news, intent: drawn.intent });
  if (next) ops.setWell(next);
  return false;
}

/**
 * A drawn entry that failed or is unsure, drawn once its error is read. Drawn as the entry stands when
 * read, which a later change of it overtakes; unread (main did not answer), it is drawn unsure, never as
 * if it surely did not happen. Answers true when the plate is to be read again: the news is drawn by a
 * reading, or the entry is held for a look, which says the plate changed on the service since this
 * screen read it. Left as drawn, the wells another bench filled meanwhile showed empty, the fill chose
 * them, and once the held tube was sent anyway (its reading taken as this computer's own) the next tubes
 * passed main's check and went over theirs. Read again, their wells show filled (or, where the service
 * lists no wells, the fill stops at wells nobody here can place) before the next tube is scanned.
 */
async function settleFailed(fill: FollowSource, ops: FollowOps, id: number): Promise<boolean> {
  const r = await fill.api.invoke('outbox.await', { id, timeoutMs: 0 });
  const news: EntryNews = r.ok
    ? { state: r.value.state, error: r.value.error, mayHaveArrived: r.value.mayHaveArrived }
    : { state: 'uncertain', error: null, mayHaveArrived: undefined };
  if (news.state !== 'failed' && news.state !== 'uncertain') return false;
  return redraw(fill, ops, id, news) || (ops.isDrawn(id) && isHeldForLook(news.state, news.error));
}
