import { call, IpcCallError, messageOf } from '../../lib/ipc/client.js';
import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import type { KnownLocation } from '../../../shared/ipc/channels/cache.js';
import type { Layout } from '../../../shared/layout/positions.js';
import type { Feedback } from '../../lib/feedback/feedback.svelte.js';
import type { OutboxState } from '../../lib/outbox/outbox-state.svelte.js';
import { followEntrySync, mayHappen } from '../../lib/outbox/follow-entry-sync.js';
import { nextEmptyWell, wellPast } from '../../lib/plate-map/fill-order.js';
import { DEMO_LABSHEET } from '../../../shared/ipc/settings.js';
import type { LocationAssignIntent } from '../../../shared/outbox/intents.js';
import type { RackRead } from './rack-csv.js';
import { RackRun } from './rack-run.svelte.js';
import type { BoxHoldings, HeldFill, HeldRemoval, HeldTube, ReservedPosition } from './box-holdings.js';
import { PageSampleIndex, type TubeRow } from '../../lib/samples/sample-index.js';
import { lookUpTubeAnswer, type TubeAnswer } from '../../lib/samples/tube-row.js';
import { leaveQuestion, type Asking, type PendingGuard } from '../../lib/question/question.js';
import type { ServiceBound } from '../../lib/kept/kept-per-service.js';
import type { IdTypeChoice } from './id-type.js';
import type { TubeAlreadyHere } from './held-words.js';
import {
  holderOf,
  isTaken,
  notOffered,
  removalHeldAt,
  takenBecause,
  takenPositions,
  unmadeInPlace,
  waitsForLook,
  whereIs,
  type Assignment,
  type Placement,
} from './box-record.js';
import {
  heldNotes,
  layoutUnknownSaid,
  passedOverSaid,
  positionNeededSaid,
  rowSaid,
  unconfirmedSaid,
  unmadeSaid,
  type Unconfirmed,
} from './box-notes.js';
import {
  findLocation,
  plainLocation,
  readManifest,
  readManifestByUuid,
  readManifestNamed,
  type OpenedBox,
} from './open-box.js';
import { checkRack, type RackOptions, type RackOutcome } from './rack-check.js';
import { AssignHistory, type AssignUndone } from './assign-undo.js';
import { movedWithin } from './held-words.js';
import { counted } from '../../lib/format/counted.js';

/**
 * Scan a location, then tubes: each tube is one durable outbox entry; positions advance in a box. The
 * one thing the screen talks to: it holds the open box and this visit's tubes as state, and asks the
 * plain modules beside it what they mean (box-record.ts, box-notes.ts, rack-check.ts; see README.md).
 */
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
  controls = $state<ReservedPosition[]>([]);
  /**
   * Positions of the open box the service counts as used but does not list (filled at another bench
   * on a service that lists no wells): the next free position cannot be known, so each tube waits
   * for its position to be scanned, as Well fill's fill does.
   */
  unplaced = $state<number | null>(0);
  /** The open box's template when its layout is not known (OpenedBox.layoutUnknown): no position is offered. */
  layoutUnknown = $state<string | null>(null);
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
  /** Whether there is a tube or rack file of this visit to undo, for the Undo button. */
  canUndo = $state(false);
  /** This visit's scanned tubes and rack files, each one undo step. */
  readonly #history = new AssignHistory((can) => (this.canUndo = can));
  #offChange: (() => void) | null = null;
  /** This visit's changes known never to happen: the box was read again when each became so. */
  #unmade = new Set<number>();
  /**
   * Positions the user skipped this visit (the Skip command): left empty on purpose, so the next tube
   * passes over them however often the box is read again. A position scanned first still takes a tube.
   */
  #skipped = new Set<string>();
  /**
   * Tubes whose queueing main may have committed though its answer was lost (`disconnected`): their
   * positions are held as taken, not confirmed, until the box is read again (refreshHoldings), which
   * lists the tube if it was saved. Without it the next tube was queued into the same position.
   */
  unconfirmed = $state<Unconfirmed[]>([]);
  /** Counts the tubes held unconfirmed, so a box read begun before one was held does not let it go. */
  #heldAt = 0;
  #offReconnect: (() => void) | null = null;

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
   * the position it took is free again for the next tube. The box is read again then too: it was read
   * while the change waited, and drew it made (a rack file's move had emptied the position it left, and
   * the tube was drawn where it never went). So it is after a news of a move within the box: what main
   * reads of the moves before it changes with it (a move given up on no longer hides the one before it,
   * which says the position the tube left; a confirmed one has taken the tube out of main's copy).
   */
  start(): void {
    this.#offChange ??= followEntrySync(
      this.api,
      this.outbox,
      () => this.assignments,
      (changed) => {
        // A change already known not to happen (refused, then discarded) changes nothing the box read drew.
        const news = changed.filter(
          (a) => a.from !== undefined || (!mayHappen(a.sync) && !this.#unmade.has(a.entryId)),
        );
        // A retried one may happen again, and its next refusal is news.
        for (const a of changed)
          if (mayHappen(a.sync)) this.#unmade.delete(a.entryId);
          else this.#unmade.add(a.entryId);
        // A refused tube's entry discarded: the tube is out of its position (unmadeInPlace), free again.
        const freed = changed.some((a) => a.sync === 'discarded' || a.sync === 'cancelled');
        if (news.length === 0) {
          if (freed) this.next = this.#firstFree();
          return;
        }
        this.next = this.#firstFree();
        this.#readAgainAside();
      },
    );
    // Main is back: a tube whose answer was lost is in its outbox or not, and the box read says which.
    this.#offReconnect ??= this.outbox.onReconnect(() => {
      if (this.unconfirmed.length > 0) this.#readAgainAside();
    });
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
    return this.#showIf(await readManifest(this.api, code));
  }

  /**
   * The open box's holdings read again, for the screen shown again (the Outbox visited: an entry may
   * have been discarded or refused meanwhile). The tubes listed this visit and a position scanned
   * first stay.
   */
  async refreshHoldings(): Promise<void> {
    const loc = this.location;
    if (loc?.kind !== 'manifest') return;
    const asked = this.#heldAt;
    const box = await readManifestByUuid(this.api, loc.uuid);
    if (!box || this.location !== loc) return;
    // Its layout may have been said since (here, or on Well fill for a plate of the same kind).
    this.location = box.location;
    this.layoutUnknown = box.layoutUnknown;
    this.#hold(box);
    this.#settleUnconfirmed(asked);
    this.next = this.#firstFree();
  }

  /**
   * The tubes whose answer was lost before this read began (`asked`) are known now: in the box read if
   * main saved them, else not saved. A position the rack file listed to rescan goes back on the list
   * when it is still free.
   */
  #settleUnconfirmed(asked: number): void {
    const known = this.unconfirmed.filter((u) => u.at <= asked);
    if (known.length === 0) return;
    this.unconfirmed = this.unconfirmed.filter((u) => u.at > asked);
    const back = known.flatMap((u) =>
      u.rescan && !this.rescan.includes(u.position) && !this.isTaken(u.position) ? [u.position] : [],
    );
    this.rescan = [...back, ...this.rescan];
  }

  /**
   * The box read again when a tube's answer was lost (unconfirmed), before the next tube is placed: the
   * read says whether main saved it. Failing, the positions stay held, and the next tube goes past them.
   */
  async settleBeforeNext(): Promise<void> {
    if (this.unconfirmed.length > 0) await this.#readAgain();
  }

  /**
   * Opens the location, plate or box a scanned location code names (findLocation): `unknown-uuid` for a
   * uuid nobody knows, left unopened for the user to say (openAsLocation); `none` when it names none.
   */
  async openLocation(code: string): Promise<'opened' | 'none' | 'unknown-uuid'> {
    const found = await findLocation(this.api, code);
    if (found && 'unknownUuid' in found) return 'unknown-uuid';
    const box = found && 'manifestUuid' in found ? await readManifestByUuid(this.api, found.manifestUuid) : found;
    return this.#showIf(box) ? 'opened' : 'none';
  }

  /**
   * Closes what is open: a location scanned that could not be opened must not leave the box before it
   * open, its next position chosen, for a tube the bench meant for the new place.
   */
  close(): void {
    this.location = null;
    this.layoutUnknown = null;
    this.#reset();
  }

  /** A uuid no one knows opened as a location with no positions, as the user said (openLocation). */
  openAsLocation(uuid: string): void {
    this.#show(plainLocation({ uuid, name: uuid, kind: 'location' }));
  }

  /**
   * The plate or box a scan taken for a tube names (its uuid, barcode or hrid) opened instead, as a box's
   * barcode scanned opens it; false when it names none.
   */
  async openManifestNamed(code: string): Promise<boolean> {
    return this.#showIf(await readManifestNamed(this.api, code));
  }

  /** Opens `box` when there is one; whether it was. */
  #showIf(box: OpenedBox | null): boolean {
    if (!box) return false;
    this.#show(box);
    return true;
  }

  #show(box: OpenedBox): void {
    this.location = box.location;
    this.layoutUnknown = box.layoutUnknown;
    this.#hold(box);
    this.#reset();
  }

  #hold(h: BoxHoldings & Pick<OpenedBox, 'unplaced'>): void {
    this.occupied = h.occupied;
    this.held = h.held;
    this.removalsHeld = h.removalsHeld;
    this.fillsHeld = h.fillsHeld;
    this.controls = h.controls;
    this.unplaced = h.unplaced;
  }

  #reset(): void {
    // The tubes about to be scanned are told apart by their rows: have the labsheet's index ready.
    this.samples.open(this.labsheet);
    this.assignments = [];
    this.#history.clear();
    this.armed = null;
    this.rescan = [];
    this.#skipped.clear();
    this.unconfirmed = [];
    this.rack.leaveBox();
    this.next = this.#firstFree();
  }

  #firstFree(): string | null {
    return this.layout ? nextEmptyWell(this.layout, 'row-major', this.#notOffered()) : null;
  }

  /** notOffered, with the positions skipped this visit and those of tubes whose answer was lost held back. */
  #notOffered(): (position: string) => boolean {
    return notOffered(this, [...this.#skipped, ...this.unconfirmed.map((u) => u.position)]);
  }

  /**
   * Where the next tube goes: a position scanned first, a rack position to rescan, or the next free
   * one, unless some used positions are unknown (`unplaced`): then only a scanned position.
   */
  targetPosition(): string | null {
    if (!this.layout) return null;
    return this.armed ?? this.rescan[0] ?? (this.unplaced !== 0 ? null : this.next);
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
    return passedOverSaid(position, code, why, listed, this.targetPosition());
  }

  /**
   * The Skip command: the next tube's position is passed over (a position scanned first, one listed to
   * rescan, or the next free one), leaving it empty for the rest of the visit unless its position is
   * scanned first. What happened, for the scan line.
   */
  skip(): string {
    const at = this.targetPosition();
    if (!this.layout || at === null) return 'No position to skip: scan a position, or a box with free positions';
    // Remembered for the visit: read again (the Outbox visited, a change's news), the box's first free
    // position was this one again, and the next tube went into the slot left empty on purpose.
    this.#skipped.add(at);
    if (this.armed === at) this.armed = null;
    else if (this.rescan[0] === at) this.rescan = this.rescan.slice(1);
    if (this.next === at)
      this.next = nextEmptyWell(this.layout, 'row-major', this.#notOffered(), wellPast(this.layout, 'row-major', at));
    const now = this.targetPosition();
    return now === at || now === null
      ? `${at} skipped; no other position is free`
      : `${at} skipped: the next tube goes to ${now}`;
  }

  /** Why a tube needs its position scanned first on this box, or null when the next free one is known. */
  positionNeeded(): string | null {
    if (this.layoutUnknown !== null) return layoutUnknownSaid(this.layoutUnknown);
    if (!this.layout || this.unplaced === 0 || this.targetPosition() !== null) return null;
    return positionNeededSaid(this.unplaced);
  }

  /**
   * The labsheet row a scanned tube names (by its barcode or its sample ID), or none as far as this
   * computer knows, with when the rows that lack it were read (for the question about it). From the
   * page's index with no call to main when it holds the tube. Throws when it could not be looked up.
   */
  lookUp(code: string): Promise<TubeAnswer> {
    return lookUpTubeAnswer(this.api, this.samples, this.labsheet, code);
  }

  /* The open box's record asked (box-record.ts): the screen and the scans ask it here. */

  whereIs(code: string, row: TubeRow | null): TubeAlreadyHere | null {
    return whereIs(this, code, row);
  }
  holderOf(position: string): string | null {
    return holderOf(this, position);
  }
  isTaken(position: string): boolean {
    return isTaken(this, position);
  }
  takenBecause(position: string): string | null {
    return takenBecause(this, position);
  }
  removalHeldAt(position: string): HeldRemoval | null {
    return removalHeldAt(this, position);
  }
  waitsForLook(a: Assignment): boolean {
    return waitsForLook(this, a);
  }
  /** The lines about positions waiting on something: held for a look, a refused tube still in, an answer lost. */
  heldNotes(): string[] {
    const taken = takenPositions(this);
    return [
      ...heldNotes(this),
      // Where the record has another tube, that tube is what the position says.
      ...unmadeInPlace(this).flatMap((a) => (a.position && !taken.has(a.position) ? [unmadeSaid(a)] : [])),
      ...unconfirmedSaid(this.unconfirmed),
    ];
  }
  rowSaid(a: Assignment): string {
    return rowSaid(this, a);
  }

  /**
   * One scanned tube queued, as one of a rack file's reads is, and one undo step (`what`: in the words
   * its scan's line says it). A move within the box (its `from`; `heldAs`, the name the box's record has
   * the tube under there) frees the position it leaves at once, as the box read again draws it
   * (boxHoldings), and the box is read again aside: the move is said from the commit, not after a service
   * that does not answer has kept the line waiting 15 s. A read that fails is said when it does. Throws
   * when the tube was not queued; when main's answer was lost, its position is held as taken until the
   * box is read again (unconfirmed). Answers the move's entry id.
   */
  async assign(p: Placement, what?: string, heldAs?: string): Promise<number> {
    const loc = this.#open();
    const intent = this.#intent(loc, p);
    let id: string | number;
    try {
      ({ id } = await call(this.api, 'outbox.enqueue', { intent, readFrom: this.service }));
    } catch (err) {
      if (lostAnswer(err)) this.#unconfirmed([p]);
      throw err;
    }
    const before = this.#before();
    this.#placed([p], [id]);
    if (p.from) this.#left(p.from, heldAs ?? p.id);
    const said =
      what ??
      (p.from && p.position
        ? movedWithin(p.id, p.id, p.from, p.position)
        : `${p.id} → ${loc.name}${p.position ? ` ${p.position}` : ''}`);
    this.#history.record({ what: said, steps: [{ entryId: Number(id), intent }], ...before });
    if (p.from) this.#readAgainAside();
    return Number(id);
  }

  /**
   * The position a move queued now leaves, empty of the moved tube (known by `name` there) until the box
   * read again says so itself: a move out of a position not confirmed yet empties it (boxHoldings'
   * fromWhileWaiting). Another tube recorded there keeps it taken. The next tube is offered the first free
   * position again, as after that read.
   */
  #left(from: string, name: string): void {
    const moved = (h: HeldTube) => h.position === from && h.id.toUpperCase() === name.toUpperCase();
    this.held = this.held.filter((h) => !moved(h));
    if (!this.held.some((h) => h.position === from)) this.occupied = this.occupied.filter((o) => o !== from);
    this.next = this.#firstFree();
  }

  /** Tubes main may have queued, its answer lost: their positions taken, not confirmed, for the next tube. */
  #unconfirmed(placements: readonly Placement[]): void {
    const at = ++this.#heldAt;
    const held = placements.flatMap(({ id, position }) =>
      position === null ? [] : [{ id, position, rescan: this.rescan.includes(position), at }],
    );
    if (held.length === 0) return;
    const positions = new Set(held.map((u) => u.position));
    this.unconfirmed = [...this.unconfirmed, ...held];
    if (this.armed !== null && positions.has(this.armed)) this.armed = null;
    this.rescan = this.rescan.filter((r) => !positions.has(r));
    if (this.next !== null && positions.has(this.next) && this.layout)
      this.next = nextEmptyWell(this.layout, 'row-major', this.#notOffered(), this.next);
  }

  /**
   * Takes the last scanned tube or rack file back (AssignHistory says how): the words to say after
   * "Undone: ", or null when there is nothing to undo. Throws, saying what to do, when a tube stays where
   * it went; what was taken back is shown so all the same.
   */
  async undo(): Promise<string | null> {
    const done = await this.#history.undo(this);
    if (!done) return null;
    this.#showUndone(done);
    // A move taken back or moved back changes which positions the box's record holds (boxHoldings).
    const moved = done.action.steps.some((s) => s.intent.from) || done.queued.length > 0;
    const unread = moved ? await this.#readAgain() : null;
    const said = `${done.said}${unread ? `. ${unread}` : ''}`;
    if (!done.whole) throw new Error(said);
    return said;
  }

  /** Where the next tube was to go, kept with an undo step to go back to. */
  #before(): { nextBefore: string | null; rescanBefore: string[] } {
    return { nextBefore: this.next, rescanBefore: [...this.rescan] };
  }

  /**
   * An undo's tubes: those taken out of the Outbox leave the list (and their positions), each move back
   * is listed as a tube of this visit, and the next tube goes where it was to go before the step, if free.
   */
  #showUndone({ action, gone, queued }: AssignUndone): void {
    const out = new Set(gone);
    this.assignments = this.assignments.filter((a) => !out.has(a.entryId));
    for (const { intent, entryId } of queued)
      this.assignments.push({
        id: intent.id,
        idType: intent.idType,
        position: intent.position ?? null,
        ...(intent.from ? { from: intent.from.position } : {}),
        entryId,
        sync: 'pending',
        reason: null,
      });
    const back = action.rescanBefore.filter((p) => !this.rescan.includes(p) && !this.isTaken(p));
    this.rescan = [...back, ...this.rescan];
    const next = action.nextBefore;
    this.next = next !== null && !this.#notOffered()(next) ? next : this.#firstFree();
  }

  /** The box read again (refreshHoldings): null when it was, else what the user is to do about it. */
  async #readAgain(): Promise<string | null> {
    try {
      await this.refreshHoldings();
      return null;
    } catch (err) {
      return `The box could not be read again (${messageOf(err)}): scan the box again before the next tube`;
    }
  }

  /** The box read again without holding up what the user sees; a failure is said when it comes. */
  #readAgainAside(): void {
    void this.#readAgain().then((failed) => failed && this.feedback.report('', failed, 'unknown'));
  }

  /**
   * A rack scanner file's reads, checked as scans are (checkRack, in rack-check.ts, says how) and
   * committed in one commit: a rack is saved whole or not at all (a failed commit throws, and nothing
   * of it is queued), so the user never has to work out which of its tubes were saved. While the file's
   * tubes the labsheet lacks are asked about (`ask`), nothing is saved. `progress` hears how far the
   * checking has come and when the commit starts. At most one tube goes to a position, so even the
   * largest box's rack is within one commit (MAX_INTENTS_PER_COMMIT).
   */
  async importRack(reads: readonly RackRead[], o: RackOptions = {}): Promise<RackOutcome> {
    const loc = this.#open();
    const { outcome, take } = await checkRack(this, reads, o);
    // One question for the whole file before any of it is saved: its answer runs the import again.
    if (outcome.ask.length > 0) return { ...outcome, saved: 0, moved: [], afterMoves: [] };
    if (take.length > 0) {
      o.progress?.({ phase: 'saving', done: 0, of: take.length });
      const intents = take.map((p) => this.#intent(loc, p));
      let ids: readonly (string | number)[];
      try {
        ({ ids } = await call(this.api, 'outbox.enqueueMany', { intents, readFrom: this.service }));
      } catch (err) {
        // Its answer lost, the file may be in: its positions are no place for a scanned tube meanwhile.
        if (lostAnswer(err)) this.#unconfirmed(take);
        throw err;
      }
      const before = this.#before();
      this.#placed(take, ids);
      this.#history.record({
        what: `the rack file's ${counted(take.length, 'tube')}`,
        steps: intents.map((intent, k) => ({ entryId: Number(ids[k]), intent })),
        ...before,
      });
      // Read again: the file's moves out of positions free them (boxHoldings), for the rescans to go there.
      // The file is saved whatever that read does: a failure thrown from here was said as nothing saved.
      const unread = take.some((p) => p.from) ? await this.#readAgain() : null;
      if (unread) return { ...outcome, saved: take.length, notReadAgain: unread };
    }
    return { ...outcome, saved: take.length };
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
      ...(p.from ? { from: { locationId: loc.uuid, position: p.from } } : {}),
    };
  }

  /** Shows committed placements and moves the next position past them. */
  #placed(placements: readonly Placement[], entryIds: readonly (number | string)[]): void {
    placements.forEach(({ id, idType, position, from }, k) =>
      this.assignments.push({
        id,
        idType,
        position,
        ...(from ? { from } : {}),
        entryId: Number(entryIds[k]),
        sync: 'pending',
        reason: null,
      }),
    );
    const at = new Set(placements.flatMap((p) => (p.position ? [p.position] : [])));
    if (at.size === 0) return;
    if (this.armed !== null && at.has(this.armed)) this.armed = null;
    this.rescan = this.rescan.filter((p) => !at.has(p));
    this.next = this.layout
      ? nextEmptyWell(this.layout, 'row-major', this.#notOffered(), this.next ?? undefined)
      : null;
  }
}

/** A write main may have committed, its answer lost on the way back (the page's own tries spent). */
const lostAnswer = (err: unknown): boolean => err instanceof IpcCallError && err.error.code === 'disconnected';
