import type { Outbox, EntryState } from '../outbox/index.js';
import type { SyncEngine, SyncStatus } from '../sync/index.js';
import type { OutboxEntryState, SyncStatusPayload } from '../../shared/ipc/channels/outbox.js';
import type { EventHub } from '../ipc/events.js';
import { toOutboxError } from './entry-summary.js';

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

/** Pushes outbox and sync changes to every renderer as the contract's events. Returns the unsubscribe. */
export function forwardOutboxEvents(outbox: Outbox, sync: SyncEngine, events: EventHub): () => void {
  const offs = [
    outbox.events.on('enqueued', ({ id, target }) => events.emit('outbox.changed', { counts: outbox.counts(), changes: [{ id, state: 'pending', target }] })),
    sync.events.on('entry', (changes) => events.emit('outbox.changed', { counts: outbox.counts(), changes: changes.map((c) => ({ id: c.id, state: c.state, target: c.target })) })),
    sync.events.on('counts', (counts) => events.emit('outbox.changed', { counts, changes: [] })),
    sync.events.on('status', (s) => events.emit('sync.status', syncStatusPayload(s))),
  ];
  return () => offs.forEach((off) => off());
}

/**
 * Waits until entry `id` leaves pending/sending, or `timeoutMs` passes, nudging a sync first so
 * a caller that needs the server's answer (a created labsheet, upload results) gets it soon.
 */
export async function awaitEntry(outbox: Outbox, sync: SyncEngine, id: number, timeoutMs: number): Promise<{ state: OutboxEntryState; result?: unknown; error?: ReturnType<typeof toOutboxError> }> {
  const answer = () => {
    const e = outbox.get(id);
    if (!e) return { state: 'discarded' as const, error: { kind: 'not-found', message: `No outbox entry ${id}.` } };
    return {
      state: e.state,
      ...(e.result !== null && e.result !== undefined ? { result: e.result } : {}),
      ...(e.lastError ? { error: toOutboxError(e.lastError) } : {}),
    };
  };
  const first = outbox.get(id);
  if (!first || SETTLED.has(first.state)) return answer();
  void sync.syncNow();
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, timeoutMs);
    const off = outbox.events.on('changed', (changes) => {
      if (changes.some((c) => c.id === id && SETTLED.has(c.state))) done();
    });
    function done() {
      clearTimeout(timer);
      off();
      resolve();
    }
  });
  return answer();
}
