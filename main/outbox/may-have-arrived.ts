import type { EntryError, OutboxEntry } from './entry.js';
import { PLATE_CHANGED, SUPERSEDED, type MayHaveArrived } from '../../shared/ipc/channels/outbox.js';

/** A failed entry's error after its answered failures ran out (5xx, timeouts while reachable): classify.ts gaveUp. */
export const GAVE_UP = 'gave-up';
/** A failed entry's error after it kept failing on this computer: classify.ts localGaveUp. */
export const LOCAL = 'local';

/**
 * Why a failed entry's change may be on the service although it failed (MAY_HAVE_ARRIVED), or null
 * when it cannot be:
 * - `gave-up`: after repeated failures the service answered (a 502 or 504 after the service applied
 *   it, a timeout whose request got through);
 * - `local`: failing on this computer after a request of it had left (the write that settles a sent
 *   entry failed: it went back to pending, `attempts` kept);
 * - `held`: held for a look after an earlier try of it left (attempts > 0): that try ended without an
 *   answer that says it was not made (a lost answer, a 5xx), and the hold only says the plate changed
 *   since, which that very try may have done;
 * - `superseded`: set aside because a newer change to the same well went after it; whatever it was
 *   tried before, the well on the service may hold what it set (an earlier try, or the undo of that
 *   newer change, which puts this one's value back).
 * Refused (a 4xx), or held before any try, the service's answer or the plate check says it never
 * happened. Taking one that may have happened out of the Outbox alone would leave the well changed on
 * the service while the screen shows it undone.
 */
export function mayHaveArrived(error: Pick<EntryError, 'kind'> | null, attempts: number): MayHaveArrived | null {
  if (error?.kind === GAVE_UP) return 'gave-up';
  if (error?.kind === SUPERSEDED) return 'superseded';
  if (attempts === 0) return null;
  if (error?.kind === LOCAL) return 'local';
  return error?.kind === PLATE_CHANGED ? 'held' : null;
}

/** An entry's own answer: only a failed one may have arrived without saying so (mayHaveArrived). */
export const entryMayHaveArrived = (e: Pick<OutboxEntry, 'state' | 'lastError' | 'attempts'>): MayHaveArrived | null =>
  e.state === 'failed' ? mayHaveArrived(e.lastError, e.attempts) : null;
