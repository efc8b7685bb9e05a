import type { Feedback } from '../feedback/feedback.svelte.js';
import type { IncomingScan } from '../scan-input/scan-hub.svelte.js';
import type { Tone } from '../tones/tones.js';

/**
 * The colours a question is shown in (GuardPrompt), one a kind of question so the bench tells them
 * apart without reading, as it hears them apart by their tone.
 */
export type QuestionLook = 'bad' | 'warn' | 'violet' | 'slate' | 'blue';

/**
 * A question about one scan, carrying all that makes it this question: the workflow that asks says
 * its title, words, tone and look, so the code that shows and answers it never asks which one it is.
 */
export type Guard = {
  /** Names it (the prompt's data-kind), for the workflow and its tests; nothing here reads it. */
  kind: string;
  title: string;
  message: string;
  tone: Tone;
  look: QuestionLook;
  /**
   * For a question: what was left undone when the next scan came before an answer, said then, since
   * that scan takes the question away.
   */
  unanswered?: string;
} & (
  | {
      /** The user may override (e.g. "use anyway" for a sample the labsheet does not know)... */
      overridable: true;
      /** ...with this button (Alt+Y): "Use anyway", "Replace". */
      action: string;
    }
  | { overridable: false }
);

export type PendingGuard = Guard & {
  /** What "use anyway" / "replace" / "switch" does. */
  proceed: () => Promise<void>;
  /** The scan asked about, when a scan was (raise): Skip says nothing was recorded for it. */
  scan?: string;
};

/**
 * A screen that stops a scan for a question (Well fill, Assign location's unknown tube): one question
 * at a time, answered with Alt+Y or Escape (GuardPrompt), or taken away by the next scan. One module
 * owns that life, so the bench meets the same question, keys and note on both screens.
 */
export interface Asking {
  guard: PendingGuard | null;
  /**
   * What a question the next scan took away left undone; shown beside the next question (the scan that
   * took it away may itself be asked about), until a question is answered or the note dismissed.
   */
  unanswered: string | null;
  readonly feedback: Feedback;
}

/**
 * Asks `g` about `scan`: the headline says it, and `proceed` waits for "use anyway". A note of a question
 * this scan took away stays: the headline is the new question's, so the note is the only place it is said.
 */
export function raise(s: Asking, g: Guard, scan: IncomingScan, proceed: () => Promise<void>): void {
  s.guard = { ...g, proceed, scan: scan.text };
  s.feedback.report(scan.text, g.message, g.tone, scan.mainAt);
}

/**
 * A new scan while a question waits means the user moved on: the guarded scan is dropped, and the
 * screen says so, since the new scan's answer replaces the question in the headline.
 */
export function movedOn(s: Asking): void {
  if (!s.guard) return;
  if (s.guard.unanswered) s.unanswered = s.guard.unanswered;
  s.guard = null;
}

/**
 * "Use anyway" / "Replace": the guarded scan goes on, in turn with the scans, so a tube scanned right
 * after the click waits for it and goes to the place after it (not to the same one). Null when no
 * question is open.
 */
export function answerGuard(s: Asking, inTurn: <T>(edit: () => Promise<T>) => Promise<T>): Promise<void> | null {
  const g = s.guard;
  if (!g) return null;
  s.guard = null;
  s.unanswered = null;
  return inTurn(() => g.proceed());
}

/** The question and the note of one taken away both go, unsaid (a switch of service says them itself). */
export function dismissGuard(s: Asking): void {
  s.guard = null;
  s.unanswered = null;
}

/**
 * "Skip" (Escape): the guarded scan is dropped, and the headline says so. It went on asking the question
 * in its colour, and Alt+Y then did nothing, without a word.
 */
export function skipGuard(s: Asking): void {
  const g = s.guard;
  dismissGuard(s);
  if (g) s.feedback.report(g.scan ?? '', `Skipped: nothing recorded${g.scan ? ` for ${g.scan}` : ''}`, 'info');
}

/**
 * A question asked on one service is not answered after a switch: its "use anyway" would queue there.
 * The note of one left unanswered goes with it, said once now: shown again on the way back, it would be
 * about a scan from before the switch.
 */
export function leaveQuestion(s: Asking): string[] {
  const asked = s.guard;
  const note = s.unanswered;
  dismissGuard(s);
  return [
    ...(asked
      ? [`The question asked before the change ("${asked.message}") was dropped: nothing was recorded for that scan.`]
      : []),
    ...(note ? [`Before the change: ${note}`] : []),
  ];
}
