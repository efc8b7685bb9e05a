import { parse } from 'csv-parse/browser/esm/sync';
import { normalizePosition, parsePosition, type Layout } from '../../../shared/layout/positions.js';

export interface RackRead {
  position: string;
  barcode: string;
}
export interface RackBad {
  position: string;
  raw: string;
  reason: string;
  /** The position holds another tube (or will): not one to rescan into. */
  taken?: true;
  /**
   * The position's tube, known only from the service's record (another bench's), is moved elsewhere by
   * this same file: the read goes once that move is sent (the file chosen again), since the service
   * refuses a tube into a position its record still fills and the sync cannot order the two.
   */
  afterMove?: true;
}
export interface RackImport {
  good: RackRead[];
  bad: RackBad[];
  /** Positions the file shows empty (a slot with no tube): the box's record may still have one there. */
  empty: string[];
  /** Positions the lines name that this box does not have (A10 on a 9 × 9 box), as written. */
  outside: string[];
  ignored: number;
}

/** What rack scanners write where a tube could not be read. */
const NO_READ = /^(no ?read|noread|error|fail(ed)?|empty|no ?tube|\?+|x+|-+)$/i;

/**
 * Parses a rack scanner export (`position,barcode` per line, optional header, `,` or `;` or tab).
 * A bad read never sinks the whole rack: good reads are kept, bad positions are listed so only
 * those are rescanned. Empty positions (nothing in the slot) are not errors; they are listed, since the
 * box's record may have a tube there. A tube read at
 * two positions is left to the import (checkRack, rack-check.ts), which knows a tube's other name too.
 */
export function parseRackCsv(text: string, layout: Layout): RackImport {
  const delimiter =
    text.includes(';') && !text.includes(',') ? ';' : text.includes('\t') && !text.includes(',') ? '\t' : ',';
  const records = parse(text, {
    delimiter,
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
  }) as string[][];
  const good: RackRead[] = [];
  const bad: RackBad[] = [];
  const empty: string[] = [];
  const outside: string[] = [];
  let ignored = 0;
  for (const rec of records) {
    const [rawPos = '', rawCode = ''] = rec;
    const position = normalizePosition(rawPos, layout);
    if (!position) {
      // A header line ("Position,Barcode") or junk: not a slot of this rack.
      if (/pos|well|tube|barcode/i.test(rawPos)) continue;
      // A position, but not of this box; anything else (a rack ID or date line) is the export's own.
      if (parsePosition(rawPos)) outside.push(rawPos);
      ignored++;
      continue;
    }
    if (rawCode === '' || /^(empty|no ?tube)$/i.test(rawCode)) {
      empty.push(position);
      ignored++;
      continue;
    }
    if (NO_READ.test(rawCode)) {
      bad.push({ position, raw: rawCode, reason: 'the scanner could not read this tube' });
      continue;
    }
    good.push({ position, barcode: rawCode });
  }
  return { good, bad, empty, outside, ignored };
}
