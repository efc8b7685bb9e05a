import type { CachedManifest } from '../../../shared/ipc/channels/cache.js';
import { noCountSaid } from '../../../shared/plate-map/unknown-used.js';

type Reading = Pick<CachedManifest, 'reading' | 'rows' | 'columns' | 'layoutFrom'>;

/**
 * Why nobody here can tell which wells of a plate are used (its unknownUsed is null), as a clause after
 * "any well may be used: ". Main decides that (stored-manifest.ts unplacedUsed); this only says which of its
 * reasons holds, from the same reading, so the bench knows what it is up against.
 */
export function unknownWhy(plate: Reading, of: string): string {
  if (plate.reading.emptySpaces === null || plate.reading.lastUpdate !== null) return noCountSaid(of);
  return (
    `the service gives no last-change time for ${of}, so changes made at another bench (a tube swapped, moved ` +
    'or taken out) cannot be seen here'
  );
}

/**
 * Why a plate's layout is asked for although one was given or read from its template's name: the
 * service counts more empty wells than that layout holds (main set it aside, manifest-reads.ts layoutOf,
 * and draws the plate with it meanwhile). Null when the count says nothing against the layout drawn.
 */
export function layoutMisfit(plate: Reading): string | null {
  const empty = plate.reading.emptySpaces;
  const holds = plate.rows * plate.columns;
  if (plate.layoutFrom !== 'unknown' || empty === null || empty <= holds) return null;
  return `the service counts ${empty} empty wells on it, more than a ${plate.rows} × ${plate.columns} layout holds`;
}
