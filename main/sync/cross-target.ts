import type { Outbox } from '../outbox/outbox-store.js';
import type { OutboxEntry } from '../outbox/entry.js';
import { ONLY_AS_QUEUED, tubeKey, type TubeNames } from './tube-names.js';

/** Every name of every tube the entries move (a tube queued by its barcode is its sample ID too). */
export function namesOfTubes(entries: readonly OutboxEntry[], names: TubeNames): string[] {
  const out = new Set<string>();
  for (const e of entries)
    if (e.intent.type === 'location-assign') for (const n of names(e.intent.labsheet, e.intent.id)) out.add(n);
  return [...out];
}

/**
 * Assignments are coalesced per location, but one tube can be moved between locations: A, then B,
 * then A again. Sending location A's batch (both A's) before B's would leave the tube in B. So an
 * assignment batch stops before the first entry whose row has an older pending assignment to a
 * different location; that older one is sent first (its target becomes the oldest) and order holds,
 * even while that one's lane is set aside after a failure: this lane then waits for it.
 */
export function cutAtEarlierMoves(
  outbox: Outbox,
  target: string,
  run: OutboxEntry[],
  names: TubeNames = ONLY_AS_QUEUED,
): OutboxEntry[] {
  const last = run[run.length - 1];
  if (!last) return run;
  const elsewhere = outbox.pendingElsewhere('location-assign', target, last.id, namesOfTubes(run, names));
  if (elsewhere.length === 0) return run;
  const firstElsewhere = new Map<string, number>();
  for (const e of elsewhere) {
    if (e.intent.type !== 'location-assign') continue;
    const key = tubeKey(names, e.intent.labsheet, e.intent.id);
    if (!firstElsewhere.has(key)) firstElsewhere.set(key, e.id);
  }
  const out: OutboxEntry[] = [];
  for (const e of run) {
    if (e.intent.type !== 'location-assign') break;
    const earlier = firstElsewhere.get(tubeKey(names, e.intent.labsheet, e.intent.id));
    if (earlier !== undefined && earlier < e.id) break;
    out.push(e);
  }
  // Empty when this lane's head itself must wait: its tube's older assignment is in a lane set aside
  // for this drain (the service failed it). The oldest pending assignment overall is never cut.
  return out;
}

/**
 * The older pending move of the same tube to another place that `entry` waits for (the rule above,
 * for one entry), or null: the Outbox says so on the waiting entry.
 */
export function olderMoveOf(outbox: Outbox, entry: OutboxEntry, names: TubeNames = ONLY_AS_QUEUED): OutboxEntry | null {
  const i = entry.intent;
  if (i.type !== 'location-assign') return null;
  const key = tubeKey(names, i.labsheet, i.id);
  const same = (e: OutboxEntry) =>
    e.intent.type === 'location-assign' && tubeKey(names, e.intent.labsheet, e.intent.id) === key;
  return (
    outbox.pendingElsewhere('location-assign', entry.target, entry.id, [...names(i.labsheet, i.id)]).find(same) ?? null
  );
}
