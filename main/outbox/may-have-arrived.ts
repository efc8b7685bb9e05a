import type { EntryError } from './entry.js';

/** A failed entry's error after its answered failures ran out (5xx, timeouts while reachable): classify.ts gaveUp. */
export const GAVE_UP = 'gave-up';
/** A failed entry's error after it kept failing on this computer: classify.ts localGaveUp. */
export const LOCAL = 'local';

/**
 * Whether a failed entry's change may be on the service although it failed. Refused (a 4xx) or held for
 * a look, the service's answer or the plate check says it never happened. Given up after repeated
 * failures the service answered (a 502 or 504 after the service applied it, a timeout whose request got
 * through) or failing on this computer after a request of it had left (the write that settles a sent
 * entry failed: it went back to pending, `attempts` kept), it may well have happened: taking it out of
 * the Outbox alone would leave the well changed on the service while the screen shows it undone.
 */
export function mayHaveArrived(error: Pick<EntryError, 'kind'> | null, attempts: number): boolean {
  if (error?.kind === GAVE_UP) return true;
  return error?.kind === LOCAL && attempts > 0;
}
