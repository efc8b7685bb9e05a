import { call } from '../../lib/ipc/client.js';
import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import type { CachedManifest, KnownLocation } from '../../../shared/ipc/channels/cache.js';
import { unknownUsed } from '../../lib/plate-map/unknown-used.js';
import { boxHoldings, type BoxHoldings } from './box-holdings.js';
import { isUuid } from '../../../shared/api/primitives.js';

/**
 * A location read from main to be opened: what it holds, and how many of its used positions the
 * service counts but does not list (`unplaced`).
 */
export interface OpenedBox extends BoxHoldings {
  location: KnownLocation;
  unplaced: number;
}

const opened = (location: KnownLocation, m: CachedManifest): OpenedBox => ({
  location,
  ...boxHoldings(m),
  unplaced: unknownUsed(m),
});

/** The plate or box with this barcode (or hrid) as main knows it, or null when neither it nor the service knows it. */
export async function readManifest(api: BenchlinkApi, code: string): Promise<OpenedBox | null> {
  const m =
    (await call(api, 'cache.manifest', { barcode: code })) ?? (await call(api, 'cache.manifest', { hrid: code }));
  if (!m) return null;
  return opened(
    {
      uuid: m.uuid,
      name: `${m.hrid} ${m.name}`,
      kind: 'manifest',
      hrid: m.hrid,
      barcode: m.barcode,
      rows: m.rows,
      columns: m.columns,
    },
    m,
  );
}

/** The open box read again by its uuid, or null when main no longer knows it. */
export async function readManifestAgain(api: BenchlinkApi, loc: KnownLocation): Promise<OpenedBox | null> {
  const m = await call(api, 'cache.manifest', { uuid: loc.uuid });
  return m && opened(loc, m);
}

/**
 * What a scanned location code opens: a plate or box, to be read by its code (`manifest`); a location,
 * known or named by a uuid, with nothing known in it; or null when it names none.
 */
export async function findLocation(api: BenchlinkApi, code: string): Promise<{ manifest: string } | OpenedBox | null> {
  // Asked by code: main looks among every plate this computer has opened, not only the list's recent ones.
  const known = await call(api, 'cache.locations', { code });
  const hit = known.find((l) => l.uuid === code || l.name.toLowerCase() === code.toLowerCase() || l.barcode === code);
  if (hit?.kind === 'manifest') return { manifest: hit.barcode ?? hit.uuid };
  if (!hit && !isUuid(code)) return null;
  return {
    location: hit ?? { uuid: code, name: code, kind: 'location' },
    occupied: [],
    held: [],
    removalsHeld: [],
    fillsHeld: [],
    unplaced: 0,
  };
}
