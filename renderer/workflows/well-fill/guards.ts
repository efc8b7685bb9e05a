import type { Tone } from '../../lib/tones/tones.js';
import type { Guard, QuestionLook } from '../../lib/question/question.js';
import { leftUnanswered, notPlaced } from '../../lib/question/unanswered.js';
import { unknownSample } from '../../lib/question/unknown-sample.js';
import { heldFillIn } from './held-notes.js';

/**
 * What can be wrong with a scan during a fill, each with its own title, tone and colour so a user
 * hears which one without looking (and an unknown sample, asked as Assign location asks it). Pure:
 * the state module gathers the facts, this decides.
 */
interface Kind {
  title: string;
  tone: Tone;
  look: QuestionLook;
}

/** A sample already on the plate: said, with nothing to say yes to. */
const DUPLICATE: Kind = { title: 'Duplicate sample', tone: 'duplicate', look: 'bad' };

/** Well fill's own questions the user may say yes to, and what the yes button says. */
export const ASKED = {
  'occupied-well': { title: 'Well occupied', tone: 'occupied', look: 'warn', action: 'Replace' },
  'control-well': { title: 'Control well', tone: 'control-well', look: 'slate', action: 'Put it there' },
  'wrong-plate': { title: 'Wrong plate', tone: 'wrong-plate', look: 'violet', action: 'Switch plate' },
} as const satisfies Record<string, Kind & { action: string }>;

/** One of Well fill's questions: `unanswered` says what the next scan, made instead of an answer, leaves undone. */
export function asked(kind: keyof typeof ASKED, message: string, unanswered: string): Guard {
  return { kind, ...ASKED[kind], message, overridable: true, unanswered };
}

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
  /** The read's likely cause when it is no tube we know (a scanner set to another keyboard layout). */
  misread?: string;
}

/**
 * A yes to "Replace it?" covers the well and the tube it was asked about: answered after the plate was read
 * again (the user away on another screen) with another tube there, that tube was replaced unasked.
 */
export const occupiedAnswer = (target: string, holds: string): string => `occupied-well:${target}:${holds}`;

/**
 * The first question this fill raises, passing over the ones in `answered` (said yes to for this tube):
 * a yes to "Replace it?" is not a yes to "not in the labsheet", which is asked next, as it is in an empty well.
 */
export function guardSample(f: SampleFacts, answered: readonly string[] = []): Guard | null {
  const duplicate = duplicateSample(f.sampleId, f.alreadyAt);
  if (duplicate) return duplicate;
  if (f.targetControl && !answered.includes('control-well')) {
    const what = f.targetControl.replace('_', ' ').toLowerCase();
    return asked(
      'control-well',
      `${f.target} is a ${what} well. Put ${f.sampleId} there anyway?`,
      leftUnanswered(`${f.target} (a ${what} well)`, notPlaced(f.sampleId)),
    );
  }
  if (f.targetHolds !== null && !answered.includes(occupiedAnswer(f.target, f.targetHolds))) {
    const holds = f.targetHeld
      ? `${heldFillIn(f.target, f.targetHolds)} (the plate changed on the service since you read it)`
      : `${f.target} already holds ${f.targetHolds}`;
    return asked(
      'occupied-well',
      `${holds}. Replace it?`,
      leftUnanswered(`${f.target} (it holds ${f.targetHolds})`, notPlaced(f.sampleId)),
    );
  }
  const misread = f.knownInLabsheet === true ? undefined : f.misread;
  if (answered.includes('unknown-sample')) return null;
  return unknownSample(f.sampleId, f.knownInLabsheet === false ? (f.labsheetAsRead ?? '') : null, misread);
}

/**
 * A sample the plate has already, wherever the fill stands: said before "the plate is full" or "the fill
 * is stopped", which would send the user to find a well for a tube that has one.
 */
export function duplicateSample(sampleId: string, alreadyAt: string | null): Guard | null {
  if (alreadyAt === null) return null;
  const message = `${sampleId} is already in ${alreadyAt} on this plate.`;
  return { kind: 'duplicate-sample', ...DUPLICATE, message, overridable: false };
}

export function guardPlate(current: { barcode: string; hrid: string } | null, scanned: string): Guard | null {
  if (!current) return null;
  const same = [current.barcode, current.hrid].some((v) => v.toUpperCase() === scanned.toUpperCase());
  if (same) return null;
  return asked(
    'wrong-plate',
    `${scanned} is not the plate you are filling (${current.hrid}). Switch plates?`,
    leftUnanswered(scanned, `you are still filling ${current.hrid}`),
  );
}
