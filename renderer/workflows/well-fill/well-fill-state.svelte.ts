import { call } from '../../lib/ipc/client.js';
import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import type { ChannelResponse } from '../../../shared/ipc/contract.js';
import type { CachedManifest } from '../../../shared/ipc/channels/cache.js';
import type { ManifestRef, WellIntent } from '../../../shared/outbox/intents.js';
import { positionsInOrder, type FillOrder, type Layout } from '../../../shared/layout/positions.js';
import { applyIntent, emptyWell, overlay, syncOf, type WellView } from '../../lib/plate-map/well-view.js';
import type { Feedback } from '../../lib/feedback/feedback.svelte.js';
import type { OutboxState } from '../../lib/outbox/outbox-state.svelte.js';
import { nextEmptyWell } from './fill-order.js';
import { WellIndex } from './well-index.js';
import { DrawnEntries } from './drawn-entries.js';
import { enqueueEdit, planEdit, type Committed, type Planned } from './outgoing-intents.js';
import { unknownUsed } from '../../lib/plate-map/unknown-used.js';
import type { Guard } from './guards.js';
import { UndoStack } from './undo-stack.js';
import {
  changedBy,
  describeWell,
  inverseOf,
  partlyUndone,
  readAgainNote,
  reversedInOutbox,
  takenOutOfOutbox,
  wellsChangedSince,
  withoutEntry,
  withoutUndoEntry,
  type ActionStep,
  type TakenOut,
  type WellAction,
} from './well-intents.js';
import { DEMO_LABSHEET } from '../../../shared/ipc/settings.js';
import { whenIdle } from '../../lib/when-idle.js';
import { PageSampleIndex } from '../../lib/samples/sample-index.js';
import { createTurns } from '../../../shared/in-turn.js';
import type { ServiceBound } from '../../lib/kept/kept-per-service.js';

/** What main did with the entries of an undo (the `outbox.cancelMany` answer). */
type UndoAnswer = ChannelResponse<'outbox.cancelMany'>;

export interface PendingGuard extends Guard {
  /** What "use anyway" / "replace" / "switch" does. */
  proceed: () => Promise<void>;
}

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
  cursor = $state<string | null>(null);
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
  /** The labsheet's tube → sample index: a tube scan is resolved here, with no call to main. */
  readonly samples: PageSampleIndex;
  #stack = new UndoStack<WellAction>();
  /**
   * Edits of the wells and the undo history run one at a time, in the order they were asked for. A
   * held Ctrl+Z / Ctrl+Y, a toolbar click or a plate scan does not wait for the one before to be
   * answered; interleaved, a redo put its new entries on the wrong side of the stack and the history
   * lost steps (or undid one twice).
   */
  readonly #inTurn = createTurns();
  readonly #drawn = new DrawnEntries();
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
   * The wells and the undo history follow their entries for as long as the state is kept, not only while
   * the screen is shown: an entry sent, refused, held for a look, discarded or cancelled while the user is
   * on the Outbox is drawn so on return, and one taken out there is never undone or reversed. One
   * subscription per kept state, however often the screen is shown again.
   */
  start(): void {
    // Back on the screen with a plate open: its tubes are resolved in the page again (stop let the index go).
    if (this.plate) this.#openSampleIndex();
    this.#offChange ??= this.outbox.onChange((changes) => {
      for (const c of changes) {
        if (c.state === 'discarded' || c.state === 'cancelled') {
          this.#forget(c.id);
          continue;
        }
        const pos = this.#drawn.positionOf(c.id);
        const well = pos ? this.wells[pos] : undefined;
        if (!pos || !well) continue;
        const sync = syncOf(c.state);
        // Failed may be refused or held for a look: only the entry's error tells, so it is drawn once read.
        if (sync === 'failed') void this.#settleFailed(c.id, pos);
        else if (sync) this.#setWell({ ...($state.snapshot(well) as WellView), sync, reason: null });
      }
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

  /**
   * A question asked about this service's plate is not answered after a switch: its "use anyway" would
   * queue here. The note of one left unanswered goes with it, said once now: shown again on the way
   * back, beside the plate read again, it would be about a scan from before the switch.
   */
  leaveService(): string[] {
    const asked = this.guard;
    const note = this.unanswered;
    this.guard = null;
    this.unanswered = null;
    return [
      ...(asked
        ? [`The question asked before the change ("${asked.message}") was dropped: nothing was recorded for that scan.`]
        : []),
      ...(note ? [`Before the change: ${note}`] : []),
    ];
  }

  /** How many used wells of the open plate nobody here can place (unknownUsed of its last reading). */
  get unknown(): number {
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
  /** The plain index of the wells (WellIndex), kept by #setWell / #resetWells. */
  readonly #index = new WellIndex();
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
    this.#take(m);
    this.armed = null;
    this.selection = [];
    this.guard = null;
    this.#stack.clear();
    this.#syncStack();
    this.held = this.unknown > 0 || m.layoutFrom === 'unknown';
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
    // A service that lists no wells cannot show what another bench changed, so the screen cannot
    // either: changes made from here keep the plate as it was when the user last saw all of it, and
    // the sync engine holds them for a look if it has changed since (its check also knows this
    // computer's own writes). A service that lists wells shows the change, and the new reading stands.
    const unknownBefore = unknownUsed(open);
    this.#take(m.wellsFrom === 'service' ? m : { ...m, basis: open.basis });
    const stopped =
      !this.held && (this.unknown > unknownBefore || (m.layoutFrom === 'unknown' && open.layoutFrom !== 'unknown'));
    if (stopped) {
      this.held = true;
      this.cursor = null;
    } else if (!this.held) this.cursor = this.nextTarget(this.cursor ?? undefined);
    return stopped;
  }

  /**
   * The plate as main has it: its wells with the queued changes and this computer's location
   * assignments drawn over them, and which entry is which well (an assignment's sync is drawn too).
   */
  #take(m: CachedManifest): void {
    this.plate = m;
    const before = new Map<number, WellView>();
    this.#resetWells(Object.fromEntries(overlay(this.positions, m.wells, m.pending, before)));
    this.#drawn.redraw(before);
  }

  /** The user says where filling starts (a selected or scanned well): the cursor runs from there. */
  fillFrom(position: string): void {
    this.held = false;
    this.armed = null;
    this.cursor = this.nextTarget(position);
  }

  nextTarget(from?: string): string | null {
    const layout = this.layout;
    if (!layout) return null;
    // The plain index, not the proxied wells: this runs on every scan and must not track 384 wells.
    return nextEmptyWell(layout, this.order, (p) => this.#index.taken(p), from ?? this.cursor ?? undefined);
  }

  /** The first empty well in fill order, wherever the cursor stands now. */
  firstTarget(): string | null {
    const layout = this.layout;
    return layout ? this.nextTarget(positionsInOrder(layout, this.order)[0]) : null;
  }

  setOrder(order: FillOrder): void {
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

  /** Queues the intents in one durable commit (enqueueEdit) and draws them. */
  #enqueueAll(asked: readonly WellIntent[]): Promise<Committed[]> {
    return enqueueEdit(this, asked, (intent, entryId) => this.#apply(intent, entryId));
  }

  /** One edit (a tube, a label on a selection): one commit, one undo step. */
  commit(what: string, intents: WellIntent[]): Promise<void> {
    return this.#inTurn(() => this.#commit(what, intents));
  }

  async #commit(what: string, intents: WellIntent[]): Promise<void> {
    const cursorBefore = this.cursor;
    const rows = await this.#enqueueAll(intents);
    const steps = rows.map((r): ActionStep => ({
      entryId: r.id,
      forward: r.intent,
      inverse: inverseOf(r.intent, r.before, this.ref),
      before: r.before,
    }));
    this.#stack.push({ what, steps, cursorBefore });
    this.#syncStack();
  }

  /**
   * Takes the last edit back: what has not left yet is cancelled (one transaction), what has is
   * answered with the opposite change (one commit). If that commit fails, what was cancelled leaves the
   * history (it is undone) and the rest stays undoable; the message says which is which. An edit whose
   * every entry the user had already taken out in the Outbox leaves the history, and the one before it is
   * undone instead, as when its Outbox event came first (#forget).
   */
  undo(): Promise<string | null> {
    return this.#inTurn(() => this.#undo());
  }

  async #undo(): Promise<string | null> {
    for (;;) {
      const action = this.#stack.undo();
      if (!action) return null;
      let answer: UndoAnswer;
      let opposites: Map<number, Planned[]>;
      try {
        this.#refuseChangedSince(action, 'after', 'undone');
        opposites = await this.#oppositesOfFailed(action);
        answer = await call(this.api, 'outbox.cancelMany', {
          ids: action.steps.map((s) => s.entryId),
          ...(opposites.size > 0
            ? {
                opposites: [...opposites].map(([id, planned]) => ({ id, intents: planned.map((p) => p.intent) })),
                readFrom: this.service,
              }
            : {}),
        });
      } catch (err) {
        this.#stack.redo(); // nothing changed: back on the undo side, redo history intact
        this.#syncStack();
        throw err;
      }
      // Refused or held for a look, now discarded: it never happened, so it is taken back like a cancelled one.
      const gone = new Set([...answer.cancelled, ...answer.discarded]);
      const out = new Set(answer.takenOut);
      const reversedBy = new Map(answer.reversed.map((r) => [r.id, r.by]));
      const taken = this.#takenOut(action, answer);
      // Drawn and told now, not when the Outbox's event comes: the next undo may be of the same well.
      for (const id of out) this.#forget(id);
      // Newest first, so a well changed twice in one edit ends as it was before the first change.
      for (const step of [...action.steps].reverse()) if (gone.has(step.entryId)) this.#setWell({ ...step.before });
      // Discarded with its opposite change queued: the well is drawn with that change waiting, as a sent step's
      // undo is, and the discarded entry no longer draws it (its Outbox event must not put the change back).
      for (const step of taken.reversed) {
        this.#drawn.drop(step.entryId);
        opposites.get(step.entryId)!.forEach((p, k) => this.#apply(p.intent, reversedBy.get(step.entryId)![k]!));
      }
      const sent = action.steps.filter(
        (s) => !gone.has(s.entryId) && !out.has(s.entryId) && !reversedBy.has(s.entryId),
      );
      if (sent.length === 0 && gone.size === 0 && reversedBy.size === 0) {
        // Taken out in the Outbox before this undo reached it: nothing of it to take back or to redo.
        this.#stack.revise('undone', (undone) => undone.slice(0, -1));
        this.#syncStack();
        continue;
      }
      const reversed = [...sent].reverse();
      let rows: Committed[];
      try {
        rows = await this.#enqueueAll(reversed.flatMap((s) => s.inverse));
      } catch (err) {
        throw this.#undoneInPart(action, sent, taken, err);
      }
      // Which entries undo which step, so one taken out in the Outbox leaves the redo side (#forget).
      let next = 0;
      const undoneBy = new Map<ActionStep, number[]>([
        ...taken.reversed.map((s): [ActionStep, number[]] => [s, reversedBy.get(s.entryId)!]),
        ...reversed.map((s): [ActionStep, number[]] => [
          s,
          rows.slice(next, (next += s.inverse.length)).map((r) => r.id),
        ]),
      ]);
      const steps = action.steps
        .filter((s) => !out.has(s.entryId))
        .map((s) => (undoneBy.has(s) ? { ...s, undoneBy: undoneBy.get(s)! } : s));
      this.#stack.replaceTop('undone', { ...action, steps });
      // A reversed step's well is drawn with its opposite change waiting, whatever a read shows under it.
      const reread = await this.#readAgainAfterUndo([...taken.refused, ...taken.held]);
      this.cursor = reread.stopped ? null : this.nextTarget(action.cursorBefore ?? action.steps[0]?.forward.position);
      this.#syncStack();
      const of = action.steps.length;
      const notes = [
        takenOutOfOutbox(
          [...taken.refused, ...taken.held],
          [...taken.refused.map(() => false), ...taken.held.map(() => true)],
          of,
        ),
        reversedInOutbox(taken.reversed, of),
      ].filter(Boolean);
      return action.what + (notes.length > 0 ? ` — ${notes.join('; ')}` : '') + reread.said;
    }
  }

  /** The steps the undo took out of the Outbox itself, by why (TakenOut), as main answered. */
  #takenOut(action: WellAction, answer: UndoAnswer): TakenOut {
    const discarded = action.steps.filter((s) => answer.discarded.includes(s.entryId));
    const held = (s: ActionStep) => this.wells[s.forward.position]?.sync === 'held';
    return {
      cancelled: action.steps.filter((s) => answer.cancelled.includes(s.entryId)),
      refused: discarded.filter((s) => !held(s)),
      held: discarded.filter(held),
      reversed: action.steps.filter((s) => answer.reversed.some((r) => r.id === s.entryId)),
    };
  }

  /**
   * The opposite change of each step, for main to queue in the undo's own transaction should the step's
   * entry turn out to have failed after service errors that may have applied it (UndoOptions.opposites);
   * main decides, by the entry's state as it stands then (the well's drawing may not have caught up with
   * it yet), and ignores the others. Only for a step alone on its well in the edit:
   * an opposite change queued ahead of the others' would leave that well as no step left it, so such a
   * step stays in the Outbox and is reversed after, as a sent one. One that cannot be worked out here
   * (a tube known only by its Assign location name) is left to that path too, which says why.
   */
  async #oppositesOfFailed(action: WellAction): Promise<Map<number, Planned[]>> {
    const opposites = new Map<number, Planned[]>();
    for (const step of action.steps) {
      const alone = action.steps.every((o) => o === step || o.forward.position !== step.forward.position);
      if (!alone || step.inverse.length === 0) continue;
      try {
        opposites.set(step.entryId, await planEdit(this, step.inverse));
      } catch {
        // Reversed as a sent step is, after the entries are answered, where the reason is said.
      }
    }
    return opposites;
  }

  /**
   * After an undo took changes the service refused or held out of the Outbox, the wells
   * are drawn as this computer last knew them, not as the service holds them now: another bench may
   * have filled them (a held change is held because the plate changed). The plate is read again through
   * the read cache, as when the screen is shown again, so the next tube is not scanned into a well that
   * only looks empty. Offline, the saved copy stands and the user hears that the wells may have changed.
   */
  async #readAgainAfterUndo(steps: readonly ActionStep[]): Promise<{ stopped: boolean; said: string }> {
    const open = this.plate;
    if (steps.length === 0 || !open) return { stopped: false, said: '' };
    const wells = [...new Set(steps.map((s) => s.forward.position))];
    let stopped = false;
    try {
      stopped = await this.#refresh();
    } catch {
      // Not read: said as for a saved copy; the wells stay as drawn.
    }
    const now = this.plate;
    if (!now || now === open || now.fromCache) return { stopped, said: readAgainNote(wells, { read: false }) };
    if (now.wellsFrom !== 'service') {
      const unknown = this.unknown;
      // The fill does not go back to a well that may hold another bench's tube: it waits for a position scan.
      return {
        stopped: stopped || (unknown > 0 && this.held),
        said: readAgainNote(wells, { read: true, listed: false, unknown, hrid: now.hrid }),
      };
    }
    const before = new Map(steps.map((s) => [s.forward.position, s.before]));
    const changed = wells
      .map((position) => ({ position, now: this.wells[position] }))
      .filter((c): c is { position: string; now: WellView } => c.now?.sync === 'synced')
      .filter((c) => describeWell(c.now) !== describeWell(before.get(c.position)!));
    return { stopped, said: readAgainNote(wells, { read: true, listed: true, changed }) };
  }

  /**
   * The undo took some entries of the edit out of the Outbox but its opposite change for the rest was
   * not recorded. Those taken out are undone and leave the history (withoutEntry); the rest goes back on
   * the undo side, so the next undo takes back only what is still there.
   */
  #undoneInPart(action: WellAction, sent: readonly ActionStep[], taken: TakenOut, err: unknown): unknown {
    // Taken out here or in the Outbox before: either way it will never happen, or is already reversed.
    const never = action.steps.filter((s) => !sent.includes(s));
    this.#stack.redo();
    this.#stack.revise('done', (done) => never.reduce((d, s) => withoutEntry(d, s.entryId), [...done]));
    this.#syncStack();
    const any = taken.cancelled.length + taken.refused.length + taken.held.length + taken.reversed.length > 0;
    return any ? new Error(partlyUndone(action.what, taken, sent, err)) : err;
  }

  /** Refuses an undo or redo over wells changed since by something else (wellsChangedSince, changedBy say why). */
  #refuseChangedSince(action: WellAction, side: 'after' | 'before', verb: string): void {
    const changed = wellsChangedSince(action.steps, side, (p) => this.wells[p]);
    if (changed.length === 0) return;
    const list = changed.map((c) => `${c.position} now holds ${describeWell(c.now)}, ${changedBy(c.now)}`).join('; ');
    throw new Error(
      `"${action.what}" not ${verb}: ${list}. Change the well${changed.length === 1 ? '' : 's'} by hand if needed.`,
    );
  }

  redo(): Promise<string | null> {
    return this.#inTurn(() => this.#redo());
  }

  async #redo(): Promise<string | null> {
    const action = this.#stack.redo();
    if (!action) return null;
    let rows: Committed[];
    try {
      this.#refuseChangedSince(action, 'before', 'redone');
      rows = await this.#enqueueAll(action.steps.map((s) => s.forward));
    } catch (err) {
      this.#stack.undo(); // still redoable
      this.#syncStack();
      throw err;
    }
    const steps = rows.map((r): ActionStep => ({
      entryId: r.id,
      forward: r.intent,
      inverse: inverseOf(r.intent, r.before, this.ref),
      before: r.before,
    }));
    this.#stack.replaceTop('done', { what: action.what, steps, cursorBefore: action.cursorBefore ?? null });
    this.cursor = this.nextTarget();
    this.#syncStack();
    return action.what;
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

  #apply(intent: WellIntent, entryId: number): void {
    const before = $state.snapshot(this.wells[intent.position] ?? emptyWell(intent.position)) as WellView;
    this.#setWell({ ...applyIntent(before, intent), sync: 'pending', reason: null });
    this.#drawn.draw(entryId, intent.position, before);
  }

  /**
   * An entry that the user discarded (or took back) in the Outbox will never happen. Drawn here, a
   * refused change or a refused move (its tube) leaves the well, which shows again what it held just
   * before that entry, with no plate read needed. A newer change drawn over it since stays (the well
   * shows that one), and without this one before it, what that one would leave is what this one had.
   * Its step leaves the undo history by the same rule (withoutEntry): an undo never cancels or reverses it.
   * An undo's opposite change taken out leaves the redo side (withoutUndoEntry): the well keeps the step.
   */
  #forget(entryId: number): void {
    this.#stack.revise('done', (done) => withoutEntry(done, entryId));
    this.#stack.revise('undone', (undone) => withoutUndoEntry(undone, entryId));
    this.#syncStack();
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

  /**
   * A drawn entry that failed: refused (drawn with the service's reason) or held for a look (the user's
   * change, drawn with the Outbox's "Needs a look", and its well kept from the fill). Drawn as the entry
   * stands when read, which a later change of it overtakes.
   */
  async #settleFailed(id: number, pos: string): Promise<void> {
    const r = await this.api.invoke('outbox.await', { id, timeoutMs: 0 });
    const well = this.wells[pos];
    if (!well) return;
    const error = r.ok ? r.value.error : undefined;
    const sync = r.ok ? syncOf(r.value.state, error) : 'failed';
    if (sync !== 'failed' && sync !== 'held') return;
    const reason = error?.reason ?? error?.message ?? 'The service refused this well.';
    this.#setWell({ ...($state.snapshot(well) as WellView), sync, reason });
  }

  #syncStack(): void {
    this.canUndo = this.#stack.canUndo;
    this.canRedo = this.#stack.canRedo;
  }
}
