import { call } from '../../lib/ipc/client.js';
import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import type { CachedManifest, KnownLocation } from '../../../shared/ipc/channels/cache.js';
import { unknownUsed } from '../../../shared/plate-map/unknown-used.js';
import { boxHoldings, type BoxHoldings } from './box-holdings.js';
import { isUuid } from '../../../shared/api/primitives.js';
import { sameLetters } from '../../../shared/barcode/letter-case.js';

/**
 * A location read from main to be opened: what it holds, how many of its used positions the service
 * counts but does not list (`unplaced`), and, for a box whose layout neither the service, its template's
 * name nor the user has said, that template (`layoutUnknown`): its positions are not known, so no tube
 * goes to one until the user says how it is laid out (main's rows × columns are then a stand-in).
 */
export interface OpenedBox extends BoxHoldings {
  location: KnownLocation;
  /** Null: the service does not say how many are used, so any may be. */
  unplaced: number | null;
  layoutUnknown: string | null;
}

const opened = (m: CachedManifest): OpenedBox => {
  const known = m.layoutFrom !== 'unknown';
  return {
    location: {
      uuid: m.uuid,
      name: `${m.hrid} ${m.name}`,
      kind: 'manifest',
      hrid: m.hrid,
      // A box the service gave no barcode is kept with '' by main: it is opened by its uuid, not by ''.
      ...(m.barcode ? { barcode: m.barcode } : {}),
      ...(known ? { rows: m.rows, columns: m.columns } : {}),
    },
    ...boxHoldings(m),
    unplaced: unknownUsed(m),
    layoutUnknown: known ? null : m.template,
  };
};

/** The plate or box with this barcode (or hrid) as main knows it, or null when neither it nor the service knows it. */
export async function readManifest(api: BenchlinkApi, code: string): Promise<OpenedBox | null> {
  const m =
    (await call(api, 'cache.manifest', { barcode: code })) ?? (await call(api, 'cache.manifest', { hrid: code }));
  return m && opened(m);
}

/** The plate or box with this uuid read again (the open one, or one a scanned uuid names), or null when main does not know it. */
export async function readManifestByUuid(api: BenchlinkApi, uuid: string): Promise<OpenedBox | null> {
  // Asked in the service's own spelling: a uuid printed or read in upper case is the same uuid.
  const m = await call(api, 'cache.manifest', { uuid: uuid.toLowerCase() });
  return m && opened(m);
}

/**
 * The plate or box a scan names by its uuid, barcode or hrid as main knows it, or null. For a scan made
 * while a box is open that no labsheet row holds: a box's uuid or hrid taken for a tube was queued as one,
 * and the user believed they had switched boxes.
 */
export async function readManifestNamed(api: BenchlinkApi, code: string): Promise<OpenedBox | null> {
  if (isUuid(code)) return readManifestByUuid(api, code);
  const named = await readManifest(api, code);
  if (named) return named;
  // Read with Caps Lock on (pl-0003, rka0007), a box's code was asked as typed and found by neither name:
  // the box open stayed open and the code was queued into it as a tube.
  const listed = (await call(api, 'cache.locations', { code })).find(
    (l) => l.kind === 'manifest' && (sameLetters(l.barcode ?? null, code) || sameLetters(l.hrid ?? null, code)),
  );
  return listed ? readManifestByUuid(api, listed.uuid) : null;
}

/** A location with no positions, and nothing known in it. */
export function plainLocation(location: KnownLocation): OpenedBox {
  return {
    location,
    occupied: [],
    held: [],
    removalsHeld: [],
    fillsHeld: [],
    controls: [],
    unplaced: 0,
    layoutUnknown: null,
  };
}

/**
 * What a scanned location code opens: a plate or box, to be read by its code (`manifestUuid`), or read
 * already (one scanned by its uuid before this computer opened it); a known location with nothing known
 * in it; a uuid neither main nor the service knows as a location, plate or box (`unknownUuid`: opened as
 * a location only when the user says so, since a box's tubes put there get no position); or null.
 */
export async function findLocation(
  api: BenchlinkApi,
  code: string,
): Promise<{ manifestUuid: string } | { unknownUuid: string } | OpenedBox | null> {
  // Asked by code: main looks among every plate this computer has opened, not only the list's recent ones.
  const known = await call(api, 'cache.locations', { code });
  // A uuid in any case is the one uuid; compared as spelled, an upper-case one was a location nobody knows.
  // So is a barcode: main finds it in any letter case, and one read with Caps Lock on was then dropped here.
  const hit = known.find(
    (l) =>
      l.uuid.toLowerCase() === code.toLowerCase() ||
      l.name.toLowerCase() === code.toLowerCase() ||
      sameLetters(l.barcode ?? null, code),
  );
  if (hit?.kind === 'manifest') return { manifestUuid: hit.uuid };
  if (hit) return plainLocation(hit);
  if (!isUuid(code)) return null;
  // cache.locations lists only what this computer opened: a box first scanned by its uuid is asked for.
  return (await readManifestByUuid(api, code)) ?? { unknownUuid: code.toLowerCase() };
}
