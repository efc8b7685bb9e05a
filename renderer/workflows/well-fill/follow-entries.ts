import { syncOf, type WellView } from '../../lib/plate-map/well-view.js';
import { shownError } from '../../../shared/outbox-words/shown-error.js';
import type { WellFillState } from './well-fill-state.svelte.js';

/** What following the entries reads of the plate being filled. */
export type FollowSource = Pick<WellFillState, 'api' | 'outbox' | 'wells' | 'wellNow'>;

/** The writes following the entries makes, which only the plate being filled may make itself. */
export interface FollowOps {
  /** The well an entry is drawn in (DrawnEntries.positionOf). */
  positionOf(entryId: number): string | undefined;
  /** The entry will never happen: out of the history and the drawing (WellFillHistory.forget). */
  forget(entryId: number): void;
  setWell(view: WellView): void;
}

/**
 * Draws each drawn entry's news from the Outbox in its well (sent, refused, unsure, held for a look), and takes
 * one discarded or cancelled out of the history and the drawing. Answers the way to stop following.
 */
export function followEntries(fill: FollowSource, ops: FollowOps): () => void {
  return fill.outbox.onChange((changes) => {
    for (const c of changes) {
      if (c.state === 'discarded' || c.state === 'cancelled') {
        ops.forget(c.id);
        continue;
      }
      const pos = ops.positionOf(c.id);
      if (!pos || !fill.wells[pos]) continue;
      // Failed may be refused, held for a look or failed otherwise: only the entry's error tells, so it is
      // drawn once read. An unsure one is drawn with its error too (why its answer was lost).
      if (c.state === 'failed' || c.state === 'uncertain') {
        void settleFailed(fill, ops, c.id, pos);
        continue;
      }
      const sync = syncOf(c.state, null);
      if (sync) ops.setWell({ ...fill.wellNow(pos), sync, reason: null });
    }
  });
}

/**
 * A drawn entry that failed or is unsure, drawn with the Outbox's state and words for it: refused, held
 * for a look (the user's change, "Needs a look", its well kept from the fill), or unsure (failed otherwise,
 * or its answer lost: it may be on the service). Drawn as the entry stands when read, which a later change of it overtakes.
 */
async function settleFailed(fill: FollowSource, ops: FollowOps, id: number, pos: string): Promise<void> {
  const r = await fill.api.invoke('outbox.await', { id, timeoutMs: 0 });
  if (!fill.wells[pos]) return;
  const error = r.ok ? r.value.error : undefined;
  const sync = r.ok ? syncOf(r.value.state, error) : 'unsure';
  if (sync === null || sync === 'synced' || sync === 'pending') return;
  ops.setWell({ ...fill.wellNow(pos), sync, reason: error ? shownError(error) : null });
}
