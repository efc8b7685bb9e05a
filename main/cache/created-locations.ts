import { z } from 'zod';
import { createdLocation } from '../../shared/api/locations.js';
import type { KnownLocation } from '../../shared/ipc/channels/cache.js';

/** What a location-create entry keeps once its request completed (main/sync/reconcile.ts). */
const completedCreate = z.object({ created: z.array(z.unknown()) });

/**
 * The locations a confirmed location-create made, as the read cache knows a location. The service has no
 * read of one location, so its uuid scanned later (a label Labels printed for it) is known only from this
 * answer: unknown, Assign location asked each time whether to open it.
 */
export function createdLocationsOf(result: unknown): KnownLocation[] {
  const done = completedCreate.safeParse(result);
  if (!done.success) return [];
  return done.data.created.flatMap((c) => {
    const l = createdLocation.safeParse(c);
    return l.success && l.data.uuid !== ''
      ? [{ uuid: l.data.uuid, name: l.data.name || l.data.uuid, kind: 'location' as const }]
      : [];
  });
}
