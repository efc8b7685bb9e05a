import type { CachedManifest } from '../../shared/ipc/channels/cache.js';
import { positionKey } from '../../shared/layout/positions.js';
import { plateLaneOf } from '../../shared/outbox/intent-meta.js';
import type { Outbox } from '../outbox/index.js';

/** The tube a confirmed change from this computer put in a well, and when it was queued (ms). */
export interface PlacedHere {
  sample: string;
  at: number;
}

/**
 * What this computer's confirmed well changes last left in each well of the plate (by position key):
 * the tube one put there and when it was queued, or null where the last emptied the well. A well the
 * service lists (or this computer's record holds) was filled here when its tube is the one the last
 * confirmed change here put there: its "filled at" is that change's time, not blank because it is no
 * longer on its way. Only what the outbox keeps (done entries are kept 30 days) can tell.
 */
export function placedHere(outbox: Outbox, m: Pick<CachedManifest, 'uuid' | 'hrid'>): Map<string, PlacedHere | null> {
  const done = [plateLaneOf({ uuid: m.uuid }), plateLaneOf({ hrid: m.hrid })]
    .flatMap((lane) => outbox.entriesOf(lane, 'done'))
    // In the order they were sent: a lane goes oldest first.
    .sort((a, b) => a.id - b.id);
  const out = new Map<string, PlacedHere | null>();
  for (const e of done) {
    const i = e.intent;
    if (i.type === 'well-set') {
      // A change of the label or tags alone leaves the tube, and its time, as it was.
      if (i.sample === undefined) continue;
      out.set(positionKey(i.position), i.sample === null ? null : { sample: i.sample.id, at: e.createdAt });
    } else if (i.type === 'well-remove' && i.fields.includes('SAMPLE')) out.set(positionKey(i.position), null);
  }
  return out;
}
