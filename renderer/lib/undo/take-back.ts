import { call } from '../ipc/client.js';
import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import type { ChannelResponse } from '../../../shared/ipc/contract.js';
import type { Intent } from '../../../shared/outbox/intents.js';

/**
 * What main did with the entries of an undo (the `outbox.cancelMany` answer), and `standing`: those it
 * left as they are. Each of those was sent, is on its way, was tried, or failed in a way that may leave
 * it on the service with no opposite change given: it may be on the service, and only an opposite
 * change queued after it takes it back.
 */
export type TakenBack = ChannelResponse<'outbox.cancelMany'> & { standing: number[] };

/**
 * Asks main to take an undo's entries out of the Outbox in one transaction, by main's rules
 * (Outbox.undoMany): one never tried is cancelled; one failed that never happened is discarded; one
 * failed that may be on the service all the same is discarded only with its opposite change from
 * `opposites` queued in the same transaction (read from `readFrom`), else left standing. Every screen
 * with an undo asks it here, so the rules are read one way.
 */
export async function takeBack(
  api: BenchlinkApi,
  ids: readonly number[],
  opposites: ReadonlyMap<number, readonly Intent[]>,
  readFrom: string,
): Promise<TakenBack> {
  const answer = await call(api, 'outbox.cancelMany', {
    ids: [...ids],
    ...(opposites.size > 0
      ? { opposites: [...opposites].map(([id, intents]) => ({ id, intents: [...intents] })), readFrom }
      : {}),
  });
  const out = new Set([
    ...answer.cancelled,
    ...answer.discarded,
    ...answer.takenOut,
    ...answer.reversed.map((r) => r.id),
  ]);
  return { ...answer, standing: ids.filter((id) => !out.has(id)) };
}
