import { messageOf } from '../../lib/ipc/client.js';
import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import type { Layout } from '../../../shared/layout/positions.js';
import type { ScanClass } from '../../lib/scan-input/scan-kind.js';
import type { PageSampleIndex } from '../../lib/samples/sample-index.js';
import { asRead, lookUpTubes, surelyNotInLabsheet, type TubeAnswer } from '../../lib/samples/tube-row.js';
import type { RackBad, RackRead } from './rack-csv.js';
import { misreadsHeld, onePerPosition, type MisreadHeld, type RackRefusal } from './rack-positions.js';
import { isTube, namesOf } from './box-holdings.js';
import { holderOf, standing, takenBecause, whereIs, type BoxRecord, type Placement } from './box-record.js';
import { alreadyHere, type TubeAlreadyHere } from './held-words.js';
import { idTypeFor, type IdTypeChoice } from './id-type.js';
import { classifyReads, namedTwice, positionsOfTubes, tubeKey } from './rack-reads.js';

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
  /**
   * Misreads, and tubes that could not be looked up, at positions the box's record fills: not to rescan
   * (the position is taken), to check by eye.
   */
  byEye: MisreadHeld[];
  refused: RackBad[];
  /** Reads of tubes the labsheet has no row for, asked about before anything was saved (nothing was). */
  ask: RackRead[];
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

/** A rack file's read that names a tube: its lookup, and where its tube already is. */
interface Checked {
  r: RackRead;
  c: ScanClass;
  found: TubeAnswer | undefined;
  here: TubeAlreadyHere | null;
}

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
  const unknownTubes = o.unknown ?? 'ask';
  const refused: RackRefusal[] = (o.misread ?? []).map((bad) => ({ bad, tube: false }));
  const take: Placement[] = [];
  /** Positions a read of the file fills, with its tube: passed over (the tube already there), or saved there. */
  const filledBy = new Map<string, string>();
  const held: string[] = [];
  const moved: string[] = [];
  const ask: RackRead[] = [];
  /** Reads refused because the record has another tube at their position, with that tube. */
  const blocked: { bad: RackBad; holder: string }[] = [];
  /** Positions earlier reads of the file take, and by which tube. */
  const filled = new Map<string, string>();
  /** Reads into a position a tube is in, the file showing that tube elsewhere. */
  const behindMove: { read: Checked; bad: RackBad; holder: string }[] = [];
  const afterMoves: string[] = [];
  let already = 0;
  /**
   * A read that may take its position: a tube the labsheet lacks is asked about or skipped, any other
   * is saved. Whether it was saved, or would be once the question is answered.
   */
  const place = ({ r, c, found, here }: Checked): boolean => {
    const unknown = !here && found && found.row === null && surelyNotInLabsheet(found);
    // Skipped, the tube is not saved: its position stays free for another read of it in the file,
    // or for a rescan, not taken by a tube that was never saved.
    if (unknown && unknownTubes === 'skip') {
      refused.push({
        bad: {
          position: r.position,
          raw: r.barcode,
          reason: `not in the labsheet ${box.labsheet}${asRead(found)}, and you chose not to use it`,
        },
        tube: true,
      });
      return false;
    }
    // Asked about, the tube takes its position as it would if used: the question then names one tube per position.
    filled.set(r.position, c.value);
    if (unknown && unknownTubes === 'ask') {
      ask.push(r);
      return true;
    }
    const idType = idTypeFor(box.idType, c);
    const from = here?.position ?? undefined;
    take.push({ id: c.value, idType, position: r.position, ...(from ? { from } : {}) });
    if (here?.position) moved.push(`${c.value} ${here.position} → ${r.position}`);
    return true;
  };
  /**
   * Whether the file saves a move out of `position` (one whose `from` it is): the sync then sends a
   * tube into it only after that move, whoever put the moved tube there.
   */
  const leaves = (position: string): boolean => take.some((p) => p.from === position);
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
  const twice = [...new Set(twiceAt.values())].map((reads) =>
    reads.map((r) => `${r.barcode} in ${r.position}`).join(' and '),
  );
  const inFile = positionsOfTubes(classed, rows);
  const read = new Set(reads.map((r) => r.position));
  const missing = notInFile(box, inFile, new Set((o.empty ?? []).filter((p) => !read.has(p))));
  /** Reads already gone through, by tube and position: a line repeated in the file is one read. */
  const seen = new Set<string>();
  for (const [n, { r, c, why }] of classed.entries()) {
    if (n % RACK_PROGRESS_EVERY === 0) {
      progress({ phase: 'checking', done: n, of: reads.length });
      // Lets the screen draw how far a long check has come; a rack of a few tubes does not wait.
      if (n > 0) await new Promise((resolve) => setTimeout(resolve, 0));
    }
    if (why) {
      refused.push({ bad: { position: r.position, raw: r.barcode, reason: why }, tube: false });
      continue;
    }
    const found = rows.get(c.value);
    if (found && 'failed' in found) {
      refused.push({
        bad: { position: r.position, raw: r.barcode, reason: `could not be looked up (${messageOf(found.failed)})` },
        tube: true,
      });
      continue;
    }
    const row = found?.row ?? null;
    const key = tubeKey(c.value, row);
    if (seen.has(`${key}@${r.position}`)) continue;
    seen.add(`${key}@${r.position}`);
    const elsewhere = twiceAt.get(key)?.filter((o) => o.position !== r.position);
    if (elsewhere?.length) {
      const at = elsewhere.map((o) => `${o.position}${o.barcode === r.barcode ? '' : ` (as ${o.barcode})`}`);
      const reason = `the file puts this tube in ${at.join(' and ')} too; a tube is in one position, so none of them was saved`;
      // A taken position is no place to rescan into: the next scan would be queued over its tube.
      const taken = takenBecause(box, r.position);
      refused.push({
        bad: {
          position: r.position,
          raw: r.barcode,
          ...(taken ? { reason: `${reason}, and ${taken}`, taken: true as const } : { reason }),
        },
        tube: true,
      });
      continue;
    }
    const names = namesOf(c.value, row);
    const here = whereIs(box, c.value, row);
    // There by the user's change held for a look: said as a scan of it says it, or the user takes
    // the tube for placed and the change for done.
    if (here?.held) {
      held.push(alreadyHere(c.value, here));
      if (here.position === r.position) filledBy.set(r.position, here.as);
      continue;
    }
    if (here && (here.position === null || here.position === r.position)) {
      already++;
      if (here.position) filledBy.set(here.position, here.as);
      continue;
    }
    const before = filled.get(r.position);
    // The record may still list the tube itself there, from before a move of it away that the file undoes.
    const itself = box.held.some((h) => h.position === r.position && isTube(h, box.labsheet, names));
    const taken = before
      ? `${r.position} is not empty (${before} is in it)`
      : itself
        ? null
        : takenBecause(box, r.position);
    if (taken) {
      const bad = { position: r.position, raw: r.barcode, reason: taken, taken: true as const };
      const holder = before ? null : holderOf(box, r.position);
      // A tube there the file shows elsewhere: decided once the file's moves are known.
      if (holder && inFile.has(holder.toUpperCase())) {
        behindMove.push({ read: { r, c, found, here }, bad, holder });
        continue;
      }
      refused.push({ bad, tube: true });
      if (holder) blocked.push({ bad, holder });
      continue;
    }
    place({ r, c, found, here });
  }
  // Reads into a position a move the file saves empties, in the order the moves free them (a chain
  // of moves frees one position after another): queued after the move, as the sync sends a tube into
  // a position only after an older move out of it (cutAtMovesOutOf, by the move's `from`).
  for (let freed = true; freed;) {
    freed = false;
    for (const w of [...behindMove]) {
      if (filled.has(w.read.r.position) || !leaves(w.read.r.position)) continue;
      behindMove.splice(behindMove.indexOf(w), 1);
      freed = true;
      if (place(w.read)) afterMoves.push(`${w.read.r.barcode} into ${w.read.r.position} after ${w.holder} leaves it`);
    }
  }
  for (const { read, bad, holder } of behindMove) {
    const before = filled.get(read.r.position);
    if (before) {
      refused.push({ bad: { ...bad, reason: `${read.r.position} is not empty (${before} is in it)` }, tube: true });
      continue;
    }
    refused.push({ bad, tube: true });
    blocked.push({ bad, holder });
  }
  const savedAt = new Set(take.flatMap((p) => (p.position ? [p.position] : [])));
  for (const { bad, holder } of blocked) blockedBy(bad, holder, inFile, savedAt);
  for (const p of take) if (p.position) filledBy.set(p.position, p.id);
  // A misread, or a tube that could not be looked up, where the record has a tube the file does not
  // move away: a rescan there would queue the next tube over it, so it is checked by eye instead.
  const recordHolds = new Map<string, string>();
  for (const { bad } of refused) {
    if (bad.taken || filledBy.has(bad.position) || !takenBecause(box, bad.position)) continue;
    // Emptied by a move the file saves: free for the next scan, which is sent after that move.
    if (leaves(bad.position)) continue;
    recordHolds.set(bad.position, holderOf(box, bad.position) ?? 'a tube');
  }
  const { refused: toRescan, byEye } = misreadsHeld(refused, recordHolds);
  const outcome = {
    already,
    moved,
    afterMoves,
    missing,
    held,
    twice,
    byEye,
    refused: onePerPosition(toRescan, filledBy),
    ask,
  };
  return { outcome, take };
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

/**
 * Why a read whose position the record gives `holder` waits, added to its reason, when the file shows
 * `holder` elsewhere. The service refuses a tube into a well its record still gives another, even
 * within one request. A read behind a saved move that says it leaves the position was saved
 * (checkRack); one that comes here has no such move (the page saw `holder` at another position too),
 * so the sync could not hold it back: it is not queued, and goes when the file is chosen again after
 * that move is sent (`afterMove`).
 * Nothing is added when the file does not show `holder`: the position's own reason says all that is known.
 */
function blockedBy(
  bad: RackBad,
  holder: string,
  inFile: ReadonlyMap<string, string>,
  savedAt: ReadonlySet<string>,
): void {
  const there = inFile.get(holder.toUpperCase());
  if (!there) return;
  if (savedAt.has(there)) {
    bad.reason += `; the file moves ${holder} to ${there}: once that move is sent (see the Outbox), choose the rack file again`;
    bad.afterMove = true;
    return;
  }
  bad.reason += `; the file shows ${holder} in ${there}, but that move was not saved either: see ${there}`;
}
