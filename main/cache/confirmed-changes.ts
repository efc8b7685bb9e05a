import type { ReadCacheDeps } from './read-cache.js';
import { forgetMovedTube } from './moved-tubes.js';
import { createdLocationsOf } from './created-locations.js';

export type ConfirmedChangesDeps = Pick<ReadCacheDeps, 'store' | 'outbox' | 'now' | 'service'> & {
  /** Every name of a tube as the saved rows know it (tube-names.ts). */
  tubeNames(labsheet: string, id: string): readonly string[];
};

/**
 * Confirmed well changes become this computer's record of the plate: a service that lists no wells
 * then still shows what was filled here, and "used on the service" can be told from "known here".
 * A confirmed move takes its tube out of the wells it left (moved-tubes.ts). Created locations are
 * remembered, so their uuid scanned later opens them.
 */
export function recordConfirmedChanges(d: ConfirmedChangesDeps): () => void {
  const { store } = d;
  return d.outbox.events.on('changed', (changes) => {
    for (const c of changes) {
      if (c.state !== 'done') continue;
      // What the store holds is one service's: bound first, as every read is (`bound`), or a change the
      // service in use confirmed went into the data of the one before, and was dropped at the next read.
      if (d.service) store.bindService(d.service());
      if (c.type === 'location-create') {
        const made = d.outbox.changedEntry(c.id);
        for (const l of createdLocationsOf(made?.result)) store.putLocation(l, d.now());
        continue;
      }
      if (c.type === 'location-assign') {
        const moved = d.outbox.changedEntry(c.id);
        if (moved) forgetMovedTube(store, d.outbox, moved, d.tubeNames);
        continue;
      }
      if (c.type !== 'well-set' && c.type !== 'well-remove') continue;
      const e = d.outbox.changedEntry(c.id);
      if (!e || (e.intent.type !== 'well-set' && e.intent.type !== 'well-remove')) continue;
      const ref = e.intent.manifest;
      const uuid = 'uuid' in ref ? ref.uuid : store.manifest('hrid', ref.hrid)?.manifest.uuid;
      if (uuid) store.applyWell(uuid, e.intent);
    }
  });
}
