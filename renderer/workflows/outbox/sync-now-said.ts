import type { OutboxCounts, OutboxEntrySummary, SyncStatusPayload } from '../../../shared/ipc/channels/outbox.js';
import { countedStateSaid } from '../../../shared/outbox-words/shown-state.js';
import { shownCounts } from '../../lib/outbox/shown-counts.js';

/** What the Outbox says once Sync now has run; `ok` only when nothing is left for the service or the user. */
export interface SyncNowSaid {
  text: string;
  ok: boolean;
}

const list = (xs: readonly string[]) =>
  xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]!}`;

/** Why the waiting ones wait, in main's words on their rows (a lane's 503, the queue's 429, …): the first one's. */
function whyWaiting(waiting: readonly OutboxEntrySummary[]): string {
  const said = waiting.filter((e) => e.waiting !== undefined);
  const first = said[0];
  if (!first) return ' They go next.';
  const others =
    new Set(said.map((e) => e.waiting)).size > 1 ? ' Others wait for other reasons: their rows say which.' : '';
  return ` #${first.id}: ${first.waiting!}${others}`;
}

/**
 * The words after Sync now, from what the queue holds once it ran (main's counts, and the waiting entries
 * with main's line of why each waits), never from the sync state alone: "online" said "Synced" while a
 * lane waited out a 503, the queue a 429, or entries had failed; and never a state's code ("paused-for-token").
 * `counts` null: main could not say them.
 */
export function syncNowSaid(
  status: SyncStatusPayload,
  counts: OutboxCounts | null,
  waiting: readonly OutboxEntrySummary[],
  /** The service said no token reached it, though one was sent (TokenStatus.notReceived). */
  tokenNotReceived = false,
): SyncNowSaid {
  if (counts === null)
    return { text: 'Sync ran, but what is left could not be read: the list below may be out of date.', ok: false };
  const left = counts.pending + counts.sending;
  const needs = shownCounts(counts).filter((c) => c.state !== 'pending' && c.n > 0);
  const forUser =
    needs.length === 0
      ? ''
      : ` ${list(needs.map((c) => `${c.n} ${countedStateSaid(c.n, c.state)}`))}: their rows say why and what to do.`;
  const waitingSaid = left === 1 ? '1 waiting is' : `${left} waiting are`;
  if (status.state === 'paused-for-token')
    return {
      text:
        (tokenNotReceived
          ? 'Not sent: the service says no token reached it, though one was sent, so sending is paused. ' +
            'Check the Base URL in Settings, or whether a proxy removes the token'
          : 'Not sent: the service refused the token, so sending is paused. Enter a new token in Settings') +
        `${left > 0 ? `; the ${waitingSaid} sent then` : ''}.${forUser}`,
      ok: false,
    };
  if (status.state === 'offline')
    return {
      text: `Not sent: the service could not be reached.${left > 0 ? ` The ${waitingSaid} sent when it answers.` : ''}${forUser}`,
      ok: false,
    };
  if (left > 0) return { text: `${left} still waiting.${whyWaiting(waiting)}${forUser}`, ok: false };
  if (needs.length > 0) return { text: `Nothing is waiting to be sent.${forUser}`, ok: false };
  return { text: 'Synced: nothing is left to send.', ok: true };
}
