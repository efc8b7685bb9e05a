import type { CachedManifest, PendingWellChange } from '../../../shared/ipc/channels/cache.js';
import { movedElsewhere } from '../../../shared/plate-map/moved-tube.js';
import { drawnDone, markOf, type WellView } from '../../lib/plate-map/well-view.js';

/**
 * A plate's wells as drawn (overlay) less the tubes this computer moved to another location since they
 * were read (main's `movedAway`, a move waiting in the Outbox included), by the rule Assign location's
 * box holdings take them out by (movedElsewhere): the wells still list such a tube, but it is not in the
 * plate, and a well label printed for it named a tube that is elsewhere. Only a tube the listing puts in
 * its well goes: one this computer assigned or filled there is where it was put (a fill's sample stays
 * when its row is assigned elsewhere, as on the service). The well is drawn empty with the move's mark.
 */
export function withoutMovedAway(
  drawn: ReadonlyMap<string, WellView>,
  plate: Pick<CachedManifest, 'wells' | 'pending' | 'movedAway'>,
): Map<string, WellView> {
  const wells = new Map(drawn);
  if (plate.movedAway.length === 0) return wells;
  const listed = new Map(plate.wells.map((w) => [w.position, w.sample]));
  const filled = new Set(
    plate.pending.flatMap((p) =>
      p.intent.type === 'well-set' && p.intent.sample && isDrawn(p) ? [p.intent.position] : [],
    ),
  );
  for (const [position, w] of wells) {
    if (w.sample === null || w.assigned || filled.has(position) || listed.get(position)?.id !== w.sample) continue;
    const held = { position, id: w.sample, labsheet: w.labsheet, by: 'listing' as const };
    const move = plate.movedAway.find(
      (p) =>
        p.intent.type === 'location-assign' &&
        movedElsewhere(held, { intent: p.intent, state: p.state, names: p.names }),
    );
    if (move)
      wells.set(position, { ...w, sample: null, labsheet: null, sync: markOf(move), reason: null, unmade: null });
  }
  return wells;
}

/** Whether an entry is drawn made in its well (markOf, drawnDone), as overlay draws it. */
function isDrawn(p: PendingWellChange): boolean {
  const sync = markOf(p);
  return sync !== null && drawnDone(sync);
}
