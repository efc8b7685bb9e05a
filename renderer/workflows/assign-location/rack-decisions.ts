import { messageOf } from '../../lib/ipc/client.js';
import type { ScanClass } from '../../lib/scan-input/scan-kind.js';
import {
  asRead,
  missWorthAsking,
  SharedTubeCode,
  sharedSaid,
  type TubeAnswer,
  type TubeLookup,
} from '../../lib/samples/tube-row.js';
import { spelledAsRow } from '../../lib/samples/sample-index.js';
import type { RackBad, RackRead } from './rack-csv.js';
import { misreadsHeld, onePerPosition, type RackRefusal } from './rack-positions.js';
import { isTube, namesOf } from './box-holdings.js';
import { holderOf, takenBecause, whereIs, type Placement } from './box-record.js';
import { alreadyHere, type TubeAlreadyHere } from './held-words.js';
import { notOfChosenType, tubeSentAs } from './id-type.js';
import { tubeKey } from './rack-reads.js';
import type { RackBox, RackChecked, UnknownTubes } from './rack-check.js';

/** A rack file's read that names a tube: its lookup, and where its tube already is. */
interface Checked {
  r: RackRead;
  c: ScanClass;
  found: TubeAnswer | undefined;
  here: TubeAlreadyHere | null;
}

/**
 * What checkRack decides for a rack file's reads, one read at a time in file order (`decide`), then for
 * the reads that wait on the file's own moves (`placeBehindMoves`), and what it all comes to (`checked`).
 * The rules are checkRack's (rack-check.ts); this holds what the reads decided so far, which each next
 * read is weighed against (the positions earlier reads take, the moves the file saves).
 */
export class RackDecisions {
  readonly #refused: RackRefusal[];
  readonly #take: Placement[] = [];
  /** Positions a read of the file fills, with its tube: passed over (the tube already there), or saved there. */
  readonly #filledBy = new Map<string, string>();
  readonly #held: string[] = [];
  readonly #moved: string[] = [];
  readonly #ask: RackRead[] = [];
  /** Reads refused because the record has another tube at their position, with that tube. */
  readonly #blocked: { bad: RackBad; holder: string }[] = [];
  /** Positions earlier reads of the file take, and by which tube. */
  readonly #filled = new Map<string, string>();
  /** Reads into a position a tube is in, the file showing that tube elsewhere. */
  readonly #behindMove: { read: Checked; bad: RackBad; holder: string }[] = [];
  readonly #afterMoves: string[] = [];
  #already = 0;
  /** Reads already gone through, by tube and position: a line repeated in the file is one read. */
  readonly #seen = new Set<string>();

  constructor(
    private box: RackBox,
    private readonly unknownTubes: UnknownTubes,
    misread: readonly RackBad[],
    /** The tubes the file names at more than one position (namedTwice). */
    private readonly twiceAt: ReadonlyMap<string, RackRead[]>,
    /** Where the file reads each tube, by every name (positionsOfTubes). */
    private readonly inFile: ReadonlyMap<string, string>,
    /** The positions the file reads two different tubes at (sharedPositions). */
    private readonly sharedAt: ReadonlyMap<string, RackRead[]> = new Map(),
  ) {
    this.#refused = misread.map((bad) => ({ bad, tube: false }));
  }

  /** The box's record as it is now (heldStill), after a pause of the check in which news may have come. */
  recordNow(box: RackBox): void {
    this.box = box;
  }

  /** A read refused for rescanning with its reason; `tube`: it names a tube (not a misread). */
  refuse(bad: RackBad, tube: boolean): void {
    this.#refused.push({ bad, tube });
  }

  /** One read that may be a tube, in its turn: refused, passed over, saved, or left to wait on a move. */
  decide(r: RackRead, read: ScanClass, lookup: TubeLookup | undefined): void {
    // Recorded as its row spells it, as a scan is: a read in another letter case named no row on the service.
    const row = lookup && !('failed' in lookup) ? (lookup?.row ?? null) : null;
    const c = row ? { ...read, value: spelledAsRow(row, read.value) } : read;
    if (lookup && 'failed' in lookup) {
      this.refuse(
        {
          position: r.position,
          raw: r.barcode,
          reason:
            lookup.failed instanceof SharedTubeCode
              ? sharedSaid(lookup.failed.code, lookup.failed.labsheet, lookup.failed.shared)
              : `could not be looked up (${messageOf(lookup.failed)})`,
        },
        true,
      );
      return;
    }
    const found = lookup;
    const key = tubeKey(c.value, row);
    if (this.#seen.has(`${key}@${r.position}`)) return;
    this.#seen.add(`${key}@${r.position}`);
    if (this.#refusedAsNamedTwice(r, key)) return;
    const here = whereIs(this.box, c.value, row);
    // A tube the record already has here changes nothing: only a read that would be saved is refused.
    if (this.#passedOver(r, c, here)) return;
    if (this.#refusedAsShared(r)) return;
    const taken = this.#takenBy(r, namesOf(c.value, row));
    if (taken) {
      this.#refuseTaken(r, { r, c, found, here }, taken);
      return;
    }
    this.#place({ r, c, found, here });
  }

  /**
   * Reads into a position a move the file saves empties, in the order the moves free them (a chain of
   * moves frees one position after another): queued after the move, as the sync sends a tube into a
   * position only after an older move out of it (cutAtMovesOutOf, by the move's `from`). The rest are
   * refused: their position is taken by an earlier read, or by a tube no saved move takes away.
   */
  placeBehindMoves(): void {
    const behind = this.#behindMove;
    for (let freed = true; freed;) {
      freed = false;
      for (const w of [...behind]) {
        if (this.#filled.has(w.read.r.position) || !this.#leaves(w.read.r.position)) continue;
        behind.splice(behind.indexOf(w), 1);
        freed = true;
        if (this.#place(w.read))
          this.#afterMoves.push(`${w.read.r.barcode} into ${w.read.r.position} after ${w.holder} leaves it`);
      }
    }
    for (const { read, bad, holder } of behind) {
      const before = this.#filled.get(read.r.position);
      if (before) {
        this.refuse({ ...bad, reason: `${read.r.position} is not empty (${before} is in it)` }, true);
        continue;
      }
      this.refuse(bad, true);
      this.#blocked.push({ bad, holder });
    }
    behind.length = 0;
  }

  /** What the file comes to, once every read is decided: `missing` and `twice` are the file's as a whole. */
  checked(missing: string[], twice: string[], shared: string[] = []): RackChecked {
    const savedAt = new Set(this.#take.flatMap((p) => (p.position ? [p.position] : [])));
    for (const { bad, holder } of this.#blocked) blockedBy(bad, holder, this.inFile, savedAt);
    for (const p of this.#take) if (p.position) this.#filledBy.set(p.position, p.id);
    const { refused: toRescan, byEye } = misreadsHeld(this.#refused, this.#recordHolds());
    const outcome = {
      already: this.#already,
      moved: this.#moved,
      afterMoves: this.#afterMoves,
      missing,
      held: this.#held,
      twice,
      shared,
      byEye,
      refused: onePerPosition(toRescan, this.#filledBy),
      ask: this.#ask,
    };
    return { outcome, take: this.#take };
  }

  /**
   * A tube the file puts at two positions or more: in one of them at most, and the file cannot say which,
   * so this read is refused with where else the file put it. Whether it was.
   */
  #refusedAsNamedTwice(r: RackRead, key: string): boolean {
    const elsewhere = this.twiceAt.get(key)?.filter((o) => o.position !== r.position);
    if (!elsewhere?.length) return false;
    const at = elsewhere.map((o) => `${o.position}${o.barcode === r.barcode ? '' : ` (as ${o.barcode})`}`);
    this.#refuseToLook(
      r,
      `the file puts this tube in ${at.join(' and ')} too; a tube is in one position, so none of them was saved`,
    );
    return true;
  }

  /** A read refused for a look at the rack, with why; a taken position says so too. */
  #refuseToLook(r: RackRead, reason: string): void {
    // A taken position is no place to rescan into: the next scan would be queued over its tube.
    const taken = takenBecause(this.box, r.position);
    this.refuse(
      {
        position: r.position,
        raw: r.barcode,
        ...(taken ? { reason: `${reason}, and ${taken}`, taken: true as const } : { reason }),
      },
      true,
    );
  }

  /**
   * A read at a position the file reads another tube at too: a position holds one tube, and the file
   * cannot say which, so none of them is saved, and the position is listed for a look at the rack (as
   * a tube the file puts at two positions is). The first read was saved on the old code. Whether it was.
   */
  #refusedAsShared(r: RackRead): boolean {
    const reads = this.sharedAt.get(r.position);
    if (!reads) return false;
    this.#refuseToLook(
      r,
      `the file reads ${reads.map((o) => o.barcode).join(' and ')} in ${r.position}; a position holds one tube, ` +
        'so none of them was saved: look at the rack there',
    );
    return true;
  }

  /** A tube the record already has here, or has by the user's change held for a look: passed over. Whether it was. */
  #passedOver(r: RackRead, c: ScanClass, here: TubeAlreadyHere | null): boolean {
    // There by the user's change held for a look: said as a scan of it says it, or the user takes
    // the tube for placed and the change for done.
    if (here?.held) {
      this.#held.push(alreadyHere(c.value, here));
      if (here.position === r.position) this.#filledBy.set(r.position, here.as);
      return true;
    }
    if (here && (here.position === null || here.position === r.position)) {
      this.#already++;
      if (here.position) this.#filledBy.set(here.position, here.as);
      return true;
    }
    return false;
  }

  /** Why the read's position is not free for its tube (an earlier read of the file, the record), or null. */
  #takenBy(r: RackRead, names: ReadonlySet<string>): string | null {
    const before = this.#filled.get(r.position);
    if (before) return `${r.position} is not empty (${before} is in it)`;
    // The record may still list the tube itself there, from before a move of it away that the file undoes.
    const itself = this.box.held.some((h) => h.position === r.position && isTube(h, this.box.labsheet, names));
    return itself ? null : takenBecause(this.box, r.position);
  }

  /** A read whose position is taken: refused, or left to wait when the file moves the tube there elsewhere. */
  #refuseTaken(r: RackRead, read: Checked, taken: string): void {
    const bad = { position: r.position, raw: r.barcode, reason: taken, taken: true as const };
    const holder = this.#filled.has(r.position) ? null : holderOf(this.box, r.position);
    // A tube there the file shows elsewhere: decided once the file's moves are known.
    if (holder && this.inFile.has(holder.toUpperCase())) {
      this.#behindMove.push({ read, bad, holder });
      return;
    }
    this.refuse(bad, true);
    if (holder) this.#blocked.push({ bad, holder });
  }

  /**
   * A read that may take its position: a tube the labsheet lacks is asked about or skipped, any other
   * is saved. Whether it was saved, or would be once the question is answered.
   */
  #place({ r, c, found, here }: Checked): boolean {
    const unknown = !here && found && found.row === null && missWorthAsking(found);
    // Skipped, the tube is not saved: its position stays free for another read of it in the file,
    // or for a rescan, not taken by a tube that was never saved.
    if (unknown && this.unknownTubes === 'skip') {
      this.refuse(
        {
          position: r.position,
          raw: r.barcode,
          reason: `not in the labsheet ${this.box.labsheet}${asRead(found)}, and you chose not to use it`,
        },
        true,
      );
      return false;
    }
    const wrongName = notOfChosenType(this.box.idType, c.value, found?.row);
    if (wrongName) {
      this.refuse({ position: r.position, raw: r.barcode, reason: wrongName }, true);
      return false;
    }
    // Asked about, the tube takes its position as it would if used: the question then names one tube per position.
    this.#filled.set(r.position, c.value);
    if (unknown && this.unknownTubes === 'ask') {
      this.#ask.push(r);
      return true;
    }
    const sent = tubeSentAs(this.box.idType, c, found?.row);
    const from = here?.position ?? undefined;
    this.#take.push({ ...sent, position: r.position, ...(from ? { from } : {}) });
    if (here?.position) this.#moved.push(`${c.value} ${here.position} → ${r.position}`);
    return true;
  }

  /**
   * Whether the file saves a move out of `position` (one whose `from` it is): the sync then sends a
   * tube into it only after that move, whoever put the moved tube there.
   */
  #leaves(position: string): boolean {
    return this.#take.some((p) => p.from === position);
  }

  /**
   * A misread, or a tube that could not be looked up, where the record has a tube the file does not
   * move away: a rescan there would queue the next tube over it, so it is checked by eye instead.
   */
  #recordHolds(): Map<string, string> {
    const holds = new Map<string, string>();
    for (const { bad } of this.#refused) {
      if (bad.taken || this.#filledBy.has(bad.position) || !takenBecause(this.box, bad.position)) continue;
      // Emptied by a move the file saves: free for the next scan, which is sent after that move.
      if (this.#leaves(bad.position)) continue;
      holds.set(bad.position, holderOf(this.box, bad.position) ?? 'a tube');
    }
    return holds;
  }
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
