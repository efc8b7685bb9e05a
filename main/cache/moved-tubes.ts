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

/**
 * This computer's moves of the tubes a box's wells list to another location that did or may happen and
 * that its reading (at `since`) predates: each listed tube's newest assignment under any of its names
 * (`names`, as the saved rows know them), when that one goes elsewhere and is open, may have arrived,
 * or was confirmed after the reading. The box's wells still list such a tube, and without these a tube
 * taken out and scanned into another box offline was a "Duplicate" when scanned back into this one:
 * nothing was recorded, and once synced the service had it where it no longer was. A move refused, or
 * failed before it left, never happened and leaves the tube where the wells have it.
 */
export function movedAwayFrom(
  outbox: Pick<Outbox, 'assignmentsOfTubes'>,
  m: { uuid: string; wells: readonly { sample: { id: string; labsheet: string } | null }[] },
  since: number,
  names: (labsheet: string, id: string) => readonly string[],
): OutboxEntry[] {
  const listed = m.wells.flatMap((w) =>
    w.sample ? [{ ...w.sample, names: names(w.sample.labsheet, w.sample.id) }] : [],
  );
  if (listed.length === 0) return [];
  const made = outbox
    .assignmentsOfTubes([...new Set(listed.flatMap((t) => t.names))])
    .filter((e) => e.state !== 'failed' || entryMayHaveArrived(e) !== null);
  const away = new Map<number, OutboxEntry>();
  for (const t of listed) {
    const upper = new Set(t.names.map((n) => n.toUpperCase()));
    const newest = made.findLast(
      (e) =>
        e.intent.type === 'location-assign' &&
        (t.labsheet === '' || e.intent.labsheet === t.labsheet) &&
        upper.has(e.intent.id.toUpperCase()),
    );
    if (newest?.intent.type !== 'location-assign' || sameText(newest.intent.locationId, m.uuid)) continue;
    if (newest.state !== 'done' || newest.updatedAt >= since) away.set(newest.id, newest);
  }
  return [...away.values()].sort((a, b) => a.id - b.id);
}
