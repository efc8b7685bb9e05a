import type { CachedManifest } from '../../shared/ipc/channels/cache.js';
import { plateLaneOf } from '../../shared/outbox/intent-meta.js';
import { readingsAgree, type PlateState } from '../outbox/entry.js';
import type { Outbox } from '../outbox/index.js';
import { RecordRefused } from './record-basis.js';

/** The plate as this computer's last writes to it left it, under either name its changes were queued by. */
export function plateAsLeftHere(outbox: Outbox, m: CachedManifest): PlateState[] {
  return [plateLaneOf({ uuid: m.uuid }), plateLaneOf({ hrid: m.hrid })]
    .map((lane) => outbox.plateSeen(lane))
    .filter((s): s is NonNullable<typeof s> => s !== null)
    .map(({ lastUpdate, emptySpaces }) => ({ lastUpdate, emptySpaces }));
}

/** Whether one of this computer's writes to the plate is in flight, or landed after the reading. */
function writingNow(outbox: Outbox, m: CachedManifest): boolean {
  const lanes = [plateLaneOf({ uuid: m.uuid }), plateLaneOf({ hrid: m.hrid })];
  return (
    // Done since the reading: the plate's moves stand in `pending` done too, long after they were made.
    m.pending.some((c) => c.state === 'sending' || (c.state === 'done' && c.updatedAt >= m.fetchedAt)) ||
    lanes.some((lane) => outbox.entriesOf(lane, 'sending').length > 0)
  );
}

/**
 * Whether this computer's own record of the plate's wells (a service that lists no wells: its
 * confirmed writes, and "the rest is empty" from the count) still describes the plate. Only if the
 * plate reads as this computer's last write left it: another bench that swaps or moves tubes leaves
 * emptySpaces as it was, but not lastUpdate, and a record that stated the old view would name the
 * wrong tubes and call a filled well empty. `leftHere`: plateAsLeftHere, read after the reading.
 *
 * A reading that may predate this computer's latest write cannot tell: fresh, the filing waits a
 * moment (RecordRefused); from the saved copy (offline) the record states this computer's view, as
 * everything it files offline does.
 */
export function ownViewStands(outbox: Outbox, m: CachedManifest, leftHere: readonly PlateState[]): boolean {
  if (m.wellsFrom === 'service') return true;
  // No reading after a write of this computer's (none made here, or made without a plate reading, as
  // older versions queued them): nothing to compare with, as for the send-time check.
  if (leftHere.length === 0) return true;
  if (leftHere.some((s) => readingsAgree(m.basis, s))) return true;
  if (!writingNow(outbox, m)) return false;
  if (m.fromCache) return true;
  throw new RecordRefused(
    `Plate ${m.hrid} is being written from this computer right now: file the record again once its changes ` +
      'are sent (the Outbox shows them).',
  );
}
