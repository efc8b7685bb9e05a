import type { CachedWell } from '../../shared/ipc/channels/cache.js';
import { isUsedWell } from '../../shared/outbox/well-state.js';
import { capacity } from '../../shared/layout/positions.js';
import type { ManifestRecord } from './cache-store.js';

/** A plate or box as read (or as this computer's record has it), with its wells. */
export type StoredManifest = Omit<ManifestRecord, 'fetchedAt'> & { wells: CachedWell[] };

/**
 * Used wells the service counts that this computer cannot place: the service's used count (capacity
 * minus emptySpaces) beyond the wells known to hold something. 0 when the service lists its wells (or
 * the layout is not known: the plate is held for that already). Null when nobody here can tell which
 * wells are used, so any well may be:
 * - it neither lists them nor says how many are empty (it was 0, and a plate another bench half filled
 *   was filled again from A1 over its tubes);
 * - it gives no lastUpdate: the count alone stays as it was when another bench swaps or moves tubes,
 *   so a well written here may have been emptied and one the record shows empty filled (the fill went
 *   into the tube another bench had just put there). Only a plate the count says is wholly empty is
 *   known then.
 * A layout too small for the count is not used at all (layoutOf): the count went below zero and every
 * well was taken for empty. Fewer used than this computer's record holds is no sign of one: it is what
 * another bench emptying a well filled here leaves, and it shows wells drawn full that are empty, never
 * the other way.
 */
export function unplacedUsed(m: StoredManifest): number | null {
  if (m.layoutFrom === 'unknown' || m.wellsFrom === 'service') return 0;
  if (m.basis.emptySpaces === null) return null;
  const used = capacity(m) - m.basis.emptySpaces;
  if (m.basis.lastUpdate === null && used > 0) return null;
  const known = m.wells.filter((w) => isUsedWell(w)).length;
  return Math.max(0, used - known);
}
