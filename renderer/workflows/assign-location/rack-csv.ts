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
  /**
   * Lines after the first position that name none, as written (`A 7,TB000107`): nothing is saved from
   * them, and the screen says which, so a tube's line is never lost unsaid. Lines before it (a rack ID,
   * a date) are the export's own.
   */
  unread: string[];
  /** The most fields a line has: a file whose position is not in the first column is told by it. */
  widest: number;
  /** Lines whose position is written as a number (1, 2, …): Benchlink cannot tell which slot that is. */
  numbered: number;
}

/**
 * What rack scanners write where a tube could not be read. Saved as tubes, "NR" and "N/A" were queued
 * as samples nobody has; an all-zero code is what some scanners write for an unread 2D code.
 */
const NO_READ =
  /^(no[ _-]?read|not[ _-]?read|nr|n\/?a|err(or)?|read[ _-]?error|fail(ed)?|unreadable|invalid|null|empty|no[ _-]?tube|\?+|x+|-+|0+)$/i;

/**
 * What rack scanners write for a slot with no tube. Written `No_Tube` or `No-Tube` (as `NO_READ` is by
 * some exports), the marker was saved as a tube nobody has.
 */
const NO_TUBE = /^(empty|no[ _-]?tube)$/i;

const DELIMITERS = [',', ';', '\t'] as const;

/**
 * The file's delimiter: the one that splits the most lines in two or more. A tab-separated file with a
 * comma in a note was read as comma-separated (every line one field before the note), and refused as
 * naming no position.
 */
function delimiterOf(text: string): string {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  let best: string = ',';
  let most = -1;
  for (const d of DELIMITERS) {
    const n = lines.filter((l) => l.includes(d)).length;
    if (n > most) [best, most] = [d, n];
  }
  return best;
}

/**
 * Header names of the columns a rack scanner exports: the position's ("Tube Position", "Well Position"
 * too: "Rack ID,Tube Position,Tube Barcode" was refused as having no position column) and the tube's.
 */
const POSITION_HEADER = /^((tube|well|rack|slot) ?)?(position|pos)$|^(well|slot|location)$/i;
const BARCODE_HEADER = /barcode|tube|code|sample/i;
/** A header that names the tube itself: preferred over any other barcode column. */
const TUBE_HEADER = /^(tube|sample)[ _-]?(barcode|id|code)?$/i;
/**
 * A column of the rack's (or box's, plate's) own barcode or ID, never the tube's: taken for the tube's
 * ("Rack Barcode,Position,Tube Barcode"), every read was the rack's barcode.
 */
const HOLDER_HEADER = /rack|box|plate/i;

/**
 * The columns of the position and the barcode: by a header line's names when the file starts with one
 * ("Rack,Position,Barcode"), else the first two. The tube's column is the one naming the tube when there
 * is one, else the first barcode column that is not the rack's.
 */
function columnsOf(records: readonly string[][], layout: Layout): { pos: number; code: number; header: number } {
  const first = records.findIndex((rec) => rec.some((f) => f !== ''));
  const rec = records[first] ?? [];
  if (first < 0 || normalizePosition(rec[0] ?? '', layout)) return { pos: 0, code: 1, header: -1 };
  const pos = rec.findIndex((f) => POSITION_HEADER.test(f));
  const tube = rec.findIndex((f, i) => i !== pos && TUBE_HEADER.test(f));
  const code =
    tube >= 0 ? tube : rec.findIndex((f, i) => i !== pos && BARCODE_HEADER.test(f) && !HOLDER_HEADER.test(f));
  return pos >= 0 && code >= 0 ? { pos, code, header: first } : { pos: 0, code: 1, header: -1 };
}

/** A position written as a number (1, 2, … counted along the rack): no row and column to put a tube at. */
const NUMBERED = /^\d+$/;

/**
 * Parses a rack scanner export (`position,barcode` per line, optional header, `,` or `;` or tab; or
 * the position and barcode columns a header names). A bad read never sinks the whole rack: good reads
 * are kept, bad positions are listed so only those are rescanned. Empty positions (nothing in the slot)
 * are not errors; they are listed, since the box's record may have a tube there. A tube read at
 * two positions is left to the import (checkRack, rack-check.ts), which knows a tube's other name too.
 */
export function parseRackCsv(text: string, layout: Layout): RackImport {
  const delimiter = delimiterOf(text);
  const parsed = parse(text, {
    delimiter,
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
  }) as string[][];
  // A spreadsheet's blank row (`,,`) is no line of the rack: said as naming no position, it marked a
  // file whose every tube was saved as not all saved.
  const records = parsed.filter((rec) => rec.some((f) => f !== ''));
  const cols = columnsOf(records, layout);
  const good: RackRead[] = [];
  const bad: RackBad[] = [];
  const empty: string[] = [];
  const outside: string[] = [];
  const unread: string[] = [];
  let ignored = 0;
  let numbered = 0;
  /** A line naming a position (this box's or not) has been read: the export's own lines come before. */
  let started = false;
  for (const [n, rec] of records.entries()) {
    if (n === cols.header) continue;
    const rawPos = rec[cols.pos] ?? '';
    const rawCode = rec[cols.code] ?? '';
    const position = normalizePosition(rawPos, layout);
    if (!position) {
      // A header line ("Position,Barcode"): not a slot of this rack.
      if (/pos|well|tube|barcode/i.test(rawPos)) continue;
      // A position, but not of this box. Anything else before the first position is the export's own (a
      // rack ID, a date); after it, a line the file meant as a slot (`A 7,TB000107`), said as not understood.
      if (NUMBERED.test(rawPos) && rawCode !== '') numbered++;
      if (parsePosition(rawPos)) {
        outside.push(rawPos);
        started = true;
      } else if (started) unread.push(rec.join(delimiter === '\t' ? ' ' : delimiter));
      ignored++;
      continue;
    }
    started = true;
    if (rawCode === '' || NO_TUBE.test(rawCode)) {
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
  return {
    good,
    bad,
    empty,
    outside,
    ignored,
    unread,
    widest: Math.max(0, ...records.map((r) => r.length)),
    numbered,
  };
}
