import type { RackBad } from './rack-csv.js';

/** A rack file's read refused, and whether it names a tube (one that needs a place) or none (a misread, a plate's barcode). */
export interface RackRefusal {
  bad: RackBad;
  tube: boolean;
}

/**
 * Each position of a rack file to one outcome: saved, passed over, or listed to rescan. A read refused
 * for rescanning at a position that another read of the file fills (`filledBy`: saved there, or its
 * tube already there and passed over) is not one to rescan: the next scan would be queued over that
 * tube. One that names a tube is listed as taken (that tube needs another place); one that names none
 * is dropped, since the position's tube was read. The reads to rescan at one position are one entry
 * with every reason: the screen lists a position once, and the next scans fill each once.
 */
export function onePerPosition(refused: readonly RackRefusal[], filledBy: ReadonlyMap<string, string>): RackBad[] {
  const out: RackBad[] = [];
  const toRescan = new Map<string, RackBad>();
  for (const { bad, tube } of refused) {
    if (bad.taken) {
      out.push(bad);
      continue;
    }
    const holder = filledBy.get(bad.position);
    if (holder !== undefined) {
      if (tube)
        out.push({
          ...bad,
          reason: `${bad.reason}, and ${bad.position} is not empty (${holder} is in it)`,
          taken: true,
        });
      continue;
    }
    const first = toRescan.get(bad.position);
    if (first) {
      first.reason += `; also read as ${bad.raw}: ${bad.reason}`;
      continue;
    }
    const entry = { ...bad };
    toRescan.set(bad.position, entry);
    out.push(entry);
  }
  return out;
}

/**
 * A position whose read the file could not use (a misread, or a tube that could not be looked up), whose
 * tube the box's record names: "A4 (TB000123), read as NOREAD".
 */
export interface MisreadHeld {
  position: string;
  raw: string;
  holder: string;
  /** The read names a tube (its lookup failed): `reason` says why it was not used. A misread says it by `raw`. */
  tube: boolean;
  reason: string;
}

/**
 * The file's reads refused for rescanning (misreads, and tubes that could not be looked up) at positions
 * the box's record already fills (`recordHolds`, position → its tube), taken out of the refusals to
 * rescan: the position is taken, so a rescan there could not take the tube scanned next (it would be
 * queued over the record's tube, or be that tube, a duplicate, and the position stay first to rescan).
 * Most likely the record's tube is what the scanner missed, or what could not be looked up; only an eye
 * on the rack can tell. Reads already refused as taken keep that outcome. One per position.
 */
export function misreadsHeld(
  refused: readonly RackRefusal[],
  recordHolds: ReadonlyMap<string, string>,
): { refused: RackRefusal[]; byEye: MisreadHeld[] } {
  const byEye = new Map<string, MisreadHeld>();
  const rest: RackRefusal[] = [];
  for (const x of refused) {
    const holder = x.bad.taken ? undefined : recordHolds.get(x.bad.position);
    if (holder === undefined) rest.push(x);
    else if (!byEye.has(x.bad.position))
      byEye.set(x.bad.position, {
        position: x.bad.position,
        raw: x.bad.raw,
        holder,
        tube: x.tube,
        reason: x.bad.reason,
      });
  }
  return { refused: rest, byEye: [...byEye.values()] };
}
