import { heldFillIn } from './held-notes.js';

/**
 * What can be wrong with a scan during a fill, each with its own tone and colour so a user
 * hears which one without looking. Pure: the state module gathers the facts, this decides.
 */
export type GuardKind =
  'duplicate-sample' | 'occupied-well' | 'control-well' | 'wrong-plate' | 'unknown-sample' | 'garbage';

export interface Guard {
  kind: GuardKind;
  message: string;
  /** The user may override (e.g. "use anyway" for a sample the labsheet does not know). */
  overridable: boolean;
  /**
   * For a question: what was left undone when the next scan came before an answer, said then, since
   * that scan takes the question away.
   */
  unanswered?: string;
}

const leftUnanswered = (about: string, notDone: string) =>
  `The question about ${about} was left unanswered: ${notDone}.`;
const scanAgain = (sampleId: string) => `${sampleId} was not placed (scan it again to be asked again)`;

export interface SampleFacts {
  sampleId: string;
  target: string;
  /** Where this sample already sits on the plate, if anywhere. */
  alreadyAt: string | null;
  /** The sample currently in the target well, if any. */
  targetHolds: string | null;
  /** That sample is the user's own change, held for a look in the Outbox (not on the service yet). */
  targetHeld?: boolean;
  /** The target's label when it is a control, blank or standard well (which the fill passes over). */
  targetControl?: string | null;
  /** null while unknown (offline and never cached): not treated as unknown. */
  knownInLabsheet: boolean | null;
  /** When not known: how old the rows it was looked for in are (asRead: " as read 4 s ago"), or ''. */
  labsheetAsRead?: string;
}

export function guardSample(f: SampleFacts): Guard | null {
  if (f.alreadyAt !== null) {
    return {
      kind: 'duplicate-sample',
      message: `${f.sampleId} is already in ${f.alreadyAt} on this plate.`,
      overridable: false,
    };
  }
  if (f.targetControl) {
    const what = f.targetControl.replace('_', ' ').toLowerCase();
    return {
      kind: 'control-well',
      message: `${f.target} is a ${what} well. Put ${f.sampleId} there anyway?`,
      overridable: true,
      unanswered: leftUnanswered(`${f.target} (a ${what} well)`, scanAgain(f.sampleId)),
    };
  }
  if (f.targetHolds !== null) {
    const holds = f.targetHeld
      ? `${heldFillIn(f.target, f.targetHolds)} (the plate changed on the service since you read it)`
      : `${f.target} already holds ${f.targetHolds}`;
    return {
      kind: 'occupied-well',
      message: `${holds}. Replace it?`,
      overridable: true,
      unanswered: leftUnanswered(`${f.target} (it holds ${f.targetHolds})`, scanAgain(f.sampleId)),
    };
  }
  if (f.knownInLabsheet === false) return unknownSample(f.sampleId, f.labsheetAsRead ?? '');
  return null;
}

/**
 * A tube the labsheet surely has no row for (surelyNotInLabsheet), on Well fill or Assign location:
 * `asRead` says when the rows that lack it were read (" as read 4 s ago").
 */
export function unknownSample(sampleId: string, asRead: string): Guard {
  return {
    kind: 'unknown-sample',
    message: `${sampleId} is not in the labsheet${asRead}. Use it anyway?`,
    overridable: true,
    unanswered: leftUnanswered(sampleId, scanAgain(sampleId)),
  };
}

export function guardPlate(current: { barcode: string; hrid: string } | null, scanned: string): Guard | null {
  if (!current) return null;
  const same = [current.barcode, current.hrid].some((v) => v.toUpperCase() === scanned.toUpperCase());
  if (same) return null;
  return {
    kind: 'wrong-plate',
    message: `${scanned} is not the plate you are filling (${current.hrid}). Switch plates?`,
    overridable: true,
    unanswered: leftUnanswered(scanned, `you are still filling ${current.hrid}`),
  };
}

export const GUARD_TITLES: Record<GuardKind, string> = {
  'duplicate-sample': 'Duplicate sample',
  'occupied-well': 'Well occupied',
  'control-well': 'Control well',
  'wrong-plate': 'Wrong plate',
  'unknown-sample': 'Unknown sample',
  garbage: 'Not a barcode',
};
