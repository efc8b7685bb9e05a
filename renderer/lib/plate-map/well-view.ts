import type { CachedWell, PendingWellChange } from '../../../shared/ipc/channels/cache.js';
import { isHeldForLook, type OutboxEntryState, type OutboxError } from '../../../shared/ipc/channels/outbox.js';
import type { WellIntent } from '../../../shared/outbox/intents.js';
import { shownError, type ShownError } from '../../../shared/outbox-words/shown-error.js';
import type { ShownState } from '../../../shared/outbox-words/shown-state.js';

/**
 * `held`: the user's change, held for a look ("Needs a look" in the Outbox) until they send it anyway
 * or discard it. Unlike `failed` (refused), it may still happen, so it is drawn done.
 */
export type WellSync = 'synced' | 'pending' | 'held' | 'failed';

/**
 * The Outbox state each mark stands for, so a well is said in the Outbox's words. `failed` is said as
 * refused, as the plate has always said it: its red ring and "!" tell the user to look in the Outbox.
 */
export const SYNC_STATE: Record<WellSync, ShownState> = {
  synced: 'done',
  pending: 'pending',
  held: 'held',
  failed: 'refused',
};

/** What one well shows: its contents as the user last set them, and whether the server has them. */
export interface WellView {
  position: string;
  sample: string | null;
  labsheet: string | null;
  label: string;
  tags: string[];
  sync: WellSync | null;
  /** When sync is 'failed' or 'held', the entry's error as the Outbox says it. */
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

/** `error` tells a change held for a look from a refused one; without it a failed entry reads as refused. */
export function syncOf(state: OutboxEntryState, error?: Pick<OutboxError, 'kind'> | null): WellSync | null {
  if (isHeldForLook(state, error)) return 'held';
  if (state === 'done') return 'synced';
  if (state === 'failed' || state === 'uncertain') return 'failed';
  if (state === 'pending' || state === 'sending') return 'pending';
  return null;
}

/**
 * Server wells with the outbox's not-yet-confirmed changes drawn over them, oldest first, and this
 * computer's standing location assignments into the plate (main sends them done or not): a tube
 * assigned to a well the service does not show as holding anything is drawn there. A well the service
 * shows holding a sample keeps it (a confirmed assignment is listed under the sample's ID; one still
 * on its way to a taken well will be refused). A refused change never happened; one held for a look is
 * the user's, waiting for their decision, so it is drawn done (the tube they put there, the well they
 * emptied) and its well is not free. `before`, when given, gets each drawn entry's well as it was just
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
      if (!i.position || p.state === 'failed') continue;
      const base = map.get(i.position) ?? emptyWell(i.position);
      if (base.sample !== null) continue;
      before?.set(p.entryId, base);
      map.set(i.position, { ...base, sample: i.id, labsheet: i.labsheet, sync, reason, assigned: true });
      continue;
    }
    if (i.type !== 'well-set' && i.type !== 'well-remove') continue;
    const base = map.get(i.position) ?? emptyWell(i.position);
    before?.set(p.entryId, base);
    const next = p.state === 'failed' && sync !== 'held' ? base : applyIntent(base, i);
    map.set(i.position, { ...next, sync, reason });
  }
  return map;
}
