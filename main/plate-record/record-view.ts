import type { CachedManifest } from '../../shared/ipc/channels/cache.js';
import { readingsShowNoChange, type PlateState } from '../outbox/entry.js';
import type { Outbox } from '../outbox/index.js';
import { writingNow } from '../cache/plate-left-here.js';
import { RecordRefused } from './record-basis.js';

/**
 * Whether this computer's own record of the plate's wells (a service that lists no wells: its
 * confirmed writes, and "the rest is empty" from the count) still describes the plate. Only if the
 * plate reads as this computer's last write left it: another bench that swaps or moves tubes leaves
 * emptySpaces as it was, but not lastUpdate, and a record that stated the old view would name the
 * wrong tubes and call a filled well empty. A service that gives no lastUpdate cannot show that, so
 * the view stands only while nothing was written here to compare with. `leftHere`: plateAsLeftHere, read after the reading.
 *
 * A reading that may predate this computer's latest write cannot tell: fresh, the filing waits a
 * moment (RecordRefused); from the saved copy (offline) the record states what this computer placed,
 * as everything it files offline does. A saved copy agrees with itself, so it never shows another
 * bench's change: the record calls no other well empty then (record-wells.ts othersAreEmpty), and says
 * how old the copy is.
 */
export function ownViewStands(outbox: Outbox, m: CachedManifest, leftHere: readonly PlateState[]): boolean {
  if (m.wellsFrom === 'service') return true;
  // No reading after a write of this computer's (none made here, or made without a plate reading, as
  // older versions queued them): nothing to compare with, as for the send-time check.
  if (leftHere.length === 0) return true;
  // The reading, not the basis the cache gives the page's changes (the plate as left here, when it
  // no longer reads so): that one would always agree. A reading without lastUpdate shows no swap: the
  // record stated a tube taken out elsewhere, and called "empty" a well another bench had filled.
  if (leftHere.some((s) => readingsShowNoChange(m.reading, s))) return true;
  if (!writingNow(outbox, m)) return false;
  if (m.fromCache) return true;
  throw new RecordRefused(
    `Plate ${m.hrid} is being written from this computer right now: file the record again once its changes ` +
      'are sent (the Outbox shows them).',
  );
}
