import type { WellIntent } from '../../../shared/outbox/intents.js';
import type { WellView } from '../../lib/plate-map/well-view.js';
import { UndoStack } from '../../lib/undo/undo-stack.js';
import { takeBack, type TakenBack } from '../../lib/undo/take-back.js';
import {
  changedBy,
  describeWell,
  inverseOf,
  partlyUndone,
  reversedInOutbox,
  takenOutOfOutbox,
  wellsChangedSince,
  withoutEntries,
  withoutUndoEntries,
  type ActionStep,
  type TakenOut,
  type WellAction,
} from './well-intents.js';
import { planEdit, type Committed, type EditSource, type Planned } from './outgoing-intents.js';
import { readAgainAfterUndo } from './read-again-after-undo.js';
import type { WellFillState } from './well-fill-state.svelte.js';

/** What main did with the entries of an undo (takeBack). */
type UndoAnswer = TakenBack;

/** What the history reads of the plate being filled, and the fill cursor it puts back. */
export type HistorySource = EditSource & Pick<WellFillState, 'ref' | 'held' | 'cursor' | 'nextTarget'>;

/** The writes of the wells' drawing the history makes, which only the plate being filled may make itself. */
export interface HistoryOps {
  /** Queues intents in one durable commit and draws them (enqueueEdit). */
  enqueue(asked: readonly WellIntent[]): Promise<Committed[]>;
  /** Draws a queued entry's change in its well. */
  draw(intent: WellIntent, entryId: number): void;
  setWell(view: WellView): void;
  /** The entry will never happen: its well goes back to what it was before it (DrawnEntries.forget). */
  undraw(entryId: number): void;
  /** The entry no longer draws its well (DrawnEntries.drop). */
  dropDrawn(entryId: number): void;
  /** Reads the plate again now (the caller holds the turn); true when the read stopped the fill. */
  readPlate(): Promise<boolean>;
  /** Whether there is an edit to undo and one to redo, for the toolbar. */
  showStack(canUndo: boolean, canRedo: boolean): void;
}

/**
 * The undo history of the plate being filled: each edit as the outbox entries that made it, taken back
 * by cancelling what has not left and queueing the opposite change of what has, and made again as new
 * entries. It follows the entries: one that will never happen leaves it (forget). Callers run one
 * call at a time (WellFillState's turns).
 */
export class WellFillHistory {
  readonly #stack = new UndoStack<WellAction>();
  readonly #fill: HistorySource;
  readonly #ops: HistoryOps;

  constructor(fill: HistorySource, ops: HistoryOps) {
    this.#fill = fill;
    this.#ops = ops;
  }

  /** A new plate: nothing of the last one's history applies. */
  clear(): void {
    this.#stack.clear();
    this.#show();
  }

  /** One edit (a tube, a label on a selection): one commit, one undo step. Answers its entries' ids. */
  async commit(what: string, intents: WellIntent[]): Promise<number[]> {
    const cursorBefore = this.#fill.cursor;
    const rows = await this.#ops.enqueue(intents);
    const steps = this.#stepsOf(rows);
    this.#stack.push({ what, steps, cursorBefore });
    this.#show();
    return steps.map((step) => step.entryId);
  }

  /**
   * Takes the last edit back: what has not left yet is cancelled (one transaction), what has is
   * answered with the opposite change (one commit). If that commit fails, what was cancelled leaves the
   * history (it is undone) and the rest stays undoable; the message says which is which. An edit whose
   * every entry the user had already taken out in the Outbox leaves the history, and the one before it is
   * undone instead, as when its Outbox event came first (forget).
   */
  async undo(): Promise<string | null> {
    for (;;) {
      const action = this.#stack.undo();
      if (!action) return null;
      let answer: UndoAnswer;
      let opposites: Map<number, Planned[]>;
      try {
        this.#refuseChangedSince(action, 'after', 'undone');
        opposites = await this.#oppositesOfFailed(action);
        answer = await takeBack(
          this.#fill.api,
          action.steps.map((s) => s.entryId),
          new Map([...opposites].map(([id, planned]) => [id, planned.map((p) => p.intent)])),
          this.#fill.service,
        );
      } catch (err) {
        this.#stack.redo(); // nothing changed: back on the undo side, redo history intact
        this.#show();
        throw err;
      }
      // Refused or held for a look, now discarded: it never happened, so it is taken back like a cancelled one.
      const gone = new Set([...answer.cancelled, ...answer.discarded]);
      const out = new Set(answer.takenOut);
      const reversedBy = new Map(answer.reversed.map((r) => [r.id, r.by]));
      const taken = this.#takenOut(action, answer);
      // Drawn and told now, not when the Outbox's event comes: the next undo may be of the same well.
      this.forget([...out]);
      // Newest first, so a well changed twice in one edit ends as it was before the first change.
      for (const step of [...action.steps].reverse()) if (gone.has(step.entryId)) this.#ops.setWell({ ...step.before });
      // Discarded with its opposite change queued: the well is drawn with that change waiting, as a sent step's
      // undo is, and the discarded entry no longer draws it (its Outbox event must not put the change back).
      for (const step of taken.reversed) {
        this.#ops.dropDrawn(step.entryId);
        opposites.get(step.entryId)!.forEach((p, k) => this.#ops.draw(p.intent, reversedBy.get(step.entryId)![k]!));
      }
      const sent = action.steps.filter((s) => answer.standing.includes(s.entryId));
      if (sent.length === 0 && gone.size === 0 && reversedBy.size === 0) {
        // Taken out in the Outbox before this undo reached it: nothing of it to take back or to redo.
        this.#stack.revise('undone', (undone) => undone.slice(0, -1));
        this.#show();
        continue;
      }
      const reversed = [...sent].reverse();
      let rows: Committed[];
      try {
        rows = await this.#ops.enqueue(reversed.flatMap((s) => s.inverse));
      } catch (err) {
        throw this.#undoneInPart(action, sent, taken, err);
      }
      // Which entries undo which step, so one taken out in the Outbox leaves the redo side (forget).
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
      const reread = await readAgainAfterUndo(this.#fill, () => this.#ops.readPlate(), [
        ...taken.refused,
        ...taken.held,
      ]);
      this.#fill.cursor = reread.stopped
        ? null
        : this.#fill.nextTarget(action.cursorBefore ?? action.steps[0]?.forward.position);
      this.#show();
      const of = action.steps.length;
      const notes = [
        takenOutOfOutbox(
          [...taken.refused, ...taken.held],
          [...taken.refused.map(() => false), ...taken.held.map(() => true)],
          of,
        ),
        reversedInOutbox(taken.reversed, taken.reversedWhy, of),
      ].filter(Boolean);
      return action.what + (notes.length > 0 ? ` — ${notes.join('; ')}` : '') + reread.said;
    }
  }

  /** The steps the undo took out of the Outbox itself, by why (TakenOut), as main answered. */
  #takenOut(action: WellAction, answer: UndoAnswer): TakenOut {
    const discarded = action.steps.filter((s) => answer.discarded.includes(s.entryId));
    const held = (s: ActionStep) => this.#fill.wells[s.forward.position]?.sync === 'held';
    const why = new Map(answer.reversed.map((r) => [r.id, r.why]));
    const reversed = action.steps.filter((s) => why.has(s.entryId));
    return {
      cancelled: action.steps.filter((s) => answer.cancelled.includes(s.entryId)),
      refused: discarded.filter((s) => !held(s)),
      held: discarded.filter(held),
      reversed,
      reversedWhy: reversed.map((s) => why.get(s.entryId)!),
    };
  }

  /**
   * The opposite change of each step, for main to queue in the undo's own transaction should the step's
   * entry turn out to have failed in a way that may leave it on the service (UndoOptions.opposites; main
   * makes it against the reading the step was made on);
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
        opposites.set(step.entryId, await planEdit(this.#fill, step.inverse));
      } catch {
        // Reversed as a sent step is, after the entries are answered, where the reason is said.
      }
    }
    return opposites;
  }

  /**
   * The undo took some entries of the edit out of the Outbox but its opposite change for the rest was
   * not recorded. Those taken out are undone and leave the history (withoutEntries); the rest goes back on
   * the undo side, so the next undo takes back only what is still there.
   */
  #undoneInPart(action: WellAction, sent: readonly ActionStep[], taken: TakenOut, err: unknown): unknown {
    // Taken out here or in the Outbox before: either way it will never happen, or is already reversed.
    const never = action.steps.filter((s) => !sent.includes(s));
    this.#stack.redo();
    this.#stack.revise('done', (done) => withoutEntries(done, new Set(never.map((s) => s.entryId))));
    this.#show();
    const any = taken.cancelled.length + taken.refused.length + taken.held.length + taken.reversed.length > 0;
    return any ? new Error(partlyUndone(action.what, taken, sent, err)) : err;
  }

  /** Refuses an undo or redo over wells changed since by something else (wellsChangedSince, changedBy say why). */
  #refuseChangedSince(action: WellAction, side: 'after' | 'before', verb: string): void {
    const changed = wellsChangedSince(action.steps, side, (p) => this.#fill.wells[p]);
    if (changed.length === 0) return;
    const list = changed.map((c) => `${c.position} now holds ${describeWell(c.now)}, ${changedBy(c.now)}`).join('; ');
    throw new Error(
      `"${action.what}" not ${verb}: ${list}. Change the well${changed.length === 1 ? '' : 's'} by hand if needed.`,
    );
  }

  /** Makes the last undone edit again, as new entries; refused over wells changed since (#refuseChangedSince). */
  async redo(): Promise<string | null> {
    const action = this.#stack.redo();
    if (!action) return null;
    let rows: Committed[];
    try {
      this.#refuseChangedSince(action, 'before', 'redone');
      rows = await this.#ops.enqueue(action.steps.map((s) => s.forward));
    } catch (err) {
      this.#stack.undo(); // still redoable
      this.#show();
      throw err;
    }
    const steps = this.#stepsOf(rows);
    this.#stack.replaceTop('done', { what: action.what, steps, cursorBefore: action.cursorBefore ?? null });
    this.#fill.cursor = this.#fill.nextTarget();
    this.#show();
    return action.what;
  }

  /**
   * Entries that the user discarded (or took back) in the Outbox will never happen. Drawn here, a
   * refused change or a refused move (its tube) leaves the well (HistoryOps.undraw). Their steps leave the
   * undo history (withoutEntries): an undo never cancels or reverses them.
   * An undo's opposite change taken out leaves the redo side (withoutUndoEntries): the well keeps the step.
   * All at once: a "Discard all" of 500 entries rebuilds the history once, not once per entry.
   */
  forget(entryIds: readonly number[]): void {
    if (entryIds.length === 0) return;
    const ids = new Set(entryIds);
    this.#stack.revise('done', (done) => withoutEntries(done, ids));
    this.#stack.revise('undone', (undone) => withoutUndoEntries(undone, ids));
    this.#show();
    for (const id of entryIds) this.#ops.undraw(id);
  }

  /** The undo steps of freshly queued entries: each with its opposite change, worked out now. */
  #stepsOf(rows: readonly Committed[]): ActionStep[] {
    return rows.map((r) => {
      // A sample the service listed with no labsheet goes back in the workflow's, as outgoing() sends a
      // well's sample: put back with none, the undo of a Replace emptied the well instead.
      const before = r.before.sample && !r.before.labsheet ? { ...r.before, labsheet: this.#fill.labsheet } : r.before;
      return { entryId: r.id, forward: r.intent, inverse: inverseOf(r.intent, before, r.intent.manifest), before };
    });
  }

  #show(): void {
    this.#ops.showStack(this.#stack.canUndo, this.#stack.canRedo);
  }
}
