import { refusalOf } from '../../lib/ipc/client.js';
import type { QueuedSync } from '../../lib/outbox/follow-entry-sync.js';

/*
 * What an undo on Assign location says: what was taken back and how, and what was not, why, and what
 * to do instead. Words only; AssignHistory (assign-undo.ts) decides.
 */

/** A tube of an undo step, as the undo speaks of it. */
export interface UndoneTube {
  id: string;
  /** Its mark when the undo came (what the user last saw of it), null when not yet heard. */
  sync: QueuedSync | null;
  /** For a move within the box: the position it left, where the move back takes it. */
  from: string | null;
}

/** Why a tube that may be on the service is not taken back. */
export type NotBack =
  /** Put in from no position this screen knows: the service has no call that takes a tube out of a location. */
  | { kind: 'no-way' }
  /** Its position before is taken now (`why`: takenBecause's words). */
  | { kind: 'taken'; why: string }
  /** A tube of the same step went into its position before, and stays there (`by`). */
  | { kind: 'refilled'; by: string }
  /** The move back was not recorded (main's `err`). */
  | { kind: 'not-recorded'; err: unknown };

/** What became of each tube of an undo step. */
export interface UndoTold {
  /** Never tried: cancelled. */
  cancelled: readonly UndoneTube[];
  /** Failed and never made on the service: taken out of the Outbox. */
  discarded: readonly UndoneTube[];
  /** Failed in a way that may leave it on the service: taken out, its move back queued with it (main's rule). */
  reversed: readonly UndoneTube[];
  /** Sent, or may have been: its move back queued after it. */
  movedBack: readonly UndoneTube[];
  /** May be on the service, and not taken back. */
  stuck: readonly { tube: UndoneTube; why: NotBack }[];
}

/** Redo, asked for here (a scanned Redo, Ctrl+Y): an undone tube is put back by scanning it again. */
export const NO_REDO =
  'Redo is not available on Assign location; nothing was changed. To put back a tube you undid, scan it again.';

const MAX_NAMED = 8;

/** "TB1, TB2 and TB3"; past a few, "TB1, …, TB8 and 12 more". */
function tubes(list: readonly UndoneTube[]): string {
  const ids = list.map((t) => t.id);
  if (ids.length <= 1) return ids[0] ?? '';
  if (ids.length > MAX_NAMED) return `${ids.slice(0, MAX_NAMED).join(', ')} and ${ids.length - MAX_NAMED} more`;
  return `${ids.slice(0, -1).join(', ')} and ${ids.at(-1)!}`;
}

/** How a tube that never happened on the service had ended, as its mark said it. */
function neverMade(t: UndoneTube): string {
  if (t.sync === 'refused') return 'refused by the service';
  if (t.sync === 'held') return 'held for a look';
  return 'failed before it was sent';
}

/** How a tube may be on the service, as its mark said it: sent, or on its way, tried, unsure. */
function maybeThere(t: UndoneTube): string {
  return t.sync === 'synced' ? 'was sent already' : 'may have reached the service already';
}

/** Why one tube stays where it went, after "it was sent already, and …". */
function notBackSaid(why: NotBack, t: UndoneTube): string {
  if (why.kind === 'no-way') return 'the service has no way to take a tube out of a location';
  if (why.kind === 'taken') return `it cannot go back: ${why.why}`;
  if (why.kind === 'refilled') return `it cannot go back to ${t.from ?? 'where it was'} while ${why.by} is there`;
  return `its move back was not recorded: ${refusalOf(why.err)}`;
}

/** What the user does about tubes left where they went. */
function advice(stuck: UndoTold['stuck']): string {
  if (stuck.every((s) => s.why.kind === 'not-recorded')) return 'Press Undo again to try again.';
  return `To put ${stuck.length === 1 ? 'it' : 'a tube'} right, scan the position (or the location) it belongs in, then the tube.`;
}

/**
 * The line of an undo of one scanned tube (`what`: the line its scan said): `whole` when it was taken
 * back, else what to do instead (said as NOT RECORDED by the screen).
 */
function oneTube(what: string, told: UndoTold): { said: string; whole: boolean } {
  const [t] = [...told.cancelled, ...told.discarded, ...told.reversed, ...told.movedBack];
  if (told.cancelled.length > 0) return { said: what, whole: true };
  if (told.discarded.length > 0 && t)
    return {
      said: `${what} — it had been ${neverMade(t)}, so it was taken out of the Outbox; nothing was sent`,
      whole: true,
    };
  if (told.reversed.length > 0 && t)
    return {
      said:
        `${what} — it had failed in a way that may leave it on the service, so it was taken out of the ` +
        `Outbox and the move back to ${t.from} was queued`,
      whole: true,
    };
  if (told.movedBack.length > 0 && t)
    return { said: `${what} — it ${maybeThere(t)}, so the move back to ${t.from} was queued`, whole: true };
  const stuck = told.stuck[0]!;
  return {
    said: `"${what}" not undone: it ${maybeThere(stuck.tube)}, and ${notBackSaid(stuck.why, stuck.tube)}. ${advice(told.stuck)}`,
    whole: false,
  };
}

/** The line of an undo of a step of several tubes (a rack file's), part by part. */
function manyTubes(what: string, told: UndoTold): { said: string; whole: boolean } {
  const they = (l: readonly UndoneTube[]) => (l.length === 1 ? 'it' : 'they');
  const movedBack = [...told.reversed, ...told.movedBack];
  const parts = [
    told.cancelled.length > 0 ? `${tubes(told.cancelled)} taken back (not sent yet)` : '',
    told.discarded.length > 0 ? `${tubes(told.discarded)} taken out of the Outbox (never made on the service)` : '',
    movedBack.length > 0
      ? `${tubes(movedBack)} moved back where ${they(movedBack)} ${movedBack.length === 1 ? 'was' : 'were'} ` +
        `(${they(movedBack)} may be on the service, so the move back was queued)`
      : '',
  ].filter(Boolean);
  if (told.stuck.length === 0)
    return {
      said: parts.length === 1 && told.cancelled.length > 0 ? what : `${what} — ${parts.join('; ')}`,
      whole: true,
    };
  const noWay = told.stuck.filter((s) => s.why.kind === 'no-way').map((s) => s.tube);
  const stuck = [
    noWay.length > 0
      ? `${tubes(noWay)} may be on the service already, and the service has no way to take a tube out of a location`
      : '',
    ...told.stuck.filter((s) => s.why.kind !== 'no-way').map((s) => `${s.tube.id}: ${notBackSaid(s.why, s.tube)}`),
  ].filter(Boolean);
  const head =
    parts.length > 0 ? `"${what}" only partly undone: ${parts.join('; ')}; not undone: ` : `"${what}" not undone: `;
  return { said: `${head}${stuck.join('; ')}. ${advice(told.stuck)}`, whole: false };
}

/**
 * What an undo of the step `what` says, `of` tubes in all: taken back whole (said after "Undone: "), or
 * not, or in part (said as NOT RECORDED, with what to do).
 */
export function undoSaid(what: string, of: number, told: UndoTold): { said: string; whole: boolean } {
  return of === 1 ? oneTube(what, told) : manyTubes(what, told);
}
