import type { CachedManifest } from '../../../shared/ipc/channels/cache.js';

/** A tube this computer put in a position of the box before this visit (confirmed by the service or not). */
export interface EarlierPlacement {
  id: string;
  labsheet: string;
  position: string;
}

export interface BoxHoldings {
  /** Positions the next tube must not go to. */
  occupied: string[];
  earlier: EarlierPlacement[];
}

/**
 * What a box already holds, as main knows it: the wells the service lists, the well changes waiting
 * to be sent, and this computer's standing location assignments into it. The last matter most with
 * a service that lists no wells: without them a box scanned again starts over at A1 (409 later) and
 * a tube already in it is "assigned" again, which moves it.
 */
export function boxHoldings(m: Pick<CachedManifest, 'wells' | 'pending'>): BoxHoldings {
  const occupied = new Set(m.wells.filter((w) => w.sample).map((w) => w.position));
  const byPosition = new Map<string, EarlierPlacement>();
  // Oldest first, so a later entry wins: a well emptied on Well fill after a tube was assigned to it
  // is free again; a failed change never happened.
  for (const p of m.pending) {
    const i = p.intent;
    if (p.state === 'failed') continue;
    if (i.type === 'location-assign' && i.position) {
      for (const [at, e] of byPosition) if (sameTube(e, i)) byPosition.delete(at);
      byPosition.set(i.position, { id: i.id, labsheet: i.labsheet, position: i.position });
      occupied.add(i.position);
    } else if (i.type === 'well-set' && i.sample) {
      byPosition.delete(i.position);
      occupied.add(i.position);
    } else if (i.type === 'well-remove' && i.fields.includes('SAMPLE') && byPosition.delete(i.position)) {
      occupied.delete(i.position);
    }
  }
  return { occupied: [...occupied], earlier: [...byPosition.values()] };
}

/** Tube IDs as scanned: the same tube whatever the case the scanner sent. */
export function sameTube(a: { id: string; labsheet: string }, b: { id: string; labsheet: string }): boolean {
  return a.labsheet === b.labsheet && a.id.toUpperCase() === b.id.toUpperCase();
}
