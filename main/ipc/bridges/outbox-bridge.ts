import { toOutboxError, type Outbox, type EntryState } from '../../outbox/index.js';
import type { SyncEngine, SyncStatus } from '../../sync/index.js';
import type { OutboxChanged, SyncStatusPayload } from '../../../shared/ipc/channels/outbox.js';
import type { EventHub } from '../events.js';
import type { ChannelResponse } from '../../../shared/ipc/contract.js';
import { entryMayHaveArrived } from '../../outbox/may-have-arrived.js';

const SETTLED: ReadonlySet<EntryState> = new Set(['done', 'failed', 'uncertain', 'cancelled', 'discarded']);

export function syncStatusPayload(s: SyncStatus): SyncStatusPayload {
  return {
    state: s.paused === 'token-needed' ? 'paused-for-token' : s.online ? 'online' : 'offline',
    syncing: s.syncing,
    lastSyncAt: s.lastSyncAt,
    nextRetryAt: s.nextRetryAt,
    message: s.paused || !s.online ? (s.lastError?.message ?? null) : null,
  };
}

/**
 * How long entry changes gather before one `outbox.changed` goes out. Sending a batch marks its
 * entries `sending` and, on loopback, `done` a few ms later: two events (each a COUNT over the
 * outbox and a renderer update) that now usually go out as one. Well colours and counts may lag this
 * much. This is the one place queue counts are computed for the renderer.
 */
export const OUTBOX_CHANGED_WINDOW_MS = 50;

type ChangeOut = OutboxChanged['changes'][number];

/**
 * Pushes outbox and sync changes to every renderer as the contract's events. Returns the
 * unsubscribe. An enqueue goes out as soon as the enqueue call has answered (setImmediate runs
 * after the answer is sent), not inside it: counting the outbox and sending the event took 0.3 ms
 * at the median, on the scan's own round trip. The page gets the counts in the same frame as the
 * scan's acknowledgement all the same. Changes gathered before it go out with it, so each entry's
 * changes keep their order.
 */
export function forwardOutboxEvents(
  outbox: Outbox,
  sync: SyncEngine,
  events: EventHub,
  windowMs = OUTBOX_CHANGED_WINDOW_MS,
): () => void {
  // By entry id, oldest first; a later change of the same entry replaces its earlier one and moves
  // to the end, so the renderer ends on each entry's last state.
  const gathered = new Map<number, ChangeOut>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let soon: ReturnType<typeof setImmediate> | null = null;
  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    if (soon !== null) clearImmediate(soon);
    timer = null;
    soon = null;
    const changes = [...gathered.values()];
    gathered.clear();
    events.emit('outbox.changed', { counts: outbox.counts(), changes });
  };
  const gather = (changes: readonly ChangeOut[]) => {
    for (const c of changes) {
      gathered.delete(c.id);
      gathered.set(c.id, c);
    }
  };
  const later = (changes: readonly ChangeOut[]) => {
    gather(changes);
    timer ??= setTimeout(flush, windowMs);
  };
  const offs = [
    outbox.events.on('enqueued', ({ id, target }) => {
      gather([{ id, state: 'pending', target }]);
      soon ??= setImmediate(flush);
    }),
    outbox.events.on('changed', (changes) =>
      later(changes.map((c) => ({ id: c.id, state: c.state, target: c.target }))),
    ),
    sync.events.on('status', (s) => events.emit('sync.status', syncStatusPayload(s))),
  ];
  return () => {
    offs.forEach((off) => off());
    if (timer !== null) clearTimeout(timer);
    if (soon !== null) clearImmediate(soon);
  };
}

export interface AwaitLimits {
  /** Waiting calls one connection (browser tab) may hold. */
  perConnection: number;
  /** Waiting calls in all. */
  total: number;
}
export const DEFAULT_AWAIT_LIMITS: AwaitLimits = Object.freeze({ perConnection: 32, total: 128 });

/** Who is waiting: its connection's close ends the wait early (nobody is left to answer). */
export interface Waiter {
  id: string;
  closed?: AbortSignal;
}

/** A wait refused because too many are open; the message says what to do. */
export class TooManyWaitsError extends Error {
  override readonly name = 'TooManyWaitsError';
}

export type AwaitEntry = (id: number, timeoutMs: number, who: Waiter) => Promise<ChannelResponse<'outbox.await'>>;

/**
 * Waits until entry `id` leaves pending/sending, or `timeoutMs` passes, nudging a sync first so
 * a caller that needs the server's answer (a created labsheet, upload results) gets it soon. With
 * `timeoutMs` 0 it answers the state as it is, and nudges nothing.
 * Each wait holds a listener and a timer for up to ten minutes, so their number is capped per
 * connection and in total, and a closed connection's waits end at once.
 */
export function createEntryAwaiter(outbox: Outbox, sync: SyncEngine, limits = DEFAULT_AWAIT_LIMITS): AwaitEntry {
  const waiting = new Map<string, number>();
  let total = 0;
  return async (id, timeoutMs, who) => {
    const answer = () => {
      const e = outbox.get(id);
      if (!e)
        return {
          state: 'discarded' as const,
          error: { kind: 'not-found', message: `No outbox entry ${id}.` },
          mayHaveArrived: null,
          gone: true as const,
        };
      return {
        state: e.state,
        ...(e.result !== null && e.result !== undefined ? { result: e.result } : {}),
        ...(e.lastError ? { error: toOutboxError(e.lastError) } : {}),
        mayHaveArrived: entryMayHaveArrived(e),
      };
    };
    const first = outbox.get(id);
    // A caller that does not wait only reads the state: it must not nudge a sync, which would cut
    // short every lane's backoff (a screen reading a failed well's reason, once per well).
    if (!first || SETTLED.has(first.state) || timeoutMs <= 0) return answer();
    const mine = waiting.get(who.id) ?? 0;
    if (mine >= limits.perConnection || total >= limits.total)
      throw new TooManyWaitsError(
        `${mine >= limits.perConnection ? mine : total} calls are already waiting for outbox entries; wait for one to finish.`,
      );
    waiting.set(who.id, mine + 1);
    total += 1;
    // A drain that keeps the holds: a screen waiting on its entry must not send a 429's lane early.
    void sync.sendDue();
    try {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, timeoutMs);
        const off = outbox.events.on('changed', (changes) => {
          if (changes.some((c) => c.id === id && SETTLED.has(c.state))) done();
        });
        who.closed?.addEventListener('abort', done, { once: true });
        if (who.closed?.aborted) done();
        function done() {
          clearTimeout(timer);
          off();
          who.closed?.removeEventListener('abort', done);
          resolve();
        }
      });
    } finally {
      total -= 1;
      const left = (waiting.get(who.id) ?? 1) - 1;
      if (left > 0) waiting.set(who.id, left);
      else waiting.delete(who.id);
    }
    return answer();
  };
}
