import { IpcCallError, messageOf, notRecorded } from '../../lib/ipc/client.js';
import { counted } from '../../lib/format/counted.js';
import { parseRackCsv, type RackBad, type RackImport, type RackRead } from './rack-csv.js';
import type { AssignState } from './assign-state.svelte.js';
import type { RackOutcome, RackProgress, UnknownTubes } from './rack-check.js';
import type { KnownLocation } from '../../../shared/ipc/channels/cache.js';
import { movedOn } from '../../lib/question/question.js';
import { leftUnanswered } from '../../lib/question/unanswered.js';
import { layoutUnknownSaid } from './box-notes.js';

/** What the screen says after an import (the last-scan line), and whether it all went in. */
export interface RackSaid {
  text: string;
  ok: boolean;
}

/** What a rack file said, as parsed: its reads, its misreads and its empty positions. */
type RackFile = Pick<RackImport, 'good' | 'bad' | 'empty'>;

/** A rack file's reads whose commit failed, kept for trying again without choosing the file again. */
interface KeptReads {
  /** The box they were read for: a retry into another box would put them in the wrong place. */
  locationUuid: string;
  boxName: string;
  good: RackRead[];
  bad: RackBad[];
  empty: string[];
  /** Benchlink did not answer: the commit may have landed (the reads saved again pass over its tubes). */
  unsure: boolean;
  /** What the user said of the file's tubes the labsheet does not have, when asked. */
  unknown: UnknownTubes;
}

/** A file's reads waiting for the answer to "use the tubes the labsheet does not have anyway?". */
export interface RackQuestion {
  locationUuid: string;
  boxName: string;
  good: RackRead[];
  bad: RackBad[];
  empty: string[];
  /** The reads asked about, in file order. */
  unknown: RackRead[];
}

/**
 * A rack scanner file on Assign location, from its text to what the screen shows: how far it has come,
 * the positions to rescan, the reads whose position is taken, and the reads of a file that could not be
 * saved, kept for "Save the rack file again". Kept with the box's state, so a visit to another screen
 * (the Outbox, to see why) loses none of it.
 */
export class RackRun {
  /** Positions the scanner could not read, or whose read is not a tube: the next scans fill them. */
  bad = $state<RackBad[]>([]);
  /** Reads whose position is taken: rescanning it cannot help, the tube needs another place. */
  taken = $state<RackBad[]>([]);
  /**
   * Reads whose position a move in the same file empties, where that move could not say it empties the
   * position (the record has its tube at another position too): they go when the file is chosen again
   * once it is sent. (Those behind a move that says so are saved at once, and sent after it.)
   */
  waiting = $state<RackBad[]>([]);
  progress = $state<RackProgress | null>(null);
  kept = $state<KeptReads | null>(null);
  /** Tubes of the file the labsheet does not have, asked about before any of the file is saved. */
  question = $state<RackQuestion | null>(null);

  constructor(readonly s: AssignState) {}

  async importText(text: string): Promise<RackSaid> {
    const layout = this.s.layout;
    const loc = this.s.location;
    if (this.s.layoutUnknown !== null)
      return { text: `${layoutUnknownSaid(this.s.layoutUnknown)}. Nothing from the rack file was saved`, ok: false };
    if (!layout || !loc) return { text: 'Scan the box or plate first: a rack file needs its positions', ok: false };
    let r: RackImport;
    try {
      r = parseRackCsv(text, layout);
    } catch (err) {
      return {
        text:
          `The rack file could not be read (${messageOf(err)}): nothing from it was saved. Check that it is the ` +
          "rack scanner's CSV export (a position and a barcode on each line), then choose it again",
        ok: false,
      };
    }
    const wrong = notThisBox(r, loc.name);
    if (wrong) return { text: wrong, ok: false };
    const said = await this.#run(loc, r, 'ask');
    const unread = unreadSaid(r.unread);
    return unread ? { text: `${said.text}${/[.?]$/.test(said.text) ? ' ' : '. '}${unread}`, ok: false } : said;
  }

  /** The kept reads again, into the box they were read for. */
  async retry(): Promise<RackSaid> {
    const k = this.kept;
    if (!k) return { text: 'There is no rack file to save again: choose the file', ok: false };
    const loc = this.#openFor(k, 'kept rack file');
    if (typeof loc === 'string') return { text: `${loc}, then press "Save the rack file again"`, ok: false };
    return this.#run(loc, k, k.unknown);
  }

  /**
   * Takes the open question off the screen now, so a second press of its key (or a second click) finds
   * none while its answer waits its turn behind the scans (answer).
   */
  take(): RackQuestion | null {
    const q = this.question;
    this.question = null;
    return q;
  }

  /**
   * The answer given by a key or a button: the question is taken off the screen now, so a held-down
   * Alt+Y (its key repeating) or a double click answers it once; the answer runs in turn with the scans
   * (`inTurn`). Null when no question is open: the repeat finds none, and says nothing.
   */
  answerInTurn(use: boolean, inTurn: (edit: () => Promise<RackSaid>) => Promise<RackSaid>): Promise<RackSaid> | null {
    const q = this.take();
    return q && inTurn(() => this.answer(use, q));
  }

  /**
   * The answer to the question about the file's tubes the labsheet does not have: the whole file is
   * checked again (scans made meanwhile may have taken positions) and saved with them, or without them
   * (their positions then listed to rescan). `q` is the question taken off the screen (take).
   */
  async answer(use: boolean, q: RackQuestion | null = this.take()): Promise<RackSaid> {
    if (!q) return { text: 'There is no question about a rack file open: choose the file', ok: false };
    const loc = this.#openFor(q, 'rack file');
    if (typeof loc === 'string') {
      this.question = q;
      return { text: `${loc}, then answer the question again`, ok: false };
    }
    return this.#run(loc, q, use ? 'use' : 'skip');
  }

  /**
   * Escape (or Alt+N) on the question: nothing from the file is saved, and the line says so. On the
   * single-tube question Escape records nothing for the tube asked about; here the question holds up
   * the whole file, so nothing of it, as when a scan is made instead (movedOn). Skipping the tubes and
   * saving the rest stays a choice made on purpose ("Skip them"), not the key that closes things.
   * Null when no question is open.
   */
  close(): string | null {
    const q = this.take();
    if (!q) return null;
    return (
      `Nothing from the rack file for ${q.boxName} was saved: you closed the question about its ` +
      `${counted(q.unknown.length, 'tube')} not in the labsheet ${this.s.labsheet}. To save the file, choose it ` +
      'again and answer "Use anyway" or "Skip them"'
    );
  }

  /**
   * A scan made instead of answering: the user moved on, as on the single-tube question (movedOn in
   * lib/question). The question goes, nothing from the file is saved, and the screen's note of a
   * question left unanswered says so.
   */
  movedOn(): void {
    const q = this.take();
    if (q) this.s.unanswered = rackLeftUnanswered(q);
  }

  /**
   * The connection moved to another service: the question is not answered any more (its box and tubes
   * are the old service's), and is said as one a scan took away. Null when none was open.
   */
  leaveService(): string | null {
    const q = this.take();
    return q && rackLeftUnanswered(q);
  }

  /**
   * Another box (or this one scanned again) is opened: its rescan list starts empty, so the last file's
   * lists go with it. Left, they read "Every misread position rescanned" under the new box, about
   * positions of the old one. The kept reads stay: they name their box, and "Save again" opens it.
   */
  leaveBox(): void {
    this.bad = [];
    this.taken = [];
    this.waiting = [];
  }

  /**
   * A position listed to rescan found taken since (`why`): marked so on the list, not struck through as
   * rescanned, for the user to look at the rack there.
   */
  takenSince(position: string, why: string): void {
    const b = this.bad.find((x) => x.position === position);
    if (!b) return;
    b.taken = true;
    b.reason = `${b.reason}; since then ${why}: check it by eye`;
  }

  /** The open box when it is the one the reads were read for, else what to do. */
  #openFor(k: { locationUuid: string; boxName: string }, file: string): KnownLocation | string {
    const loc = this.s.location;
    if (loc?.uuid === k.locationUuid) return loc;
    return `The ${file} was read for ${k.boxName}, not the box open now: scan ${k.boxName} again`;
  }

  async #run(loc: KnownLocation, file: RackFile, unknown: UnknownTubes): Promise<RackSaid> {
    const { good, bad: parsedBad, empty } = file;
    // A new file (or the same one again) replaces a question left unanswered, this file's or a scanned
    // tube's: one question at a time, so Alt+Y and Escape answer the one on the screen.
    this.question = null;
    movedOn(this.s);
    try {
      // A commit whose answer was lost may have landed: the box read again lists the moves this
      // computer queued into it, so their tubes are passed over, not queued a second time, whether
      // the kept reads are saved again or the file is chosen again.
      await this.s.refreshHoldings();
      const out = await this.s.importRack(good, {
        progress: (p) => (this.progress = p),
        empty,
        misread: parsedBad,
        unknown,
      });
      this.kept = null;
      if (out.ask.length > 0) {
        this.question = { locationUuid: loc.uuid, boxName: loc.name, good, bad: parsedBad, empty, unknown: out.ask };
        return { text: askSaid(out.ask, this.s.labsheet), ok: false };
      }
      this.bad = out.refused.filter((b) => !b.taken);
      this.taken = out.refused.filter((b) => b.taken && !b.afterMove);
      this.waiting = out.refused.filter((b) => b.afterMove);
      this.s.rescan = this.bad.map((b) => b.position);
      return {
        text: savedSaid(out, this.bad, this.taken, this.waiting),
        ok:
          this.bad.length + this.taken.length + this.waiting.length + out.missing.length + out.byEye.length === 0 &&
          out.notReadAgain === undefined,
      };
    } catch (err) {
      const unsure = err instanceof IpcCallError && err.error.code === 'disconnected';
      this.kept = { locationUuid: loc.uuid, boxName: loc.name, good, bad: parsedBad, empty, unsure, unknown };
      return { text: `${notRecorded(err)} ${unsavedSaid(unsure)}`, ok: false };
    } finally {
      this.progress = null;
    }
  }
}

/** The note of a question taken away unanswered (a scan made instead, a switch of service). */
const rackLeftUnanswered = (q: RackQuestion): string =>
  leftUnanswered(
    `the rack file for ${q.boxName}`,
    'nothing from the file was saved (choose the file again to be asked again)',
  );

const NAMED_ON_THE_LINE = 8;

/** The one question about a file's tubes the labsheet does not have, before any of it is saved. */
export function askSaid(unknown: readonly RackRead[], labsheet: string): string {
  const n = unknown.length;
  // The line names a few; the question box below it lists them all.
  const named = unknown.slice(0, NAMED_ON_THE_LINE).map((r) => `${r.barcode} (${r.position})`);
  if (n > NAMED_ON_THE_LINE) named.push(`and ${n - NAMED_ON_THE_LINE} more, listed below`);
  return (
    `${counted(n, 'tube')} in the rack file ${n === 1 ? 'is' : 'are'} not in the labsheet ${labsheet}: ` +
    `${named.join(', ')}. Nothing from the file is saved yet: ` +
    `use ${n === 1 ? 'it' : 'them'} anyway, or skip ${n === 1 ? 'it' : 'them'} and rescan ${n === 1 ? 'its position' : 'their positions'}?`
  );
}

function savedSaid(
  out: RackOutcome,
  bad: readonly RackBad[],
  taken: readonly RackBad[],
  waiting: readonly RackBad[],
): string {
  const { saved, already, moved, afterMoves, missing, held, twice, shared, byEye } = out;
  // Said on its own, not only as positions to rescan: the file itself is wrong there, and the
  // technician must look at the rack to know which position holds the tube.
  const twiceSaid = twice.length
    ? `; the file puts ${twice.length === 1 ? 'one tube' : `${twice.length} tubes`} in more than one position ` +
      `(${twice.join('; ')}): a tube can be in only one, so none of those reads was saved`
    : '';
  const sharedSaid = shared.length
    ? `; the file reads more than one tube at ${counted(shared.length, 'position')} (${shared.join('; ')}): a ` +
      'position holds one tube, so none of those reads was saved: look at the rack there'
    : '';
  const movedSaid = moved.length ? `; ${counted(moved.length, 'tube')} moved within the box (${moved.join(', ')})` : '';
  // Saved, but sent only after the move: the Outbox shows them waiting for it, which is no fault.
  const afterSaid = afterMoves.length
    ? `; ${afterMoves.length === 1 ? 'one of them goes' : `${afterMoves.length} of them go`} in once ` +
      `${afterMoves.length === 1 ? 'the move out of its position is' : 'the moves out of their positions are'} sent ` +
      `(${afterMoves.join(', ')}): the Outbox sends ${afterMoves.length === 1 ? 'that move' : 'those moves'} first`
    : '';
  const waitingSaid = waitsSaid(waiting);
  // Not to rescan: the position is taken in the record, so the next scan could not go there.
  const byEyeSaid = byEye
    .map(
      (m) =>
        `; ${m.tube ? `${m.position} was read as ${m.raw}, which ${m.reason}` : `${m.position} could not be read (${m.raw})`}` +
        `, and the box's record already has ${m.holder} there: ` +
        'check it by eye (nothing to rescan there)',
    )
    .join('');
  const rescan = bad.length
    ? `; ${counted(bad.length, 'position')} to rescan: ${bad.map((b) => b.position).join(' ')}`
    : '';
  const notSaved = taken.length
    ? `; ${taken.length} not saved because their positions are taken (${taken.map((b) => b.position).join(' ')}): see why below`
    : '';
  const passed = already ? `; ${already} already in this box, passed over` : '';
  // Nothing is taken out of the box for them: an empty slot may be a tube the scanner did not see.
  const missingSaid = missing.length
    ? `; in the box's record but not in the file: ${missing.join(', ')}: check ${missing.length === 1 ? 'this position' : 'these positions'} ` +
      '(a tube that is no longer there can be taken out on Well fill)'
    : '';
  const heldSaid = held.map((h) => `; ${h}`).join('');
  const r = out.notReadAgain;
  const unreadSaid = r ? `; but ${r.charAt(0).toLowerCase()}${r.slice(1)}` : '';
  return `${counted(saved, 'tube')} saved from the rack file${movedSaid}${afterSaid}${waitingSaid}${twiceSaid}${sharedSaid}${rescan}${byEyeSaid}${notSaved}${passed}${missingSaid}${heldSaid}${unreadSaid}`;
}

/**
 * The reads whose position a move in the same file empties without saying so (blockedBy in rack-check.ts).
 * Not queued: the service refuses a tube into a position its record still fills, and the sync holds a
 * tube into a position only behind a move that says it leaves it (cutAtMovesOutOf), so the user chooses
 * the file again once the moves are sent.
 */
function waitsSaid(waiting: readonly RackBad[]): string {
  const n = waiting.length;
  if (n === 0) return '';
  const one = n === 1;
  return (
    `; ${counted(n, 'tube')} ${one ? 'waits for a move' : 'wait for moves'} ` +
    `(${waiting.map((b) => `${b.raw} into ${b.position}`).join(', ')}): the file moves the ` +
    `${one ? 'tube' : 'tubes'} there now to another position, and a position can take a new tube only once ` +
    `${one ? 'that move' : 'the move out of it'} is sent; the box's record has ${one ? 'that tube' : 'those tubes'} ` +
    `in another position too, so Benchlink cannot hold the new ${one ? 'one' : 'ones'} back until then by itself. ` +
    `When the Outbox shows the ${one ? 'move' : 'moves'} sent, choose the rack file again`
  );
}

/**
 * Why a file is not this box's rack file, or null. Lines naming positions the box does not have (a
 * 12-column rack's file with a 9 × 9 box open), or no position of it at all (a file whose first column
 * is the rack barcode): the file or the box is the wrong one. Lines that name no position (the export's
 * rack ID or date) are the export's own and pass. Dropped line by line, the file saved the
 * rest as "9 tubes saved" and lost the others unsaid; nothing is saved from it now, and it says why.
 */
function notThisBox(r: RackImport, boxName: string): string | null {
  const positions = r.good.length + r.bad.length + r.empty.length;
  if (r.outside.length === 0 && positions > 0) return null;
  const named = [...new Set(r.outside.map((p) => p.toUpperCase()))];
  const shown = named.slice(0, NAMED_ON_THE_LINE).join(' ') + (named.length > NAMED_ON_THE_LINE ? ' …' : '');
  const why =
    positions === 0
      ? `names no position of ${boxName}${r.outside.length ? ` (it names ${shown})` : ''}`
      : `names ${counted(named.length, 'position')} ${boxName} does not have (${shown})`;
  // Positions counted along the rack (1, 2, …): told to look for another rack, the user had the right one.
  if (positions === 0 && r.numbered > 0)
    return (
      `Nothing from the rack file was saved: its positions are written as numbers (1, 2, …), and Benchlink ` +
      `cannot tell which slot of ${boxName} a number is. Export the rack's file with positions written as ` +
      'row letter and column (A1, A2, …), then choose it again'
    );
  // A file of more columns ("Rack,Position,Barcode" with no header line): its first column is no position,
  // which is no sign of another rack.
  if (positions === 0 && r.widest > 2)
    return (
      `Nothing from the rack file was saved: its lines have ${r.widest} columns, and the first is no position of ` +
      `${boxName}${r.outside.length ? ` (it names ${shown})` : ''}. Benchlink reads the position and the barcode from ` +
      'the first two columns, or from the columns a header line names "Position" and "Barcode": add that header ' +
      "line, or export the rack's file as position, barcode"
    );
  return `Nothing from the rack file was saved: it ${why}. Is it the file of another rack, or is another box open? Open the rack's box, or choose its file`;
}

/**
 * The file's lines that name no position (unread in rack-csv.ts), said with the file's outcome: dropped
 * unsaid, a tube's line mistyped (`A 7,TB000107`) was lost while the screen said "6 tubes saved".
 */
function unreadSaid(unread: readonly string[]): string {
  const n = unread.length;
  if (n === 0) return '';
  const named = unread.slice(0, NAMED_ON_THE_LINE).map((l) => `"${l}"`);
  if (n > NAMED_ON_THE_LINE) named.push(`and ${n - NAMED_ON_THE_LINE} more`);
  return (
    `${counted(n, 'line')} of the file ${n === 1 ? 'names' : 'name'} no position, so nothing was saved from ` +
    `${n === 1 ? 'it' : 'them'}: ${named.join(', ')}. If ${n === 1 ? 'it is' : 'one is'} a tube's, scan its position, then the tube`
  );
}

/** What became of the file: main's refusal means none of it (one commit); a lost answer, unknown. */
function unsavedSaid(unsure: boolean): string {
  const again = 'press "Save the rack file again"';
  if (unsure)
    return (
      'Benchlink did not answer, so the rack file may or may not have been saved. Its reads are kept: once ' +
      `Benchlink is back, ${again}; tubes already saved are passed over, not saved twice.`
    );
  return `Nothing from the rack file was saved. Its reads are kept: ${again} once that is done.`;
}
