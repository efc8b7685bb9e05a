import { nextTurn } from '../common/next-turn.js';
import type { Steps } from '../../shared/labels/index.js';

/**
 * Steps (a label prepared, or written as ZPL) between two turns of main at most: a 1,000-label job run
 * through at once kept main from a scan's enqueue for seconds. A turn is cheap beside a label.
 */
export const STEPS_PER_TURN = 8;
/** Nor longer than this between turns, whatever the labels cost (a large QR code can take milliseconds). */
const MS_PER_TURN = 10;

/**
 * Label work (steps.ts) run a few steps a turn, so main answers other messages between them: a scan
 * sent while a large job is prepared is recorded then, not after the job.
 */
export async function finishInTurns<T>(steps: Steps<T>, pause: () => Promise<void> = nextTurn): Promise<T> {
  let taken = 0;
  let since = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (++taken >= STEPS_PER_TURN || performance.now() - since >= MS_PER_TURN) {
      await pause();
      taken = 0;
      since = performance.now();
    }
  }
}
