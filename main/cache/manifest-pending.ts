import { toOutboxError, type Outbox, type OutboxEntry } from '../outbox/index.js';
import { entryMayHaveArrived } from '../outbox/may-have-arrived.js';
import { OPEN_STATES } from '../outbox/entry.js';
import type { PendingWellChange } from '../../shared/ipc/channels/cache.js';
import { plateLaneOf } from '../../shared/outbox/intent-meta.js';
import { isUsedWell } from '../../shared/outbox/well-state.js';
import { capacity, positionKey } from '../../shared/layout/positions.js';
import { movedAwayFrom } from './moved-tubes.js';
import type { StoredManifest } from './stored-manifest.js';
import { namesOrQueued, type SavedNames } from './tube-names.js';

/*
 * What this computer did to a plate or box on top of a reading of it: the changes a manifest's answer
 * carries (`pending`) and the tubes moved out of it (`movedAway`), so the plate map shows what the user
 * did, not only what the server has.
 */

function toPendingChange(e: OutboxEntry, names: SavedNames): PendingWellChange {
  return {
    entryId: e.id,
    state: e.state,
    updatedAt: e.updatedAt,
    intent: e.intent,
    error: e.lastError ? toOutboxError(e.lastError) : null,
    mayHaveArrived: entryMayHaveArrived(e),
    ...(e.intent.type === 'location-assign' ? namesOf(names(e.intent.labsheet, e.intent.id)) : {}),
  };
}

const namesOf = (names: readonly string[] | null): { names?: string[] } => (names ? { names: [...names] } : {});

/**
 * Open well entries, plus those confirmed after `since` (the cached wells predate them); and this
 * computer's standing location assignments into the manifest, done ones too (a tube moved since under
 * another of its names, its sample ID after its barcode, no longer stands there; nor one that wells
 * listed since have elsewhere, movedSince): a service that lists no wells never shows where they went,
 * and without them a box scanned again on Assign location would start over at A1 and take a tube it
 * already holds (and Well fill would fill over it). Each assignment carries its tube's names when a
 * saved row holds it (`saved`, asked once per tube for the whole read).
 */
export function pendingFor(outbox: Outbox, m: StoredManifest, since: number, saved: SavedNames): PendingWellChange[] {
  const targets = [plateLaneOf({ uuid: m.uuid }), plateLaneOf({ hrid: m.hrid })];
  const entries: OutboxEntry[] = [];
  const readIn: OutboxEntry[] = [];
  for (const t of targets)
    for (const s of [...OPEN_STATES, 'done'] as const)
      for (const e of outbox.entriesOf(t, s)) (s !== 'done' || e.updatedAt >= since ? entries : readIn).push(e);
  const names = namesOrQueued(saved);
  const standing = outbox
    .standingAssignments(m.uuid, names)
    .filter((a) => !emptiedSince(a, readIn) && !movedSince(m, a, since, names));
  const counted = countedBefore(m, standing, since);
  entries.push(...(countedOutOfDate(m, counted) ? standing.filter((a) => !counted.includes(a)) : standing));
  return entries.map((e) => toPendingChange(e, saved)).sort((a, b) => a.entryId - b.entryId);
}

/**
 * This computer's moves of the tubes the wells list to other locations (moved-tubes.ts movedAwayFrom),
 * each with the name of where it went (`nameOf`, from saved answers only).
 */
export function movedAwayOf(
  outbox: Outbox,
  nameOf: (uuid: string, service: string) => string | null,
  m: StoredManifest,
  since: number,
  saved: SavedNames,
): PendingWellChange[] {
  return movedAwayFrom(outbox, m, since, namesOrQueued(saved)).map((e) => {
    // Named as the Outbox names it (entry-summary.ts): the two say one place.
    const to = e.intent.type === 'location-assign' ? nameOf(e.intent.locationId, e.service) : null;
    return { ...toPendingChange(e, saved), ...(to ? { place: to } : {}) };
  });
}

/**
 * Whether wells the service listed, read after it confirmed the assignment, no longer have the tube
 * at its position under any of its names: another bench moved it since, and the listing says where it
 * is. Drawn over that listing, a tube moved away stayed in the box on both screens, its scan back was
 * a "Duplicate", and a tag on its well wrote the sample back into the box. Still listed there, the
 * assignment stays: it knows the tube by the text scanned, as a rescan of it comes.
 */
function movedSince(
  m: StoredManifest,
  a: OutboxEntry,
  since: number,
  names: (labsheet: string, id: string) => readonly string[],
): boolean {
  if (m.wellsFrom !== 'service' || a.state !== 'done' || a.updatedAt >= since) return false;
  if (a.intent.type !== 'location-assign' || !a.intent.position) return false;
  const at = positionKey(a.intent.position);
  const there = m.wells.find((w) => w.position === at)?.sample;
  const tube = new Set(names(a.intent.labsheet, a.intent.id).map((n) => n.toUpperCase()));
  return !there || !tube.has(there.id.toUpperCase());
}

/**
 * The assignments a service that lists no wells counted in its reading: confirmed before it, into a
 * position this computer's record of the wells does not already fill (one each).
 */
function countedBefore(m: StoredManifest, standing: readonly OutboxEntry[], since: number): OutboxEntry[] {
  if (m.wellsFrom !== 'this-computer') return [];
  const filled = new Set(m.wells.filter((w) => isUsedWell(w)).map((w) => w.position));
  const counted: OutboxEntry[] = [];
  for (const a of standing) {
    if (a.state !== 'done' || a.updatedAt >= since || a.intent.type !== 'location-assign') continue;
    const at = a.intent.position ? positionKey(a.intent.position) : null;
    if (at === null || filled.has(at)) continue;
    filled.add(at);
    counted.push(a);
  }
  return counted;
}

/**
 * Whether the service counts fewer used positions than this computer's record and its confirmed
 * assignments fill: another bench took some of those tubes out since (it does not say which). None
 * of them is drawn as there then: kept, a tube moved away stayed in the box, its scan back was a
 * "Duplicate" (nothing recorded), and a tag on its well wrote the sample back. The service's count
 * (unplacedUsed) then holds the box for positions scanned before each tube, the safe side.
 */
function countedOutOfDate(m: StoredManifest, counted: readonly OutboxEntry[]): boolean {
  if (counted.length === 0 || m.layoutFrom === 'unknown' || m.basis.emptySpaces === null) return false;
  const used = capacity(m) - m.basis.emptySpaces;
  return used < m.wells.filter((w) => isUsedWell(w)).length + counted.length;
}

/**
 * Whether a well change made here after the assignment, confirmed before the reading (so left out
 * of `pending`: the wells read already show it), took the tube's sample out of its well or put
 * another there. Listed, the assignment would be drawn over that reading: a tube removed on Well
 * fill came back on the next read, and Assign location counted its position as used.
 */
function emptiedSince(a: OutboxEntry, readIn: readonly OutboxEntry[]): boolean {
  const at = a.intent.type === 'location-assign' ? a.intent.position?.toUpperCase() : undefined;
  if (!at) return false;
  return readIn.some((e) => {
    const i = e.intent;
    if (e.id < a.id || (i.type !== 'well-set' && i.type !== 'well-remove') || i.position.toUpperCase() !== at)
      return false;
    return i.type === 'well-set' ? i.sample !== undefined : i.fields.includes('SAMPLE');
  });
}
