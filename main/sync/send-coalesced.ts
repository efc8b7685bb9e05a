import type { OutboxEntry, Settlement } from '../outbox/entry.js';
import type { LocationAssignIntent, RowUpdateIntent, WellIntent } from '../../shared/outbox/intents.js';
import { classify } from './classify.js';
import { coalesceAssignments, coalesceRows, coalesceWells, type Coalesced } from './coalesce.js';
import type { SendContext, StepResult } from './step-result.js';

type Kind = 'wells' | 'assignments' | 'rows';

interface Prepared {
  endpoint: 'updateManifest' | 'assignLocation' | 'updateRowsById';
  // The request/response types differ per kind; `send` closes over the matching pair.
  send(ctx: SendContext): Promise<unknown>;
  coalesced: Coalesced<unknown, never>;
}

function prepare(kind: Kind, entries: readonly OutboxEntry[]): Prepared {
  if (kind === 'wells') {
    const tagged = entries.map((e) => ({ id: e.id, intent: e.intent as WellIntent }));
    const c = coalesceWells(tagged[0]!.intent.manifest, tagged);
    return { endpoint: 'updateManifest', coalesced: c as Coalesced<unknown, never>, send: (ctx) => ctx.transport.updateManifest(c.request, { signal: ctx.signal }) };
  }
  if (kind === 'assignments') {
    const c = coalesceAssignments(entries.map((e) => ({ id: e.id, intent: e.intent as LocationAssignIntent })));
    return { endpoint: 'assignLocation', coalesced: c as Coalesced<unknown, never>, send: (ctx) => ctx.transport.assignLocation(c.request, { signal: ctx.signal }) };
  }
  const c = coalesceRows(entries.map((e) => ({ id: e.id, intent: e.intent as RowUpdateIntent })));
  return { endpoint: 'updateRowsById', coalesced: c as Coalesced<unknown, never>, send: (ctx) => ctx.transport.updateRowsById(c.request, { signal: ctx.signal }) };
}

/**
 * Sends one coalesced batch of idempotent entries. The entries are marked 'sending' with the request
 * id before the request leaves. A content error (400/404/409/422) on a batch of several entries is
 * split — by the element the server named, else bisected in order — until the bad entries stand
 * alone and are parked as failed with the server's message; the good ones go through. Resending is
 * safe because these endpoints are idempotent.
 */
export async function sendCoalesced(ctx: SendContext, kind: Kind, entries: readonly OutboxEntry[]): Promise<StepResult> {
  const p = prepare(kind, entries);
  const requestId = ctx.platform.newRequestId();
  const ids = entries.map((e) => e.id);
  ctx.outbox.claim(ids, requestId, p.endpoint);
  let response: unknown;
  try {
    response = await p.send(ctx);
  } catch (err) {
    const failure = classify(err, ctx.platform.now());
    if (failure.action !== 'transient' || !failure.network) ctx.onAnswered();
    const back: Settlement[] = ids.map((id) => ({ id, state: 'pending', error: failure.error }));
    if (failure.action === 'transient') {
      ctx.outbox.settle(back, requestId, `transient: ${failure.error.kind}`);
      return { kind: 'transient', failure, requests: 1 };
    }
    if (failure.action === 'pause') {
      ctx.outbox.settle(back, requestId, 'auth');
      return { kind: 'paused', failure, requests: 1 };
    }
    if (entries.length === 1) {
      ctx.outbox.settle([{ id: ids[0]!, state: 'failed', error: failure.error }], requestId, `rejected: ${failure.error.status ?? ''}`);
      return { kind: 'ok', requests: 1 };
    }
    // When the server's reason names the element it refused (`plate.wells[7]...`), the entries
    // behind it are tried on their own after the rest; otherwise bisect. Elements are independent
    // (different wells, rows or tubes), so sending the rest first keeps every per-target order.
    const suspects = new Set(p.coalesced.entriesAt(failure.error.reason ?? '') ?? []);
    const named = suspects.size > 0 && suspects.size < entries.length;
    ctx.outbox.settle(back, requestId, named ? 'rejected: isolating the named element' : 'rejected: bisecting');
    const mid = Math.ceil(entries.length / 2);
    const parts = named
      ? [entries.filter((e) => !suspects.has(e.id)), entries.filter((e) => suspects.has(e.id))]
      : [entries.slice(0, mid), entries.slice(mid)];
    return sendParts(ctx, kind, parts);
  }
  ctx.onAnswered();
  const outcomes = p.coalesced.outcomes(response as never);
  const now = ctx.platform.now();
  ctx.outbox.settle(
    outcomes.map((o) => (o.ok
      ? { id: o.id, state: 'done' as const, ...(o.result !== undefined ? { result: o.result } : {}) }
      : { id: o.id, state: 'failed' as const, error: { kind: 'not-found', status: 404, serverMessage: 'Not found', message: o.message, at: now } })),
    requestId,
    'ok',
  );
  return { kind: 'ok', requests: 1 };
}

async function sendParts(ctx: SendContext, kind: Kind, parts: readonly (readonly OutboxEntry[])[]): Promise<StepResult> {
  let requests = 1;
  for (const half of parts) {
    // Re-read: the user may have cancelled an entry meanwhile; only still-pending ones are sent.
    const fresh = half.map((e) => ctx.outbox.get(e.id)).filter((e): e is OutboxEntry => e !== null && e.state === 'pending');
    if (fresh.length === 0) continue;
    const r = await sendCoalesced(ctx, kind, fresh);
    requests += r.requests;
    if (r.kind !== 'ok') return { ...r, requests };
  }
  return { kind: 'ok', requests };
}
