import type { Outbox, OutboxEntry } from '../outbox/index.js';
import { entryMayHaveArrived } from '../outbox/may-have-arrived.js';
import type { CacheStore } from './cache-store.js';

/** Where a tube was: a well of a plate or box, by the manifest's uuid. */
interface Well {
  uuid: string;
  position: string;
}

/**
 * The wells a confirmed move `e` of a tube takes it out of, on the service as this computer knows it:
 * the position the page saw it leave (its `from`, whoever put it there: the move empties it, as the
 * page and the sync already take it while the move waits), and every well this computer assigned it to
 * before that may have taken it (`earlier`; a refused one never did): the service keeps a row in one
 * location, so a move empties the well an assignment gave it. Not the well it went to. A well only Well
 * fill filled is left as it is unless it is the move's `from`: the service keeps that sample when the
 * row is assigned elsewhere (main/sandbox/README.md).
 */
export function wellsLeft(e: OutboxEntry, earlier: readonly OutboxEntry[]): Well[] {
  if (e.intent.type !== 'location-assign') return [];
  const to = e.intent;
  const left = new Map<string, Well>();
  const add = (uuid: string, position: string | undefined) => {
    if (!position || (uuid === to.locationId && sameText(position, to.position ?? ''))) return;
    left.set(JSON.stringify([uuid, position.toUpperCase()]), { uuid, position });
  };
  if (to.from) add(to.from.locationId, to.from.position);
  for (const p of earlier)
    if (p.intent.type === 'location-assign' && (p.state !== 'failed' || entryMayHaveArrived(p) !== null))
      add(p.intent.locationId, p.intent.position);
  return [...left.values()];
}

/**
 * Keeps the cache's copy of the boxes true to a move the service confirmed: the tube is taken out of
 * each well it left (wellsLeft) that the copy still lists it in, under any of its names (`names`: its
 * row's ID, barcode and uuid as the saved rows know them). Without it, a box read before the move and
 * opened again from the copy (the service out of reach) still had the tube there, and
 * Assign location passed the position over as taken until the box was read again. Where the tube went
 * is not written: this computer's assignments into a box stand over its wells (read-cache pendingFor)
 * and are drawn as placed here.
 */
export function forgetMovedTube(
  store: CacheStore,
  outbox: Outbox,
  e: OutboxEntry,
  names: (labsheet: string, id: string) => readonly string[],
): void {
  if (e.intent.type !== 'location-assign') return;
  const { labsheet, id } = e.intent;
  const known = names(labsheet, id);
  const upper = new Set(known.map((n) => n.toUpperCase()));
  const isTube = (s: { id: string; labsheet: string }) =>
    (s.labsheet === labsheet || s.labsheet === '') && upper.has(s.id.toUpperCase());
  for (const w of wellsLeft(e, outbox.sentAssignmentsBefore(e.id, labsheet, known)))
    store.takeTubeOut(w.uuid, w.position, isTube);
}

const sameText = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();
