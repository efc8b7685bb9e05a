import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import type { LocationAssignIntent } from '../../../shared/outbox/intents.js';
import { call } from '../../lib/ipc/client.js';
import { UndoStack } from '../../lib/undo/undo-stack.js';
import { takeBack } from '../../lib/undo/take-back.js';
import { holderOf, takenBecause, type BoxRecord } from './box-record.js';
import { undoSaid, type NotBack, type UndoneTube } from './undo-words.js';

/** One tube an undo step queued: its outbox entry and what the entry holds. */
export interface AssignStep {
  entryId: number;
  intent: LocationAssignIntent;
}

/** One scan's tube, or one rack file's tubes (one commit), as one undo step. */
export interface AssignAction {
  /** The step in the words its scan's line said it ("TB000150 → Box 1 A2"). */
  what: string;
  steps: AssignStep[];
  /** Where the next tube was to go before the step, and the rack's positions to rescan: put back where still free. */
  nextBefore: string | null;
  rescanBefore: readonly string[];
}

/** The open box an undo reads: its record (where a tube can go back) and where to ask. */
export interface UndoBox extends BoxRecord {
  readonly api: BenchlinkApi;
  /** The service the box was read from: the moves back are queued for it only. */
  readonly service: string;
}

/** What an undo did, for AssignState to show. */
export interface AssignUndone {
  action: AssignAction;
  /** Entries taken out of the Outbox (cancelled, discarded): their tubes leave this visit's list. */
  gone: number[];
  /** The moves back queued, each to list as a tube of this visit (its mark follows its entry). */
  queued: { intent: LocationAssignIntent; entryId: number }[];
  said: string;
  /** False when some tube stays where it went: `said` says which, why and what to do; it stays undoable. */
  whole: boolean;
}

/**
 * The opposite change of an assignment: a move within the box goes back to the position it left. One
 * with no such position has none: the service keeps a row in one location, and has no call that takes
 * it out of one (the spec's assign-location only puts it somewhere).
 */
export function moveBack(i: LocationAssignIntent): LocationAssignIntent | null {
  if (!i.from || i.position === undefined) return null;
  return {
    ...i,
    locationId: i.from.locationId,
    position: i.from.position,
    from: { locationId: i.locationId, position: i.position },
  };
}

const samePosition = (a: string | undefined, b: string) => a !== undefined && a.toUpperCase() === b.toUpperCase();

/**
 * Why a step's tube cannot go back where it was, or null when it can. `staying`: the steps of the action
 * that stay where they went (a new tube put into the position the step's tube left stays there).
 * The box's record is read without the action's own tubes, which the undo takes away or moves back.
 */
function notBack(
  step: AssignStep,
  action: AssignAction,
  box: BoxRecord,
  staying: readonly AssignStep[],
): NotBack | null {
  const from = step.intent.from;
  if (!moveBack(step.intent) || !from) return { kind: 'no-way' };
  const refill = staying.find((s) => s !== step && !s.intent.from && samePosition(s.intent.position, from.position));
  if (refill) return { kind: 'refilled', by: refill.intent.id };
  const ours = new Set(action.steps.map((s) => s.entryId));
  const without: BoxRecord = {
    occupied: box.occupied,
    held: box.held,
    removalsHeld: box.removalsHeld,
    fillsHeld: box.fillsHeld,
    controls: box.controls,
    labsheet: box.labsheet,
    assignments: box.assignments.filter((a) => !ours.has(a.entryId)),
  };
  // The box as last read may still list the tube itself there (the read after the move failed).
  if (holderOf(without, from.position)?.toUpperCase() === step.intent.id.toUpperCase()) return null;
  const why = takenBecause(without, from.position);
  return why ? { kind: 'taken', why } : null;
}

/**
 * The undo history of the open box's visit: each scanned tube, and each rack file, as the outbox entries
 * that queued it. An undo asks main to take them out by its rules (takeBack: never tried, cancelled;
 * failed and never made, discarded; failed but maybe on the service, discarded with its move back queued
 * in the same transaction) and queues the move back of a move within the box that was sent, or may have
 * been. A tube put in from nowhere this screen knows, that may be on the service, stays: there is no
 * opposite change to send, and the line says so and what to do. No redo: the tube is scanned again.
 * Callers run one call at a time (the scans' turns).
 */
export class AssignHistory {
  readonly #stack = new UndoStack<AssignAction>();
  readonly #show: (canUndo: boolean) => void;

  constructor(show: (canUndo: boolean) => void) {
    this.#show = show;
  }

  /** Another box opened: this visit's tubes are no longer on the screen to undo. */
  clear(): void {
    this.#stack.clear();
    this.#show(false);
  }

  record(action: AssignAction): void {
    this.#stack.push(action);
    this.#show(true);
  }

  /** Takes the last step back (see the class); null when there is none. Throws when main could not be asked. */
  async undo(box: UndoBox): Promise<AssignUndone | null> {
    for (;;) {
      const action = this.#stack.undo();
      if (!action) {
        this.#show(false);
        return null;
      }
      const ids = action.steps.map((s) => s.entryId);
      // Offered for main to queue with a failed move it discards; it keeps them only for such a one.
      const opposites = new Map<number, LocationAssignIntent[]>(
        action.steps.flatMap((s): [number, LocationAssignIntent[]][] =>
          notBack(s, action, box, action.steps) ? [] : [[s.entryId, [moveBack(s.intent)!]]],
        ),
      );
      let answer: Awaited<ReturnType<typeof takeBack>>;
      try {
        answer = await takeBack(box.api, ids, opposites, box.service);
      } catch (err) {
        this.#stack.redo(); // nothing changed: still undoable
        this.#show(true);
        throw err;
      }
      const of = (list: readonly number[]) => action.steps.filter((s) => list.includes(s.entryId));
      const standing = of(answer.standing);
      const byMain = answer.reversed.map((r) => ({ step: of([r.id])[0]!, entryId: r.by[0]! }));
      if (answer.cancelled.length + answer.discarded.length + byMain.length + standing.length === 0) {
        // Every tube of it was taken out in the Outbox before: nothing to take back; the step before is undone.
        this.#stack.revise('undone', (undone) => undone.slice(0, -1));
        continue;
      }
      // Known now: a new tube of the step taken out no longer holds the position another tube goes back to.
      const why = new Map(standing.map((s) => [s, notBack(s, action, box, standing)]));
      const toMove = standing.filter((s) => why.get(s) === null);
      const stuck = standing.filter((s) => why.get(s) !== null).map((s) => ({ step: s, why: why.get(s)! }));
      const queued = byMain.map(({ step, entryId }) => ({ intent: moveBack(step.intent)!, entryId }));
      let movedBack: AssignStep[] = [];
      if (toMove.length > 0) {
        // Newest first, so a tube moved into a position another leaves goes back out before that one returns.
        const back = [...toMove].reverse();
        try {
          const r = await call(box.api, 'outbox.enqueueMany', {
            intents: back.map((s) => moveBack(s.intent)!),
            readFrom: box.service,
          });
          back.forEach((s, k) => queued.push({ intent: moveBack(s.intent)!, entryId: Number(r.ids[k]) }));
          movedBack = toMove;
        } catch (err) {
          stuck.push(...toMove.map((s) => ({ step: s, why: { kind: 'not-recorded', err } as const })));
        }
      }
      const tube = (s: AssignStep): UndoneTube => ({
        id: s.intent.id,
        sync: box.assignments.find((a) => a.entryId === s.entryId)?.sync ?? null,
        from: s.intent.from?.position ?? null,
      });
      const { said, whole } = undoSaid(action.what, action.steps.length, {
        cancelled: of(answer.cancelled).map(tube),
        discarded: of(answer.discarded).map(tube),
        reversed: byMain.map((b) => tube(b.step)),
        movedBack: movedBack.map(tube),
        stuck: stuck.map((s) => ({ tube: tube(s.step), why: s.why })),
      });
      if (stuck.length > 0) {
        // What stays where it went stays undoable (a move back not recorded is tried again).
        this.#stack.redo();
        this.#stack.replaceTop('done', { ...action, steps: stuck.map((s) => s.step) });
      }
      this.#show(this.#stack.canUndo);
      return {
        action,
        gone: [...answer.cancelled, ...answer.discarded, ...answer.reversed.map((r) => r.id)],
        queued,
        said,
        whole,
      };
    }
  }
}
