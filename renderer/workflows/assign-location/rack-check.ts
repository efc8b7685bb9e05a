import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import type { Layout } from '../../../shared/layout/positions.js';
import type { PageSampleIndex } from '../../lib/samples/sample-index.js';
import { lookUpTubes } from '../../lib/samples/tube-row.js';
import type { RackBad, RackRead } from './rack-csv.js';
import type { MisreadHeld } from './rack-positions.js';
import { heldStill, standing, type BoxRecord, type Placement } from './box-record.js';
import type { IdTypeChoice } from './id-type.js';
import { classifyReads, namedTwice, positionsOfTubes, sharedPositions } from './rack-reads.js';
import { RackDecisions } from './rack-decisions.js';

/**
 * How far a rack import has come: the labsheet's tubes being read in, the file's reads being checked
 * (`done` of `of`), or its tubes being saved (one commit of `of`).
 */
export interface RackProgress {
  phase: 'index' | 'checking' | 'saving';
  done: number;
  of: number;
}
/** What to do with a rack file's tubes the labsheet has no row for: ask first, use them, or leave them for rescanning. */
export type UnknownTubes = 'ask' | 'use' | 'skip';

export interface RackOptions {
  progress?: (p: RackProgress) => void;
  /** Positions the file shows empty (RackImport.empty). */
  empty?: readonly string[];
  /** The file's reads that are no tube (RackImport.bad): to rescan, unless another read fills their position. */
  misread?: readonly RackBad[];
  /** Default 'ask'. */
  unknown?: UnknownTubes;
}

/** What a rack import did (AssignState.importRack). */
export interface RackOutcome {
  saved: number;
  already: number;
  /** Tubes the record had at another position of the box, saved where the file has them: "TB000120 A1 → B2". */
  moved: string[];
  /** Positions the file shows empty that the record holds a tube at, its tube nowhere in the file: "A4 (TB000123)". */
  missing: string[];
  /** Reads queued into a position the file's move of its tube empties, sent after it: "S-0161 into A1 after TB000160 leaves it". */
  afterMoves: string[];
  held: string[];
  twice: string[];
  /** Positions the file reads two different tubes at, none of them saved: "A1 (TB000001 and TB000002)". */
  shared: string[];
  /**
   * Misreads, and tubes that could not be looked up, at positions the box's record fills: not to rescan
   * (the position is taken), to check by eye.
   */
  byEye: MisreadHeld[];
  refused: RackBad[];
  /** Reads of tubes the labsheet has no row for, asked about before anything was saved (nothing was). */
  ask: RackRead[];
  /**
   * Set when the file's tubes were saved but the box could not be read again after them: what the user is
   * to do (the positions its moves left are not known free until then).
   */
  notReadAgain?: string;
}

/** What a rack file is checked against: the open box's record, the labsheet's tubes and how tubes are named. */
export interface RackBox extends BoxRecord {
  readonly api: BenchlinkApi;
  readonly samples: PageSampleIndex;
  readonly layout: Layout | null;
  readonly idType: IdTypeChoice;
}

/** A rack file's checked reads: what it would do, and the tubes to queue for it (none while `ask` is open). */
export interface RackChecked {
  outcome: Omit<RackOutcome, 'saved'>;
  take: Placement[];
}

/** Reads checked between two redraws of the progress. */
const RACK_PROGRESS_EVERY = 100;

/**
 * A rack scanner file's reads, checked as scans are, against the open box; AssignState.importRack
 * commits what this takes. The file is the box as it was read: a tube the box's
 * record (this visit, an earlier one, Well fill's or the service's, by either of its names) has at
 * that position is passed over and counted as `already` (the same file imported again, or again
 * after a commit whose answer was lost, queues no move twice); one the record has at another
 * position of the box was moved there by hand, and is saved as a move (`moved`, "TB000120 A1 → B2").
 * A position the file shows empty that the record holds a tube at, its tube nowhere in the file, is
 * named in `missing` and left alone: nothing takes a tube out of a box but the user (assign-location
 * has no removal), and an empty slot in a file may be a tube the scanner did not see.
 * One there by the user's change held for a look is passed over too, and named in `held` in the
 * words a scan of it gets (alreadyHere), not counted as a plain duplicate.
 * A read that cannot be a tube, or could not be looked up, is refused with its reason, for
 * rescanning; a tube whose position is taken (as a position scan would be refused, or by an earlier
 * read of the same file) is refused with why, `taken`: rescanning the position cannot help.
 * A tube the file names at two positions or more (by the same name, or once by its barcode and once
 * by its sample ID) is in one of them at most, and the file cannot say which: none of its reads is
 * saved, each is refused for rescanning with where else the file put it, and `twice` says it per
 * tube ("TB000001 in A1 and S-0001 in A2"). Saving the first would put it in the wrong position
 * half the time, and counting the second as "already in this box" hid that.
 * A read into a position whose tube the file moves elsewhere is saved after that move (`afterMoves`),
 * whoever put the tube there (this computer, or another bench as the service's record has it): the
 * move carries the position it leaves (its `from`), and the sync sends a tube into that position only
 * once the move is sent (cutAtMovesOutOf). Only when no saved move says it leaves the position (the
 * record has the moved tube at two positions) does the read wait for the file to be chosen again (blockedBy).
 * Each position ends in one outcome (onePerPosition): a read refused for rescanning where another read
 * of the file is saved or passed over is not listed to rescan (the next scan would go over that tube);
 * the file's misreads (`misread`) are weighed with the rest for that. A misread, or a tube that could not
 * be looked up, where the record has a tube that no move of the file takes away is not listed to rescan
 * either (the position is taken, so the next scan could not go there): `byEye` names the record's tube,
 * for the user to look.
 * Tubes the labsheet surely has no row for (`unknown`): with 'ask', nothing is saved and they are
 * named in `ask`, for one question; 'use' saves them; 'skip' refuses them for rescanning, their
 * positions left free (another read there goes in; none, they are to rescan). Saved
 * unasked, each was refused by the service and its batch split for minutes.
 * `progress` hears how far the checking has come.
 */
export async function checkRack(box: RackBox, reads: readonly RackRead[], o: RackOptions = {}): Promise<RackChecked> {
  const progress = o.progress ?? (() => undefined);
  progress({ phase: 'index', done: 0, of: reads.length });
  // A rack's reads are resolved from the index in hand; those it does not hold are asked of main
  // together (one call for a whole rack), not one call per read: scans waiting behind the file wait less.
  await box.samples.settled();
  const classed = classifyReads(reads, box.layout);
  const rows = await lookUpTubes(
    box.api,
    box.samples,
    box.labsheet,
    classed.flatMap(({ c, why }) => (why ? [] : [c.value])),
  );
  const twiceAt = namedTwice(classed, rows);
  const inFile = positionsOfTubes(classed, rows);
  const sharedAt = sharedPositions(classed, rows);
  // The reads between two pauses are decided against the record as it was at the first of them: nothing
  // can change it while they run, and each asks it where a tube is or what holds a position.
  const now = () => heldStill(box, { api: box.api, samples: box.samples, layout: box.layout, idType: box.idType });
  const file = new RackDecisions(now(), o.unknown ?? 'ask', o.misread ?? [], twiceAt, inFile, sharedAt);
  for (const [n, { r, c, why }] of classed.entries()) {
    if (n % RACK_PROGRESS_EVERY === 0) {
      progress({ phase: 'checking', done: n, of: reads.length });
      // Lets the screen draw how far a long check has come; a rack of a few tubes does not wait.
      if (n > 0) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        file.recordNow(now());
      }
    }
    if (why) file.refuse({ position: r.position, raw: r.barcode, reason: why }, false);
    else file.decide(r, c, rows.get(c.value));
  }
  file.placeBehindMoves();
  const read = new Set(reads.map((r) => r.position));
  const missing = notInFile(box, inFile, new Set((o.empty ?? []).filter((p) => !read.has(p))));
  const twice = [...new Set(twiceAt.values())].map((reads) =>
    reads.map((r) => `${r.barcode} in ${r.position}`).join(' and '),
  );
  const shared = [...sharedAt].map(([p, reads]) => `${p} (${reads.map((r) => r.barcode).join(' and ')})`);
  return file.checked(missing, twice, shared);
}

/**
 * The positions the file shows empty that the box's record (this visit's tubes over what it held as
 * opened) has a tube at, less the tubes the file shows elsewhere (moved) and the wells being emptied
 * by a removal held for a look: "A4 (TB000123)" for each. A position the file has no line for says
 * nothing: a file may list only part of a rack.
 */
function notInFile(box: BoxRecord, inFile: ReadonlyMap<string, string>, empty: ReadonlySet<string>): string[] {
  const record = new Map<string, string>(box.held.map((h) => [h.position, h.id]));
  for (const a of standing(box)) if (a.position) record.set(a.position, a.id);
  const missing: string[] = [];
  for (const [position, id] of record) {
    if (!empty.has(position) || inFile.has(id.toUpperCase())) continue;
    if (box.removalsHeld.some((r) => r.position === position)) continue;
    missing.push(`${position} (${id})`);
  }
  return missing;
}
