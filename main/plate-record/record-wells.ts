import type { CachedManifest } from '../../shared/ipc/channels/cache.js';
import { positionsInOrder } from '../../shared/layout/positions.js';
import { applyWellIntent, type WellState } from '../../shared/outbox/well-state.js';

/** One well as the record states it: what it holds once the queue has landed, and when it was filled here. */
export interface RecordWell extends WellState {
  position: string;
  /** When this computer queued the sample that is in the well (ms), or null (filled elsewhere, or empty). */
  filledAt: number | null;
}

/**
 * The plate as the record shows it: the service's wells with this computer's queued changes folded
 * in, oldest first, failed ones left out (they did not land); every position, row-major. `createdAt`
 * gives each entry's queue time (the "filled at" column).
 */
export function recordWells(m: CachedManifest, createdAt: (entryId: number) => number | null): RecordWell[] {
  const wells = new Map<string, RecordWell>();
  for (const p of positionsInOrder(m, 'row-major'))
    wells.set(p, { position: p, sample: null, label: '', tags: [], filledAt: null });
  for (const w of m.wells) {
    const at = wells.get(w.position);
    if (at) wells.set(w.position, { ...at, sample: w.sample, label: w.label, tags: w.tags });
  }
  for (const c of m.pending) {
    if (c.state === 'failed' || (c.intent.type !== 'well-set' && c.intent.type !== 'well-remove')) continue;
    const before = wells.get(c.intent.position);
    if (!before) continue;
    const after = applyWellIntent(before, c.intent);
    const newSample = c.intent.type === 'well-set' && c.intent.sample !== undefined && c.intent.sample !== null;
    wells.set(c.intent.position, {
      ...after,
      position: before.position,
      filledAt: after.sample === null ? null : newSample ? createdAt(c.entryId) : before.filledAt,
    });
  }
  return [...wells.values()];
}
