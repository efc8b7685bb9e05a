/**
 * A 503 that says when to come back (Retry-After) is the service's own "not now": a write not safe to
 * repeat (a webhook, an upload) waits and goes again then, where it was made unsure at once and waited on
 * the user's "It arrived" or "Send again". A 503 with no Retry-After may be a gateway's after the service
 * took the request, so it stays unsure. The real sandbox behind the fault proxy.
 */
import { describe, expect, it } from 'vitest';
import { startedPerTest, startStack, until } from './stack.js';

const hook = { type: 'webhook' as const, payload: { event: 'plate.filled', plate: 'PL-0001' } };

describe('a 503 on a write not safe to repeat', () => {
  const { stack: s } = startedPerTest('unavailable-', (dir) =>
    startStack(dir, { backoff: { baseMs: 50, maxMs: 100 } }),
  );

  it('with Retry-After: not taken, so sent again after the wait, and delivered once', async () => {
    s.proxy.setFaults([{ path: '/webhook/custom', fault: { kind: 'status', status: 503, retryAfter: '1' }, count: 1 }]);
    const id = s.outbox.enqueue(hook);
    await s.engine.syncNow();
    // On the old code: uncertain here, never sent again by itself.
    expect(s.outbox.get(id)!.state).toBe('pending');
    expect(s.sandbox.store.webhooks.count()).toBe(0);
    s.engine.start();
    await until(() => s.outbox.get(id)!.state === 'done', 10_000, 'the webhook sent after the wait');
    expect(s.sandbox.store.webhooks.count()).toBe(1);
    expect(s.proxy.requests.filter((r) => r.path === '/webhook/custom')).toHaveLength(2);
  });

  it('without Retry-After: unsure, as a gateway may answer so after the service took it', async () => {
    s.proxy.setFaults([{ path: '/webhook/custom', fault: { kind: 'status', status: 503 }, count: 1 }]);
    const id = s.outbox.enqueue(hook);
    await s.engine.syncNow();
    expect(s.outbox.get(id)!.state).toBe('uncertain');
  });
});
