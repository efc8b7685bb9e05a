import type { CachedManifest } from '../../shared/ipc/channels/cache.js';
import { plateLaneOf } from '../../shared/outbox/intent-meta.js';
import { readingsAgree, type PlateState } from '../outbox/entry.js';
import type { Outbox } from '../outbox/index.js';

/** The plate as this computer's last writes to it left it, under either name its changes were queued by. */
export function plateAsLeftHere(outbox: Outbox, m: Pick<CachedManifest, 'uuid' | 'hrid'>): PlateState[] {
  return [plateLaneOf({ uuid: m.uuid }), plateLaneOf({ hrid: m.hrid })]
    .map((lane) => outbox.plateSeen(lane))
    .filter((s): s is NonNullable<typeof s> => s !== null)
    .map(({ lastUpdate, emptySpaces }) => ({ lastUpdate, emptySpaces }));
}

/** Whether one of this computer's writes to the plate is in flight, or landed after the reading. */
export function writingNow(outbox: Outbox, m: CachedManifest): boolean {
  const lanes = [plateLaneOf({ uuid: m.uuid }), plateLaneOf({ hrid: m.hrid })];
  return (
    // Done since the reading: the plate's moves stand in `pending` done too, long after they were made.
    m.pending.some((c) => c.state === 'sending' || (c.state === 'done' && c.updatedAt >= m.fetchedAt)) ||
    lanes.some((lane) => outbox.entriesOf(lane, 'sending').length > 0)
  );
}

/**
 * The answer with the basis its well changes are to be checked against. A service that lists no wells
 * shows nothing of what another bench did, so neither does this computer's record of the wells; a
 * plate that no longer reads as this computer's last write left it was changed elsewhere since. Its
 * next change then carries the plate as left here, and the send-time check holds it for a look.
 * Carrying the new reading, a tube put in a well the record shows empty replaced, unasked, the tube
 * another bench had put there: the page keeps the basis it first drew the plate with, but a page
 * opened anew (after a restart) has none. While this computer writes the plate (or a write landed
 * after the reading) the reading cannot tell, and stands, as the plate record treats it (record-view.ts).
 */
export function basedOnLeftHere(outbox: Outbox, m: CachedManifest): CachedManifest {
  if (m.wellsFrom !== 'this-computer') return m;
  const left = plateAsLeftHere(outbox, m);
  const [first] = left;
  if (!first || left.some((s) => readingsAgree(m.basis, s)) || writingNow(outbox, m)) return m;
  return { ...m, basis: first };
}
