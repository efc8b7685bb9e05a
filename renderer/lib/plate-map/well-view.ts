import type { CachedWell, PendingWellChange } from '../../../shared/ipc/channels/cache.js';
import type { OutboxEntryState, OutboxError } from '../../../shared/ipc/channels/outbox.js';
import type { WellIntent } from '../../../shared/outbox/intents.js';
import { shownError, type ShownError } from '../../../shared/outbox-words/shown-error.js';
import { shownState, type ShownState } from '../../../shared/outbox-words/shown-state.js';

/**
 * A well's mark: the Outbox state of the last change drawn in it (shownState), so a well never says
 * "refused" for a change the Outbox does not call so. `held`: the user's change held for a look, waiting
 * for Send anyway or Discard. `refused`: the service refused it, so it never happened. `unsure`: its
 * answer was lost ("Unsure whether it arrived"), or it failed without a refusal (it gave up after repeated
 * service errors, failed on this computer, was set aside for a newer change), after which the change may
 * be on the service all the same (main/outbox/may-have-arrived.ts). The two share one mark because the
 * plate's legend has room for one more at 1280×720 and 1366×768, and for the bench they mean the same:
 * the tube may be there, look in the Outbox; the Outbox says which.
 */
export type WellSync = 'synced' | 'pending' | 'held' | 'refused' | 'unsure';

/** The Outbox state each mark stands for, so a well is said in the Outbox's words. */
export const SYNC_STATE: Record<WellSync, ShownState> = {
  synced: 'done',
  pending: 'pending',
  held: 'held',
  refused: 'refused',
  unsure: 'uncertain',
};

/** The mark of each state an entry drawn in a well can be in; cancelled and discarded ones are not drawn. */
const MARK_OF: Partial<Record<ShownState, WellSync>> = {
  done: 'synced',
  pending: 'pending',
  sending: 'pending',
  held: 'held',
  refused: 'refused',
  failed: 'unsure',
  uncertain: 'unsure',
};

/** What one well shows: its contents as the user last set them, and whether the server has them. */
export interface WellView {
  position: string;
  sample: string | null;
  labsheet: string | null;
  label: string;
  tags: string[];
  sync: WellSync | null;
  /** When sync is 'held', 'refused' or 'unsure', the entry's error as the Outbox says it. */
  reason: ShownError | null;
  /**
   * The tube was put here by Assign location on this computer, under the name it was scanned with;
   * `sync` is that assignment's. A service that lists no wells never shows it, so without this the
   * well looked empty and the next tube went on top of it.
   */
  assigned: boolean;
}

export const emptyWell = (position: string): WellView => ({
  position,
  sample: null,
  labsheet: null,
  label: '',
  tags: [],
  sync: null,
  reason: null,
  assigned: false,
});

export function fromServer(w: CachedWell): WellView {
  return {
    position: w.position,
    sample: w.sample?.id ?? null,
    labsheet: w.sample?.labsheet ?? null,
    label: w.label,
    tags: [...w.tags],
    sync: 'synced',
    reason: null,
    assigned: false,
  };
}

/** Applies one well intent to a well's contents (what the server will do when it arrives). */
export function applyIntent(w: WellView, i: WellIntent): WellView {
  if (i.type === 'well-set') {
    return {
      ...w,
      ...(i.sample !== undefined
        ? { sample: i.sample?.id ?? null, labsheet: i.sample?.labsheet ?? null, assigned: false }
        : {}),
      ...(i.label !== undefined ? { label: i.label } : {}),
      ...(i.tags !== undefined ? { tags: [...i.tags] } : {}),
    };
  }
  const f = new Set(i.fields);
  return {
    ...w,
    ...(f.has('SAMPLE') ? { sample: null, labsheet: null, assigned: false } : {}),
    ...(f.has('LABEL') ? { label: '' } : {}),
    ...(f.has('TAGS') ? { tags: [] } : {}),
  };
}

/**
 * A well's mark for an entry. A failed entry's `error` tells a hold, a refusal and another failure apart
 * (shownState owns that): without it there is no telling, so a caller that has not read it yet passes
 * null and gets 'unsure', never 'refused'.
 */
export function syncOf(state: OutboxEntryState, error: Pick<OutboxError, 'kind'> | null | undefined): WellSync | null {
  return MARK_OF[shownState(state, error)] ?? null;
}

/**
 * Whether a change with this mark is drawn done. Only a refused one never happened; any other may be on
 * the service (unsure: drawn as it may be, so the next tube does not go on top of it and an undo
 * takes it back) or still happen (waiting, held for a look).
 */
export const drawnDone = (sync: WellSync): boolean => sync !== 'refused';

/**
 * Server wells with the outbox's not-yet-confirmed changes drawn over them, oldest first, and this
 * computer's standing location assignments into the plate (main sends them done or not): a tube
 * assigned to a well the service does not show as holding anything is drawn there. A well the service
 * shows holding a sample keeps it (a confirmed assignment is listed under the sample's ID; one still
 * on its way to a taken well will be refused). A refused change never happened, so its well is drawn as
 * it was; any other is drawn done (drawnDone): held for a look it is the user's, waiting for their
 * decision; unsure (failed otherwise, or its answer lost), it may be on the service. `before`, when given, gets each drawn entry's well as it was just
 * before that entry: what the well shows again if the entry never happens (discarded in the Outbox).
 */
export function overlay(
  positions: readonly string[],
  server: readonly CachedWell[],
  pending: readonly PendingWellChange[],
  before?: Map<number, WellView>,
): Map<string, WellView> {
  const map = new Map<string, WellView>(positions.map((p) => [p, emptyWell(p)]));
  for (const w of server) map.set(w.position, fromServer(w));
  for (const p of pending) {
    const i = p.intent;
    const sync = syncOf(p.state, p.error);
    if (sync === null) continue;
    const reason = p.error ? shownError(p.error) : null;
    if (i.type === 'location-assign') {
      if (!i.position || !drawnDone(sync)) continue;
      const base = map.get(i.position) ?? emptyWell(i.position);
      if (base.sample !== null) continue;
      before?.set(p.entryId, base);
      map.set(i.position, { ...base, sample: i.id, labsheet: i.labsheet, sync, reason, assigned: true });
      continue;
    }
    if (i.type !== 'well-set' && i.type !== 'well-remove') continue;
    const base = map.get(i.position) ?? emptyWell(i.position);
    before?.set(p.entryId, base);
    const next = drawnDone(sync) ? applyIntent(base, i) : base;
    map.set(i.position, { ...next, sync, reason });
  }
  return map;
}
