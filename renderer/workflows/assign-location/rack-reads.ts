import { classify, idRefusal, type ScanClass } from '../../lib/scan-input/scan-kind.js';
import type { TubeRow } from '../../lib/samples/sample-index.js';
import type { TubeLookup } from '../../lib/samples/tube-row.js';
import type { Layout } from '../../../shared/layout/positions.js';
import type { RackRead } from './rack-csv.js';
import { namesOf } from './box-holdings.js';

/*
 * A rack file's reads taken as a whole, before any is checked against the box: what each read is, and
 * which tubes the file names at more than one position.
 */

/**
 * Why a rack file's read cannot be put in the box as a tube, or null when it can: what a scan would
 * refuse (garbage, a GS1 product code), and what a scan would take as something else (a plate, a
 * location, a command, a position).
 */
export function rackRefusal(c: ScanClass): string | null {
  const why = idRefusal(c, 'a tube ID');
  if (why) return why;
  if (c.kind === 'plate' || c.kind === 'box' || c.kind === 'location') return `a ${c.kind} barcode, not a tube`;
  if (c.kind === 'command') return 'a command barcode, not a tube';
  if (c.kind === 'position') return 'a position, not a tube';
  return null;
}

/** A rack file's read as a scan of it would be classified, and why it is no tube (rackRefusal), or null. */
export interface ClassedRead {
  r: RackRead;
  c: ScanClass;
  why: string | null;
}

export function classifyReads(reads: readonly RackRead[], layout: Layout | null): ClassedRead[] {
  return reads.map((r) => {
    const c = classify(r.barcode, { layout });
    return { r, c, why: rackRefusal(c) };
  });
}

/** A tube as a rack file's reads are compared: its row's ID whichever name was read, else the read. */
export const tubeKey = (value: string, row: TubeRow | null): string => (row?.id ?? value).toUpperCase();

/**
 * The tubes a rack file names at more than one position, by tubeKey, with their reads (one per
 * position, in file order). Reads refused or not looked up are left out: they name no known tube.
 */
export function namedTwice(
  classed: readonly ClassedRead[],
  rows: ReadonlyMap<string, TubeLookup>,
): Map<string, RackRead[]> {
  const byTube = new Map<string, RackRead[]>();
  for (const { r, c, why } of classed) {
    const found = rows.get(c.value);
    if (why || (found && 'failed' in found)) continue;
    const key = tubeKey(c.value, found?.row ?? null);
    const reads = byTube.get(key) ?? [];
    if (!reads.some((o) => o.position === r.position)) reads.push(r);
    byTube.set(key, reads);
  }
  return new Map([...byTube].filter(([, reads]) => reads.length > 1));
}

/**
 * The positions a rack file reads two different tubes at (by tubeKey), with one read per tube, in file
 * order. A position holds one tube, and the file cannot say which: saving the first read put it in
 * the box while the other stood in the rack there. Reads refused or not looked up name no known tube.
 */
export function sharedPositions(
  classed: readonly ClassedRead[],
  rows: ReadonlyMap<string, TubeLookup>,
): Map<string, RackRead[]> {
  const byPosition = new Map<string, Map<string, RackRead>>();
  for (const { r, c, why } of classed) {
    const found = rows.get(c.value);
    if (why || (found && 'failed' in found)) continue;
    const key = tubeKey(c.value, found?.row ?? null);
    const tubes = byPosition.get(r.position) ?? new Map<string, RackRead>();
    if (!tubes.has(key)) tubes.set(key, r);
    byPosition.set(r.position, tubes);
  }
  return new Map([...byPosition].flatMap(([p, tubes]) => (tubes.size > 1 ? [[p, [...tubes.values()]]] : [])));
}

/**
 * Where the file reads each tube, by every name it goes by (namesOf), upper-cased. A tube named twice
 * keeps its first read: it is refused anyway, and only the record's tubes are looked up here.
 */
export function positionsOfTubes(
  classed: readonly ClassedRead[],
  rows: ReadonlyMap<string, TubeLookup>,
): Map<string, string> {
  const at = new Map<string, string>();
  for (const { r, c, why } of classed) {
    const found = rows.get(c.value);
    if (why || (found && 'failed' in found)) continue;
    for (const name of namesOf(c.value, found?.row ?? null)) if (!at.has(name)) at.set(name, r.position);
  }
  return at;
}
