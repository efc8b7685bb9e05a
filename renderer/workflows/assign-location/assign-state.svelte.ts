import { call, messageOf } from '../../lib/ipc/client.js';
import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import type { IdType } from '../../../shared/api/primitives.js';
import type { KnownLocation } from '../../../shared/ipc/channels/cache.js';
import type { Layout } from '../../../shared/layout/positions.js';
import type { Feedback } from '../../lib/feedback/feedback.svelte.js';
import type { OutboxState } from '../../lib/outbox/outbox-state.svelte.js';
import { followEntrySync, mayHappen, queuedSaid, type QueuedItem } from '../../lib/outbox/follow-entry-sync.js';
import { nextEmptyWell } from '../../lib/plate-map/fill-order.js';
import { DEMO_LABSHEET } from '../../../shared/ipc/settings.js';
import type { LocationAssignIntent } from '../../../shared/outbox/intents.js';
import { classify, idRefusal, type ScanClass } from '../../lib/scan-input/scan-kind.js';
import type { RackBad, RackRead } from './rack-csv.js';
import { misreadsHeld, onePerPosition, type MisreadHeld, type RackRefusal } from './rack-positions.js';
import { RackRun } from './rack-run.svelte.js';
import {
  boxHoldings,
  isTube,
  namesOf,
  type BoxHoldings,
  type HeldFill,
  type HeldRemoval,
  type HeldTube,
} from './box-holdings.js';
import { unknownUsed } from '../../lib/plate-map/unknown-used.js';
import { PageSampleIndex, type TubeRow } from '../../lib/samples/sample-index.js';
import {
  asRead,
  lookUpTubeAnswer,
  lookUpTubes,
  surelyNotInLabsheet,
  type TubeAnswer,
  type TubeLookup,
} from '../../lib/samples/tube-row.js';
import { leaveQuestion, type Asking, type PendingGuard } from '../../lib/question/question.js';
import type { ServiceBound } from '../../lib/kept/kept-per-service.js';

export interface Assignment extends QueuedItem {
  id: string;
  idType: IdType;
  position: string | null;
}
export type IdTypeChoice = IdType | 'detect';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The idType a scanned value most likely is, from what the shared classifier called it. */
export function detectIdType(kind: string, value: string): IdType {
  if (UUID.test(value)) return 'ROW_UUID';
  if (kind === 'tube') return 'ID_BARCODE';
  return 'ID';
}

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

type Placement = Pick<Assignment, 'id' | 'idType' | 'position'>;

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
  /** Reads queued into a position the file's move of this computer's tube empties, sent after it: "S-0161 into A1 after TB000160 leaves it". */
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

/** Reads checked between two redraws of the progress. */
const RACK_PROGRESS_EVERY = 100;

/** "removal of TB000131", in the words the screen uses for a held removal. */
export function removalOf(r: HeldRemoval): string {
  return `removal of ${r.tube ?? `the tube in ${r.position}`}`;
}

/** "fill of S-0012", in the words the screen uses for a held fill. */
export function fillOf(f: HeldFill): string {
  return `fill of ${f.sample}`;
}

/** What the user can do about a change held for a look, in the words of the Outbox's buttons. */
export const DECIDE_IN_OUTBOX = 'send it anyway or discard it there';

/**
 * Where a scanned tube already is in the open location (AssignState.whereIs). `held` when it is there
 * by the user's change held for a look (a fill) or is being taken out by one (a removal): the screen
 * names that change rather than calling the tube a plain duplicate.
 */
export interface TubeAlreadyHere {
  position: string | null;
  /** The name it was recorded under. */
  as: string;
  held: 'fill' | 'removal' | null;
}

/**
 * A tube scanned (or read in a rack file) that is already in the open location. One there by the user's
 * change held for a look is not a plain duplicate: the user is told which change, and that it waits for
 * them in the Outbox.
 */
export function alreadyHere(code: string, dup: TubeAlreadyHere): string {
  const at = `${dup.position ? `in ${dup.position}` : 'here'}${dup.as.toUpperCase() === code.toUpperCase() ? '' : ` (as ${dup.as})`}`;
  if (dup.held === 'fill')
    return `${code} is already placed ${at} by your change that needs a look in the Outbox (${DECIDE_IN_OUTBOX})`;
  if (dup.held === 'removal')
    return `${code} is still ${at}: your removal of it there needs a look in the Outbox (${DECIDE_IN_OUTBOX})`;
  return `Duplicate: ${code} is already ${at}`;
}

/** A tube as a rack file's reads are compared: its row's ID whichever name was read, else the read. */
const tubeKey = (value: string, row: TubeRow | null) => (row?.id ?? value).toUpperCase();

/**
 * The tubes a rack file names at more than one position, by tubeKey, with their reads (one per
 * position, in file order). Reads refused or not looked up are left out: they name no known tube.
 */
function namedTwice(
  classed: readonly { r: RackRead; c: ScanClass; why: string | null }[],
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
 * Where the file reads each tube, by every name it goes by (namesOf), upper-cased. A tube named twice
 * keeps its first read: it is refused anyway, and only the record's tubes are looked up here.
 */
function positionsOfTubes(
  classed: readonly { r: RackRead; c: ScanClass; why: string | null }[],
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

/** A rack file's read that names a tube: its lookup, where its tube already is, and every name it goes by. */
interface Checked {
  r: RackRead;
  c: ScanClass;
  found: TubeAnswer | undefined;
  here: TubeAlreadyHere | null;
  names: ReadonlySet<string>;
}

/** Scan a location, then tubes: each tube is one durable outbox entry; positions advance in a box. */
export class AssignState implements ServiceBound, Asking {
  location = $state<KnownLocation | null>(null);
  occupied = $state<string[]>([]);
  /**
   * What the open box held as it was opened: the wells the service lists, Well fill's changes on this
   * computer and the tubes it put here on earlier visits (from main's read cache and outbox).
   */
  held = $state<HeldTube[]>([]);
  /** Wells of the open box whose removal on Well fill is held for a look in the Outbox. */
  removalsHeld = $state<HeldRemoval[]>([]);
  /** Wells of the open box whose fill on Well fill is held for a look: taken, as if the sample were in. */
  fillsHeld = $state<HeldFill[]>([]);
  /**
   * Positions of the open box the service counts as used but does not list (filled at another bench
   * on a service that lists no wells): the next free position cannot be known, so each tube waits
   * for its position to be scanned, as Well fill's fill does.
   */
  unplaced = $state(0);
  assignments = $state<Assignment[]>([]);
  /** Set by the screen from the workflow's labsheet setting. */
  labsheet = $state(DEMO_LABSHEET);
  idType = $state<IdTypeChoice>('detect');
  next = $state<string | null>(null);
  armed = $state<string | null>(null);
  /** Positions a rack import could not read, to be filled by the next scans in this order. */
  rescan = $state<string[]>([]);
  /** A tube the labsheet surely lacks, asked about before it is queued (Well fill's question). */
  guard = $state<PendingGuard | null>(null);
  unanswered = $state<string | null>(null);
  /** The rack file imports into the open box: their lists and a file's reads kept for trying again. */
  readonly rack: RackRun = new RackRun(this);
  /** The labsheet's tube → sample index, as Well fill holds it (a copy of main's): a scan is resolved to its row here. */
  readonly samples: PageSampleIndex;
  #offChange: (() => void) | null = null;

  constructor(
    readonly api: BenchlinkApi,
    readonly feedback: Feedback,
    readonly outbox: OutboxState,
    /** The service (`serviceIdentity`) this state reads from; its changes are queued only while it is in use. */
    readonly service: string,
  ) {
    this.samples = new PageSampleIndex(api);
  }

  /**
   * The tubes' marks follow their entries for as long as the state is kept, not only while the screen
   * is shown: an entry refused or discarded while the user is on the Outbox is shown so on return, and
   * the position it took is free again for the next tube.
   */
  start(): void {
    this.#offChange ??= followEntrySync(
      this.api,
      this.outbox,
      () => this.assignments,
      (changed) => {
        if (changed.some((a) => !mayHappen(a.sync))) this.next = this.#firstFree();
      },
    );
    if (this.location) this.samples.open(this.labsheet);
  }
  stop(): void {
    this.samples.close();
  }

  get opened(): string | null {
    return this.location?.name ?? null;
  }

  /**
   * The box and this visit's tubes stay kept for their service; a question about a tube or a rack file
   * does not (its "use anyway" would be answered against the other service's box, or queue there).
   */
  leaveService(): string[] {
    const rack = this.rack.leaveService();
    return [...leaveQuestion(this), ...(rack ? [rack] : [])];
  }

  get layout(): Layout | null {
    const l = this.location;
    return l?.rows && l.columns ? { rows: l.rows, columns: l.columns } : null;
  }

  async openManifest(code: string): Promise<boolean> {
    const m =
      (await call(this.api, 'cache.manifest', { barcode: code })) ??
      (await call(this.api, 'cache.manifest', { hrid: code }));
    if (!m) return false;
    this.location = {
      uuid: m.uuid,
      name: `${m.hrid} ${m.name}`,
      kind: 'manifest',
      hrid: m.hrid,
      barcode: m.barcode,
      rows: m.rows,
      columns: m.columns,
    };
    this.#hold(boxHoldings(m));
    this.unplaced = unknownUsed(m);
    this.#reset();
    return true;
  }

  /**
   * The open box's holdings read again, for the screen shown again (the Outbox visited: an entry may
   * have been discarded or refused meanwhile). The tubes listed this visit and a position scanned
   * first stay.
   */
  async refreshHoldings(): Promise<void> {
    const loc = this.location;
    if (loc?.kind !== 'manifest') return;
    const m = await call(this.api, 'cache.manifest', { uuid: loc.uuid });
    if (!m || this.location !== loc) return;
    this.#hold(boxHoldings(m));
    this.unplaced = unknownUsed(m);
    this.next = this.#firstFree();
  }

  async openLocation(code: string): Promise<boolean> {
    // Asked by code: main looks among every plate this computer has opened, not only the list's recent ones.
    const known = await call(this.api, 'cache.locations', { code });
    const hit = known.find((l) => l.uuid === code || l.name.toLowerCase() === code.toLowerCase() || l.barcode === code);
    if (hit?.kind === 'manifest') return this.openManifest(hit.barcode ?? hit.uuid);
    if (!hit && !UUID.test(code)) return false;
    this.location = hit ?? { uuid: code, name: code, kind: 'location' };
    this.#hold({ occupied: [], held: [], removalsHeld: [], fillsHeld: [] });
    this.unplaced = 0;
    this.#reset();
    return true;
  }

  #hold(h: BoxHoldings): void {
    this.occupied = h.occupied;
    this.held = h.held;
    this.removalsHeld = h.removalsHeld;
    this.fillsHeld = h.fillsHeld;
  }

  #reset(): void {
    // The tubes about to be scanned are told apart by their rows: have the labsheet's index ready.
    this.samples.open(this.labsheet);
    this.assignments = [];
    this.armed = null;
    this.rescan = [];
    this.next = this.#firstFree();
  }

  #firstFree(): string | null {
    return this.layout ? nextEmptyWell(this.layout, 'row-major', (p) => this.#taken(p)) : null;
  }

  #taken(p: string): boolean {
    return this.occupied.includes(p) || this.#standing().some((a) => a.position === p);
  }

  /**
   * This visit's tubes less those the service refused or the user cancelled or discarded in the
   * Outbox: such a move put nothing anywhere.
   */
  #standing(): Assignment[] {
    return this.assignments.filter((a) => mayHappen(a.sync));
  }

  /**
   * Where the next tube goes: a position scanned first, a rack position to rescan, or the next free
   * one, unless some used positions are unknown (`unplaced`): then only a scanned position.
   */
  targetPosition(): string | null {
    if (!this.layout) return null;
    return this.armed ?? this.rescan[0] ?? (this.unplaced > 0 ? null : this.next);
  }

  /**
   * The next tube's position found taken (`why`, takenBecause) as tube `code` was about to go there: it
   * is no target any more, so the scans go on to the next one instead of being refused there for good.
   * One listed to rescan is marked taken on the rack file's list, for a look at the rack. Says what
   * happened and what to do.
   */
  passOver(position: string, code: string, why: string): string {
    const listed = this.rescan.includes(position);
    if (this.armed === position) this.armed = null;
    if (listed) {
      this.rescan = this.rescan.filter((p) => p !== position);
      this.rack.takenSince(position, why);
    }
    if (this.next === position) this.next = this.#firstFree();
    const next = this.targetPosition();
    const again = next ? `scan ${code} again to put it in ${next}` : 'scan a free position, then the tube again';
    return listed
      ? `NOT RECORDED: ${code} was not put in ${position}, which the rack file listed to rescan: ${why}. ` +
          `Check ${position} by eye (it is off the list to rescan); ${again}`
      : `NOT RECORDED: ${code} was not put in ${position}: ${why}. Scan another position, or ${again}`;
  }

  /** Why a tube needs its position scanned first on this box, or null when the next free one is known. */
  positionNeeded(): string | null {
    if (!this.layout || this.unplaced === 0 || this.targetPosition() !== null) return null;
    const n = this.unplaced;
    return (
      `${n} position${n === 1 ? '' : 's'} of this box ${n === 1 ? 'was' : 'were'} filled elsewhere and the service does not say which: ` +
      'scan the position (C5) before each tube'
    );
  }

  /**
   * The labsheet row a scanned tube names (by its barcode or its sample ID), or none as far as this
   * computer knows, with when the rows that lack it were read (for the question about it). From the
   * page's index with no call to main when it holds the tube. Throws when it could not be looked up.
   */
  lookUp(code: string): Promise<TubeAnswer> {
    return lookUpTubeAnswer(this.api, this.samples, this.labsheet, code);
  }

  /**
   * Where the scanned tube already is in the open location, and under which name, whichever of its
   * names was scanned: put there this visit (and not refused), on an earlier one, by Well fill on this
   * computer, or as the service lists the box. `row` is the tube's row (lookUp). Moving a tube to another box is not
   * this: only the open location is looked at.
   */
  whereIs(code: string, row: TubeRow | null): TubeAlreadyHere | null {
    const names = namesOf(code, row);
    const here = this.#standing().find((a) => names.has(a.id.toUpperCase())) ?? null;
    // The last record of it: a tube moved within the box is still listed where it was until read back.
    const found = here ?? this.held.findLast((h) => isTube(h, this.labsheet, names)) ?? null;
    if (!found) return null;
    return { position: found.position, as: found.id, held: this.#heldChangeOf(found.position, names) };
  }

  /** The user's change held for a look that put the tube `names` at `position` (a fill), or takes it out (a removal). */
  #heldChangeOf(position: string | null, names: ReadonlySet<string>): TubeAlreadyHere['held'] {
    if (position === null) return null;
    if (this.fillsHeld.some((f) => f.position === position && names.has(f.sample.toUpperCase()))) return 'fill';
    const removal = this.removalsHeld.find((r) => r.position === position);
    return removal?.tube && names.has(removal.tube.toUpperCase()) ? 'removal' : null;
  }

  /** The tube known to be at a position, or null (the position may still be taken). */
  holderOf(position: string): string | null {
    return (
      this.#standing().find((a) => a.position === position)?.id ??
      this.held.find((e) => e.position === position)?.id ??
      null
    );
  }

  isTaken(position: string): boolean {
    return this.#taken(position);
  }

  /**
   * Why a tube cannot go to `position`, or null when it can: free, or its tube's removal is held for a
   * look (the tube waits for it). What a position scan and a rack file are refused with.
   */
  takenBecause(position: string): string | null {
    if (!this.#taken(position) || this.removalHeldAt(position)) return null;
    const fill = this.fillsHeld.find((f) => f.position === position);
    if (fill) return `${position} holds your ${fillOf(fill)}, which needs a look in the Outbox (${DECIDE_IN_OUTBOX})`;
    const holder = this.holderOf(position);
    return `${position} is not empty${holder ? ` (${holder} is in it)` : ''}`;
  }

  /**
   * The held removal a tube scanned for `position` would wait for, or null. Only while no tube is
   * queued into the well yet: a second would be refused by the service once the first is in.
   */
  removalHeldAt(position: string): HeldRemoval | null {
    const r = this.removalsHeld.find((h) => h.position === position);
    return r && !this.#movedInto(r) ? r : null;
  }

  /** One line per well whose removal or fill is held for a look: what waits for the user in the Outbox. */
  heldNotes(): string[] {
    return [
      ...this.removalsHeld.map((r) => {
        const waiting = this.#movedInto(r);
        return `${r.position}: your ${removalOf(r)} needs a look in the Outbox${waiting ? `; ${waiting} waits for it` : ''}`;
      }),
      ...this.fillsHeld.map((f) => `${f.position}: your ${fillOf(f)} needs a look in the Outbox`),
    ];
  }

  /** A tube's row in words: what became of its move. */
  rowSaid(a: Assignment): string {
    return this.waitsForLook(a) ? 'waits for your removal — see Outbox' : queuedSaid(a);
  }

  /** Whether a tube of this visit waits to be sent behind a removal held for a look. */
  waitsForLook(a: Assignment): boolean {
    return a.sync === 'pending' && this.removalsHeld.some((r) => r.position === a.position);
  }

  /** The tube queued into a held removal's well after it, this visit or an earlier one. */
  #movedInto(r: HeldRemoval): string | null {
    return this.#standing().find((a) => a.position === r.position)?.id ?? r.movedIn;
  }

  async assign(id: string, idType: IdType, position: string | null): Promise<void> {
    const loc = this.#open();
    const { id: entryId } = await call(this.api, 'outbox.enqueue', {
      intent: this.#intent(loc, { id, idType, position }),
      readFrom: this.service,
    });
    this.#placed([{ id, idType, position }], [entryId]);
  }

  /**
   * A rack scanner file's reads, checked as scans are and committed in one commit: a rack is saved
   * whole or not at all (a failed commit throws, and nothing of it is queued), so the user never has
   * to work out which of its tubes were saved. The file is the box as it was read: a tube the box's
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
   * A read into a position whose tube this computer put there (main's standing assignments) and the
   * file moves elsewhere is saved after that move (`afterMoves`): the sync sends it only once the move
   * is sent (cutAtMovesOutOf). One into a position whose tube the service's record has from another
   * bench waits for the file to be chosen again (#blockedBy): the sync does not know that tube.
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
   * `progress` hears how far the checking has come and when the commit starts. At most one tube
   * goes to a position, so even the largest box's rack is within one commit (MAX_INTENTS_PER_COMMIT).
   */
  async importRack(reads: readonly RackRead[], o: RackOptions = {}): Promise<RackOutcome> {
    const loc = this.#open();
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
    /** Reads into a position this computer's tube is in, the file showing that tube elsewhere. */
    const behindMove: { read: Checked; bad: RackBad; holder: string }[] = [];
    const afterMoves: string[] = [];
    /** Names of the tube each saved read puts at its position (namesOf), its row known or not. */
    const savedNames = new Map<string, { names: ReadonlySet<string>; id: string; row: boolean }>();
    let already = 0;
    /**
     * A read that may take its position: a tube the labsheet lacks is asked about or skipped, any other
     * is saved. Whether it was saved, or would be once the question is answered.
     */
    const place = ({ r, c, found, here, names }: Checked): boolean => {
      const unknown = !here && found && found.row === null && surelyNotInLabsheet(found);
      // Skipped, the tube is not saved: its position stays free for another read of it in the file,
      // or for a rescan, not taken by a tube that was never saved.
      if (unknown && unknownTubes === 'skip') {
        refused.push({
          bad: {
            position: r.position,
            raw: r.barcode,
            reason: `not in the labsheet ${this.labsheet}${asRead(found)}, and you chose not to use it`,
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
      const idType = this.idType === 'detect' ? detectIdType(c.kind, c.value) : this.idType;
      take.push({ id: c.value, idType, position: r.position });
      savedNames.set(r.position, { names, id: c.value, row: (found?.row ?? null) !== null });
      if (here?.position) moved.push(`${c.value} ${here.position} → ${r.position}`);
      return true;
    };
    /**
     * Whether the file saves a move of `holder` to another position. The sync keeps the order only when
     * it knows the move's tube for the one put in the position: by its row, or by the very name.
     */
    const movedAway = (holder: string): boolean => {
      const to = inFile.get(holder.toUpperCase());
      const saved = to === undefined ? undefined : savedNames.get(to);
      return !!saved && saved.names.has(holder.toUpperCase()) && (saved.row || saved.id === holder);
    };
    progress({ phase: 'index', done: 0, of: reads.length });
    // A rack's reads are resolved from the index in hand; those it does not hold are asked of main
    // together (one call for a whole rack), not one call per read: scans waiting behind the file wait less.
    await this.samples.settled();
    const classed = reads.map((r) => {
      const c = classify(r.barcode, this.layout ?? undefined);
      return { r, c, why: rackRefusal(c) };
    });
    const rows = await lookUpTubes(
      this.api,
      this.samples,
      this.labsheet,
      classed.flatMap(({ c, why }) => (why ? [] : [c.value])),
    );
    const twiceAt = namedTwice(classed, rows);
    const twice = [...new Set(twiceAt.values())].map((reads) =>
      reads.map((r) => `${r.barcode} in ${r.position}`).join(' and '),
    );
    const inFile = positionsOfTubes(classed, rows);
    const read = new Set(reads.map((r) => r.position));
    const missing = this.#notInFile(inFile, new Set((o.empty ?? []).filter((p) => !read.has(p))));
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
        const taken = this.takenBecause(r.position);
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
      const here = this.whereIs(c.value, row);
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
      const itself = this.held.some((h) => h.position === r.position && isTube(h, this.labsheet, names));
      const taken = before
        ? `${r.position} is not empty (${before} is in it)`
        : itself
          ? null
          : this.takenBecause(r.position);
      if (taken) {
        const bad = { position: r.position, raw: r.barcode, reason: taken, taken: true as const };
        const holder = before ? null : this.holderOf(r.position);
        // This computer's tube there, moved elsewhere by the file: decided once the file's moves are known.
        if (holder && this.#putHereByUs(r.position, holder) && inFile.has(holder.toUpperCase())) {
          behindMove.push({ read: { r, c, found, here, names }, bad, holder });
          continue;
        }
        refused.push({ bad, tube: true });
        if (holder) blocked.push({ bad, holder });
        continue;
      }
      place({ r, c, found, here, names });
    }
    // Reads into a position this computer's tube leaves by a move the file saves, in the order the
    // moves free them (a chain of moves frees one position after another): queued after the move, as
    // the sync sends a move into a position only after an older move out of it (cutAtMovesOutOf).
    for (let freed = true; freed;) {
      freed = false;
      for (const w of [...behindMove]) {
        if (filled.has(w.read.r.position) || !movedAway(w.holder)) continue;
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
    for (const { bad, holder } of blocked) this.#blockedBy(bad, holder, inFile, savedAt);
    for (const p of take) if (p.position) filledBy.set(p.position, p.id);
    // A misread, or a tube that could not be looked up, where the record has a tube the file does not
    // move away: a rescan there would queue the next tube over it, so it is checked by eye instead.
    const recordHolds = new Map<string, string>();
    for (const { bad } of refused) {
      if (bad.taken || filledBy.has(bad.position) || !this.takenBecause(bad.position)) continue;
      const holder = this.holderOf(bad.position);
      if (holder && this.#putHereByUs(bad.position, holder) && movedAway(holder)) continue;
      recordHolds.set(bad.position, holder ?? 'a tube');
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
    // One question for the whole file before any of it is saved: its answer runs the import again.
    if (ask.length > 0) return { ...outcome, saved: 0, moved: [], afterMoves: [] };
    if (take.length > 0) {
      progress({ phase: 'saving', done: 0, of: take.length });
      const { ids } = await call(this.api, 'outbox.enqueueMany', {
        intents: take.map((p) => this.#intent(loc, p)),
        readFrom: this.service,
      });
      this.#placed(take, ids);
    }
    return { ...outcome, saved: take.length };
  }

  /**
   * The positions the file shows empty that the box's record (this visit's tubes over what it held as
   * opened) has a tube at, less the tubes the file shows elsewhere (moved) and the wells being emptied
   * by a removal held for a look: "A4 (TB000123)" for each. A position the file has no line for says
   * nothing: a file may list only part of a rack.
   */
  #notInFile(inFile: ReadonlyMap<string, string>, empty: ReadonlySet<string>): string[] {
    const record = new Map<string, string>(this.held.map((h) => [h.position, h.id]));
    for (const a of this.#standing()) if (a.position) record.set(a.position, a.id);
    const missing: string[] = [];
    for (const [position, id] of record) {
      if (!empty.has(position) || inFile.has(id.toUpperCase())) continue;
      if (this.removalsHeld.some((r) => r.position === position)) continue;
      missing.push(`${position} (${id})`);
    }
    return missing;
  }

  /**
   * Why a read whose position the record gives `holder` waits, added to its reason, when the file shows
   * `holder` elsewhere. The service refuses a tube into a well its record still gives another, even
   * within one request. The sync holds a move into a well until an older move out of it is sent only
   * for tubes this computer put there (main/sync/cross-target.ts cutAtMovesOutOf reads the outbox, not
   * the box's record): such reads are saved (importRack); those that come here are of a tube known only
   * from the service's record, so the read is not queued: it goes when the file is chosen again after
   * that move is sent (`afterMove`).
   * Nothing is added when the file does not show `holder`: the position's own reason says all that is known.
   */
  /**
   * Whether `holder`, the tube at `position`, was put there by this computer as main's outbox knows it
   * (the box's standing assignments, read as it was opened or refreshed): only for those does the sync
   * hold a move into the position until an older move out of it is sent (cutAtMovesOutOf reads the
   * outbox's assignments, not the box's record).
   */
  #putHereByUs(position: string, holder: string): boolean {
    return this.held.some(
      (h) => h.position === position && h.assigned && h.labsheet === this.labsheet && h.id === holder,
    );
  }

  #blockedBy(bad: RackBad, holder: string, inFile: ReadonlyMap<string, string>, savedAt: ReadonlySet<string>): void {
    const there = inFile.get(holder.toUpperCase());
    if (!there) return;
    if (savedAt.has(there)) {
      bad.reason += `; the file moves ${holder} to ${there}: once that move is sent (see the Outbox), choose the rack file again`;
      bad.afterMove = true;
      return;
    }
    bad.reason += `; the file shows ${holder} in ${there}, but that move was not saved either: see ${there}`;
  }

  #open(): KnownLocation {
    if (!this.location) throw new Error('Scan a location first');
    return this.location;
  }

  #intent(loc: KnownLocation, p: Placement): LocationAssignIntent {
    return {
      type: 'location-assign',
      labsheet: this.labsheet,
      locationId: loc.uuid,
      idType: p.idType,
      id: p.id,
      ...(p.position ? { position: p.position } : {}),
    };
  }

  /** Shows committed placements and moves the next position past them. */
  #placed(placements: readonly Placement[], entryIds: readonly (number | string)[]): void {
    placements.forEach((p, k) =>
      this.assignments.push({ ...p, entryId: Number(entryIds[k]), sync: 'pending', reason: null }),
    );
    const at = new Set(placements.flatMap((p) => (p.position ? [p.position] : [])));
    if (at.size === 0) return;
    if (this.armed !== null && at.has(this.armed)) this.armed = null;
    this.rescan = this.rescan.filter((p) => !at.has(p));
    this.next = this.layout
      ? nextEmptyWell(this.layout, 'row-major', (p) => this.#taken(p), this.next ?? undefined)
      : null;
  }
}
