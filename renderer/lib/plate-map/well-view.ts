import type { CachedWell, PendingWellChange } from '../../../shared/ipc/channels/cache.js';
import type { OutboxEntryState } from '../../../shared/ipc/channels/outbox.js';
import type { WellIntent } from '../../../shared/outbox/intents.js';

export type WellSync = 'synced' | 'pending' | 'failed';

/** What one well shows: its contents as the user last set them, and whether the server has them. */
export interface WellView {
  position: string;
  sample: string | null;
  labsheet: string | null;
  label: string;
  tags: string[];
  sync: WellSync | null;
  /** The server's reason when sync is 'failed'. */
  reason: string | null;
}

export const emptyWell = (position: string): WellView => ({
  position,
  sample: null,
  labsheet: null,
  label: '',
  tags: [],
  sync: null,
  reason: null,
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
  };
}

/** Applies one well intent to a well's contents (what the server will do when it arrives). */
export function applyIntent(w: WellView, i: WellIntent): WellView {
  if (i.type === 'well-set') {
    return {
      ...w,
      ...(i.sample !== undefined ? { sample: i.sample?.id ?? null, labsheet: i.sample?.labsheet ?? null } : {}),
      ...(i.label !== undefined ? { label: i.label } : {}),
      ...(i.tags !== undefined ? { tags: [...i.tags] } : {}),
    };
  }
  const f = new Set(i.fields);
  return {
    ...w,
    ...(f.has('SAMPLE') ? { sample: null, labsheet: null } : {}),
    ...(f.has('LABEL') ? { label: '' } : {}),
    ...(f.has('TAGS') ? { tags: [] } : {}),
  };
}

export function syncOf(state: OutboxEntryState): WellSync | null {
  if (state === 'done') return 'synced';
  if (state === 'failed' || state === 'uncertain') return 'failed';
  if (state === 'pending' || state === 'sending') return 'pending';
  return null;
}

/** Server wells with the outbox's not-yet-confirmed changes drawn over them, oldest first. */
export function overlay(
  positions: readonly string[],
  server: readonly CachedWell[],
  pending: readonly PendingWellChange[],
): Map<string, WellView> {
  const map = new Map<string, WellView>(positions.map((p) => [p, emptyWell(p)]));
  for (const w of server) map.set(w.position, fromServer(w));
  for (const p of pending) {
    if (p.intent.type !== 'well-set' && p.intent.type !== 'well-remove') continue;
    const base = map.get(p.intent.position) ?? emptyWell(p.intent.position);
    const sync = syncOf(p.state);
    if (sync === null) continue;
    const next = p.state === 'failed' ? base : applyIntent(base, p.intent);
    map.set(p.intent.position, { ...next, sync, reason: p.error?.reason ?? p.error?.message ?? null });
  }
  return map;
}
