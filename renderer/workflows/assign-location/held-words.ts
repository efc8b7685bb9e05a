import type { HeldFill, HeldRemoval } from './box-holdings.js';

/*
 * A change of the user's held for a look in the Outbox, and a tube already in the open box, in the
 * words every part of Assign location says them: a scan, a position scan, a rack file and the notes.
 */

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
 * Where a scanned tube already is in the open location (whereIs in box-record.ts). `held` when it is
 * there by the user's change held for a look (a fill) or is being taken out by one (a removal): the
 * screen names that change rather than calling the tube a plain duplicate.
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
  const at = `${dup.position ? `in ${dup.position}` : 'here'}${sameName(code, dup.as) ? '' : ` (as ${dup.as})`}`;
  if (dup.held === 'fill')
    return `${code} is already placed ${at} by your change that needs a look in the Outbox (${DECIDE_IN_OUTBOX})`;
  if (dup.held === 'removal')
    return `${code} is still ${at}: your removal of it there needs a look in the Outbox (${DECIDE_IN_OUTBOX})`;
  return `Duplicate: ${code} is already ${at}`;
}

/**
 * A tube the open box had at `from` (known there `as`), scanned after the position `to`: moved there by
 * hand, in words like a rack file's move ("TB000160 A1 → B3"), naming the tube as the box knew it.
 */
export function movedWithin(code: string, as: string, from: string, to: string): string {
  return `Moved ${code}${sameName(code, as) ? '' : ` (${as})`} from ${from} to ${to}`;
}

const sameName = (a: string, b: string): boolean => a.toUpperCase() === b.toUpperCase();
