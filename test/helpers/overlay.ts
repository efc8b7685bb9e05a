import type { CachedWell, PendingWellChange } from '../../shared/ipc/channels/cache.js';
import { drawForFilling } from '../../renderer/lib/plate-map/well-view.js';

/** drawForFilling of a listing and queued changes given apart, as the plate-map tests build them. */
export const overlay = (
  positions: readonly string[],
  server: readonly CachedWell[],
  pending: readonly PendingWellChange[],
  ...rest: Parameters<typeof drawForFilling> extends [unknown, unknown, ...infer R] ? R : never
) => drawForFilling(positions, { wells: server, pending, movedAway: [] }, ...rest);
