import type { ManifestRef } from '../../shared/outbox/intents.js';
import { manifestKey, plateLaneOf } from '../../shared/outbox/intent-meta.js';
import { askedOnceBy } from '../common/asked-once.js';

/**
 * Both names of a plate (or box): its uuid and its hrid, each null when not known. Well fill queues a
 * plate's changes by its uuid, Assign location moves a tube into it by its uuid (a plate is a location
 * by that uuid), and a change can name it by its hrid; the rule that keeps an older change from
 * landing over a newer one must see one plate. The read cache answers from the plates it has saved,
 * without a call to the service.
 */
export type PlateNames = (ref: ManifestRef) => { uuid: string | null; hrid: string | null };

/** Without saved plates, a plate is known only by the name it was queued under. */
export const ONLY_AS_NAMED: PlateNames = (ref) =>
  'uuid' in ref ? { uuid: ref.uuid, hrid: null } : { uuid: null, hrid: ref.hrid };

/** One key per plate, the same whichever of its names an entry carries (its uuid when known). */
export function plateKey(names: PlateNames, ref: ManifestRef): string {
  const { uuid } = names(ref);
  return manifestKey(uuid === null ? ref : { uuid });
}

/** The lanes of a plate's well changes: one per name it is known by. */
export function plateLanes(names: PlateNames, ref: ManifestRef): string[] {
  const { uuid, hrid } = names(ref);
  const refs: ManifestRef[] = [...(uuid === null ? [] : [{ uuid }]), ...(hrid === null ? [] : [{ hrid }])];
  return (refs.length === 0 ? [ref] : refs).map(plateLaneOf);
}

/** What people call the plate: its hrid when known. */
export function plateName(names: PlateNames, ref: ManifestRef): string {
  const { uuid, hrid } = names(ref);
  return hrid ?? ('hrid' in ref ? ref.hrid : `plate ${uuid ?? ref.uuid}`);
}

/** The same answers, each looked up once: one sending step asks about its plate for every entry it compares. */
export function platesAskedOnce(names: PlateNames): PlateNames {
  return askedOnceBy(names, manifestKey);
}

/**
 * Whether a screen of this computer read the plate: the read cache saved it, so it knows its hrid.
 * (A location that is not a plate, or a plate never read here, is known only by its uuid.)
 */
export function readHere(names: PlateNames, uuid: string): boolean {
  return names({ uuid }).hrid !== null;
}
