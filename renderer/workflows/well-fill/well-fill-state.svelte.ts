import { call, messageOf } from '../../lib/ipc/client.js';
import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import type { CachedManifest } from '../../../shared/ipc/channels/cache.js';
import type { LocationAssignIntent, ManifestRef, PlateBasis, WellIntent } from '../../../shared/outbox/intents.js';
import { positionsInOrder, type FillOrder, type Layout } from '../../../shared/layout/positions.js';
import { drawEntry, drawForFilling, emptyWell, type WellSync, type WellView } from '../../lib/plate-map/well-view.js';
import type { Feedback } from '../../lib/feedback/feedback.svelte.js';
import type { OutboxState } from '../../lib/outbox/outbox-state.svelte.js';
import { isLastWell, nextEmptyForward, nextEmptyWell, wellPast } from '../../lib/plate-map/fill-order.js';
import { WellIndex } from './well-index.js';
import { DrawnEntries } from './drawn-entries.js';
import { enqueueEdit } from './outgoing-intents.js';
import { moreUnknown, unknownUsed } from '../../../shared/plate-map/unknown-used.js';
import { leaveQuestion, type PendingGuard } from '../../lib/question/question.js';
import { WellFillHistory } from './well-fill-undo.js';
import { followEntries } from './follow-entries.js';
import { DEMO_LABSHEET } from '../../../shared/ipc/settings.js';
import { whenIdle } from '../../lib/when-idle.js';
import { PageSampleIndex } from '../../lib/samples/sample-index.js';
import { createTurns } from '../../../shared/in-turn.js';
import type { ServiceBound } from '../../lib/kept/kept-per-service.js';

/**
 * The plate being filled: its wells (server contents with the outbox drawn over them), the fill
 * cursor, the selection and the undo history. Every change goes through `commit`, which resolves
 * only once main has the entries durably — the caller acknowledges the scan after that.
 */
export class WellFillState implements ServiceBound {
  plate = $state<CachedManifest | null>(null);
  /** Read freely; written only through #setWell / #resetWells, which keep the sample index true. */
  wells = $state<Record<string, WellView>>({});
  order = $state<FillOrder>('row-major');
  #cursor = $state<string | null>(null);
  /** A scanned position waiting for its tube (`C5` then a tube). */
  armed = $state<string | null>(null);
  selection = $state<string[]>([]);
  guard = $state<PendingGuard | null>(null);
  /** What a question the next scan took away left undone; shown until the next question or dismissed. */
  unanswered = $state<string | null>(null);
  /** Set by the screen from the workflow's labsheet setting. */
  labsheet = $state(DEMO_LABSHEET);
  canUndo = $state(false);
  canRedo = $state(false);
  /**
   * The service counts used wells this computer cannot place (filled at another bench, and the service
   * lists no wells; `unknownUsed`), or the plate's layout is not known yet: the cursor does not start
   * on its own. A position scan or "fill from here" starts it.
   */
  held = $state(false);
  /**
   * The well the next tube goes to by itself. None while the fill is held: fill order, undo, redo, Skip,
   * a removal and a label all move it on through here, and a held plate's fill starts only where the
   * user says (`fillFrom`: a scanned position, "Fill from here"), never where one of them left it.
   */
  get cursor(): string | null {
    return this.#cursor;
  }
  /**
   * In a fill the user started on a plate with wells nobody here can place (`#runFrom`), no next well
   * means the fill reached the end of the plate: it stops there, held again (`ranOutFrom` says so),
   * rather than going round into wells that may hold another bench's tubes.
   */
  set cursor(to: string | null) {
    if (this.held) {
      this.#cursor = null;
      return;
    }
    if (to === null && this.#runFrom !== null) {
      this.#ranOutFrom = this.#runFrom;
      this.#hold();
      return;
    }
    this.#cursor = to;
  }
  /**
   * Where the user started the fill (`fillFrom`) on a plate with used wells nobody here can place: the
   * fill runs forward from there only, to the end of the plate. Null for any other fill, which goes round
   * to fill gaps left earlier, every well it can choose being one this computer can see into.
   */
  #runFrom = $state<string | null>(null);
  #ranOutFrom = $state<string | null>(null);
  /** Where a fill the user started began, when it stopped at the end of the plate; null otherwise. */
  get ranOutFrom(): string | null {
    return this.#ranOutFrom;
  }
  /**
   * Per plate (uuid), the reading this computer's record of its wells was last drawn with here: a plate
   * whose wells come from this computer's record keeps it when opened again (#basisFor).
   */
  readonly #drawnBasis = new Map<string, PlateBasis>();
  /** The labsheet's tube → sample index: a tube scan is resolved here, with no call to main. */
  readonly samples: PageSampleIndex;
  readonly #history: WellFillHistory;
  /**
   * Edits of the wells and the undo history run one at a time, in the order they were asked for. A
   * held Ctrl+Z / Ctrl+Y, a toolbar click or a plate scan does not wait for the one before to be
   * answered; interleaved, a redo put its new entries on the wrong side of the stack and the history
   * lost steps (or undid one twice).
   */
  readonly #inTurn = createTurns();
  readonly #drawn = new DrawnEntries();
  /** Plain, not runes state: read at a commit's turn, never drawn. */
  #readingsTaken = 0;
  /** The plain index of the wells (WellIndex), kept by #setWell / #resetWells. */
  readonly #index = new WellIndex();
  #offChange: (() => void) | null = null;

  constructor(
    readonly api: BenchlinkApi,
    readonly feedback: Feedback,
    readonly outbox: OutboxState,
    /** The service (`serviceIdentity`) this state reads from; its changes are queued only while it is in use. */
    readonly service: string,
  ) {
    this.samples = new PageSampleIndex(api);
    this.#history = new WellFillHistory(this, {
      enqueue: (asked) => enqueueEdit(this, asked, (intent, entryId) => this.#draw(intent, entryId)),
      draw: (intent, entryId) => this.#draw(intent, entryId),
      setWell: (view) => this.#setWell(view),
      undraw: (entryId) => this.#undraw(entryId),
      dropDrawn: (entryId) => this.#drawn.drop(entryId),
      readPlate: () => this.#refresh(),
      showStack: (canUndo, canRedo) => {
        this.canUndo = canUndo;
        this.canRedo = canRedo;
      },
    });
  }

  /**
   * The wells and the undo history follow their entries for as long as the state is kept, not only while
   * the screen is shown: an entry sent, refused, held for a look, discarded or cancelled while the user is
   * on the Outbox is drawn so on return, and one taken out there is never undone or reversed. One
   * subscription per kept state, however often the screen is shown again.
   */
  start(): void {
    // Back on the screen with a plate open: its tubes are resolved in the page again (stop let the index go).
    if (this.plate) this.#openSampleIndex();
    this.#offChange ??= followEntries(this, {
      newestDrawn: (entryId) => this.#drawn.newestDrawn(entryId),
      isDrawn: (entryId) => this.#drawn.positionOf(entryId) !== undefined,
      forget: (entryIds) => this.#history.forget(entryIds),
      setWell: (view) => this.#setWell(view),
      newsDrawnBy: (entryId, mark) => this.#drawn.newsDrawnBy(entryId, mark),
      readPlate: () =>
        void this.refresh().catch((err: unknown) =>
          this.feedback.report(
            '',
            `The plate could not be read again (${messageOf(err)}): scan the plate again before the next tube`,
            'unknown',
          ),
        ),
    });
  }
  /**
   * The first tube must not wait for the labsheet to download: fetch it (and take its index, so tubes
   * are resolved in the page) while the user picks one up, once the plate is drawn (at idle), so it
   * does not compete with drawing the plate.
   */
  #openSampleIndex(): void {
    const labsheet = this.labsheet;
    whenIdle(() => this.samples.open(labsheet), 500);
  }

  /** The screen is left: the wells and the history go on following their entries (start). */
  stop(): void {
    this.samples.close();
  }

  get opened(): string | null {
    return this.plate?.hrid ?? null;
  }

  /** A question asked about this service's plate is not answered after a switch (leaveQuestion). */
  leaveService(): string[] {
    return leaveQuestion(this);
  }

  /** How many used wells of the open plate nobody here can place (unknownUsed of its last reading; null: any). */
  get unknown(): number | null {
    return this.plate ? unknownUsed(this.plate) : 0;
  }

  get layout(): Layout | null {
    return this.plate ? { rows: this.plate.rows, columns: this.plate.columns } : null;
  }
  get ref(): ManifestRef {
    return { uuid: this.plate?.uuid ?? '' };
  }
  get positions(): string[] {
    return this.layout ? positionsInOrder(this.layout, 'row-major') : [];
  }
  #filled = $state(0);
  get filled(): number {
    return this.#filled;
  }

  load(query: { barcode?: string; hrid?: string; uuid?: string }): Promise<boolean> {
    return this.#inTurn(() => this.#load(query));
  }

  async #load(query: { barcode?: string; hrid?: string; uuid?: string }): Promise<boolean> {
    const m = await call(this.api, 'cache.manifest', query);
    if (!m) return false;
    this.#openSampleIndex();
    this.#take({ ...m, basis: this.#basisFor(m) });
    this.armed = null;
    this.selection = [];
    this.guard = null;
    this.#history.clear();
    this.#runFrom = null;
    this.#ranOutFrom = null;
    this.held = this.unknown !== 0 || m.layoutFrom === 'unknown';
    // From the new plate's first empty well, not from where the last plate's cursor stood.
    this.cursor = this.held ? null : this.firstTarget();
    return true;
  }

  /**
   * Back on the screen after another one: the same plate, re-read (the queue moved on meanwhile),
   * with the cursor, armed position and undo history kept. True when the re-read stopped the fill:
   * another bench used wells this computer cannot place, so the next tube must not pick a well itself.
   */
  refresh(): Promise<boolean> {
    return this.#inTurn(() => this.#refresh());
  }

  async #refresh(): Promise<boolean> {
    const open = this.plate;
    if (!open) return false;
    const m = await call(this.api, 'cache.manifest', { uuid: open.uuid });
    if (!m || this.plate !== open) return false;
    const unknownBefore = unknownUsed(open);
    this.#take({ ...m, basis: this.#basisFor(m) });
    const stopped =
      !this.held &&
      (moreUnknown(unknownBefore, this.unknown) || (m.layoutFrom === 'unknown' && open.layoutFrom !== 'unknown'));
    // Every used well placed now: a fill the user started may go round like any other.
    if (this.unknown === 0) this.#runFrom = null;
    if (stopped) this.#hold();
    else if (!this.held) this.cursor = this.nextTarget(this.cursor ?? undefined);
    return stopped;
  }

  /**
   * The reading changes made on this plate are checked against (the sync engine holds them for a look
   * when the plate changed since; its check also knows this computer's own writes). A service that
   * lists wells shows another bench's change, and the new reading stands. One that lists none cannot,
   * so neither can the screen: its wells are this computer's record, and changes made from here keep
   * the plate as it was when the record was first drawn here, however the plate is opened again (a
   * re-read, a plate scan, the plate list). Taken with the new reading, a tube put in a well the record
   * shows empty replaced, unasked, the tube another bench had put there.
   */
  #basisFor(m: CachedManifest): PlateBasis {
    return m.wellsFrom === 'service' ? m.basis : (this.#drawnBasis.get(m.uuid) ?? m.basis);
  }

  /** The fill stops: no well is chosen by itself until the user says where (`fillFrom`). */
  #hold(): void {
    this.held = true;
    this.#runFrom = null;
    this.#cursor = null;
  }

  /**
   * The plate as main has it, drawn as a screen that writes wells draws it (drawForFilling): its wells
   * with the queued changes and this computer's location assignments drawn over them; and which entry is
   * which well (an assignment's sync is drawn too).
   */
  #take(m: CachedManifest): void {
    this.#readingsTaken += 1;
    this.plate = m;
    if (m.wellsFrom === 'service') this.#drawnBasis.delete(m.uuid);
    else this.#drawnBasis.set(m.uuid, m.basis);
    const drawn = new Map<number, { before: WellView; intent: WellIntent | LocationAssignIntent }>();
    const readAgain = new Map<number, WellSync | null>();
    this.#resetWells(Object.fromEntries(drawForFilling(this.positions, m, drawn, readAgain)));
    this.#drawn.redraw(drawn, readAgain);
  }

  /**
   * The user says where filling starts (a selected or scanned well): the cursor runs from there. On a
   * plate with used wells nobody here can place, forward only, to the end of the plate (#runFrom).
   */
  fillFrom(position: string): void {
    this.held = false;
    this.armed = null;
    this.#ranOutFrom = null;
    this.#runFrom = this.unknown !== 0 ? position : null;
    this.cursor = this.nextTarget(position);
  }

  nextTarget(from?: string): string | null {
    const layout = this.layout;
    if (!layout) return null;
    // The plain index, not the proxied wells: this runs on every scan and must not track 384 wells.
    const taken = (p: string) => this.#index.taken(p);
    const at = from ?? this.cursor ?? undefined;
    if (this.#runFrom !== null) return nextEmptyForward(layout, this.order, taken, this.#runFrom, at);
    return nextEmptyWell(layout, this.order, taken, at);
  }

  /**
   * The next empty well after `position` (Skip): round to the start of the plate to fill gaps left
   * earlier, except in a fill the user started on a plate with wells nobody here can place, which ends
   * at the last well (null).
   */
  nextAfter(position: string): string | null {
    const layout = this.layout;
    if (!layout) return null;
    if (this.#runFrom !== null && isLastWell(layout, this.order, position)) return null;
    return this.nextTarget(wellPast(layout, this.order, position));
  }

  /** The first empty well in fill order, wherever the cursor stands now. */
  firstTarget(): string | null {
    const layout = this.layout;
    return layout ? this.nextTarget(positionsInOrder(layout, this.order)[0]) : null;
  }

  /**
   * A fill the user started on a plate with wells nobody here can place runs forward in the order it
   * was started in: in another, the wells after its start are others (by column from H1: A2…D2, maybe
   * filled elsewhere), so it stops and the user says where again.
   */
  setOrder(order: FillOrder): void {
    if (this.#runFrom !== null && order !== this.order) this.#hold();
    this.order = order;
    this.cursor = this.firstTarget();
  }

  wellOfSample(sampleId: string): string | null {
    return this.#index.wellOfSample(sampleId);
  }

  /**
   * The tube whose removal from `position` is held for a look (the well drawn emptied), or null when
   * none is: a tube put there now leaves that removal in the Outbox for the user to decide. Named as the
   * well showed it just before the removal; a change held on a well that was already empty took no tube out.
   */
  removalHeldAt(position: string): string | null {
    const well = this.wells[position];
    if (well?.sync !== 'held' || well.sample !== null) return null;
    return this.#drawn.beforeNewestAt(position)?.sample ?? null;
  }

  /** "Done" / "next plate": nothing is open until the next plate scan. */
  closePlate(): void {
    this.plate = null;
    this.#resetWells({});
  }

  /** The well as drawn now, as plain data (not the reactive proxy), empty if the layout has no such well. */
  wellNow(position: string): WellView {
    return $state.snapshot(this.wells[position] ?? emptyWell(position)) as WellView;
  }

  /**
   * One edit (a tube, a label on a selection): one commit, one undo step. Made for the plate open when
   * the edit was worked out, and refused if another plate was opened before its turn came (picked from
   * the list while a tube was looked up): it was recorded on the plate the scan began on, drawn on the
   * new one, and its undo changed the new one.
   */
  async commit(what: string, intents: WellIntent[]): Promise<void> {
    await this.#inTurn(() => {
      this.#refuseElsewhere(what, intents);
      return this.#history.commit(what, intents);
    });
  }

  /**
   * As commit, only if what the edit was worked out on still `stands` when its turn comes (false: nothing
   * is committed, and the caller works it out again on the wells as now read). A plate read again in
   * between (an entry's news, main back after a reconnect) runs outside the scans' turn and may show the
   * well the edit chose taken by another bench; committed as worked out, a tube went over theirs unasked.
   * Answers the entries saved, or null when the decision no longer `stands` (nothing saved).
   */
  commitIf(stands: () => boolean, what: string, intents: WellIntent[]): Promise<number[] | null> {
    return this.#inTurn(async () => {
      this.#refuseElsewhere(what, intents);
      if (!stands()) return null;
      return this.#history.commit(what, intents);
    });
  }

  #refuseElsewhere(what: string, intents: WellIntent[]): void {
    const open = this.plate;
    const elsewhere = intents.find((i) => !('uuid' in i.manifest) || i.manifest.uuid !== open?.uuid);
    if (elsewhere)
      throw new Error(
        `${what}: ${open ? `plate ${open.hrid}` : 'another plate'} was opened while this was being worked ` +
          'out, so it is on neither plate. Scan (or make) it again on this plate, or open the other one first.',
      );
  }

  /** How many times the plate was drawn from a reading (opened or read again): an edit worked out before the latest one may no longer fit. */
  get readingsTaken(): number {
    return this.#readingsTaken;
  }

  /** Takes the last edit back (WellFillHistory.undo); its words, or null when there is none. */
  undo(): Promise<string | null> {
    return this.#inTurn(() => this.#history.undo());
  }

  /** Makes the last undone edit again (WellFillHistory.redo); its words, or null when there is none. */
  redo(): Promise<string | null> {
    return this.#inTurn(() => this.#history.redo());
  }

  toggleSelect(position: string, extend: boolean): void {
    if (!extend) {
      this.selection = this.selection.length === 1 && this.selection[0] === position ? [] : [position];
      return;
    }
    this.selection = this.selection.includes(position)
      ? this.selection.filter((p) => p !== position)
      : [...this.selection, position];
  }

  /** A queued entry's change drawn in its well, pending. */
  #draw(intent: WellIntent, entryId: number): void {
    const before = this.wellNow(intent.position);
    // Drawn as a plate read draws a waiting entry (drawEntry), never null for a well change.
    const drawn = drawEntry(before, { intent, state: 'pending', error: null, mayHaveArrived: null });
    if (drawn) this.#setWell(drawn);
    this.#drawn.draw(entryId, intent.position, before, intent);
  }

  /** An entry that will never happen: its well shows again what it held before it (DrawnEntries.forget). */
  #undraw(entryId: number): void {
    const back = this.#drawn.forget(entryId);
    if (back && this.wells[back.position]) this.#setWell({ ...back.before, reason: null });
  }

  /** Every write of a whole well goes through here (or #resetWells) so the sample index stays true. */
  #setWell(view: WellView): void {
    this.#index.put(view);
    this.#filled = this.#index.filled;
    this.wells[view.position] = view;
  }

  #resetWells(views: Record<string, WellView>): void {
    this.#index.reset(views);
    this.#filled = this.#index.filled;
    this.wells = views;
  }
}
