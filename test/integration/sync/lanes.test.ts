/**
 * One lane the service keeps failing backs off on its own: a new entry of a healthy lane goes at
 * once, not after the failing lane's backoff. When the service does not answer at all (offline),
 * every lane waits. Against the real sandbox, with the fault proxy failing one endpoint.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Intent } from '../../../shared/outbox/intents.js';
import { tempDir } from '../../unit/main/outbox/helpers.js';
import { serverWell, stackPerTest, startStack, until, type Stack } from './stack.js';

const well = (position: string, n: number): Intent => ({
  type: 'well-set',
  manifest: { hrid: 'PL-0001' },
  position,
  sample: { id: `S-${String(n).padStart(4, '0')}`, labsheet: 'Samples' },
});
const hook = (n: number): Intent => ({ type: 'webhook', payload: { event: 'lanes', n } });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a failing lane backs off alone', () => {
  let temp: ReturnType<typeof tempDir>;
  let s: Stack;
  beforeEach(async () => {
    temp = tempDir('sync-lanes-');
    // A backoff long enough to see who waits for it: between 2 and 4 s on the first failure.
    s = await startStack(temp.dir, { backoff: { baseMs: 4_000, maxMs: 4_000 } });
  });
  afterEach(async () => {
    await s.close();
    temp.cleanup();
  });

  it('a healthy lane goes at once while a plate the service fails (503, Retry-After) keeps its backoff', async () => {
    s.proxy.setFaults([{ path: '/manifest/update', fault: { kind: 'status', status: 503, retryAfter: '3' } }]);
    s.engine.start();
    const queuedAt = Date.now();
    const plate = s.outbox.enqueue(well('E1', 80));
    await until(() => s.proxy.requests.some((r) => r.path === '/manifest/update'), 5_000, 'the plate sent');
    await until(() => s.engine.status().nextRetryAt !== null, 5_000, 'the plate backing off');

    const hookAt = Date.now();
    const id = s.outbox.enqueue(hook(1));
    await until(() => s.outbox.get(id)!.state === 'done', 5_000, 'the webhook sent');
    expect(Date.now() - hookAt).toBeLessThan(1_500);
    expect(s.sandbox.store.webhooks.count()).toBe(1);
    // The failing plate was not tried again meanwhile: Retry-After (3 s) still holds it.
    expect(s.proxy.requests.filter((r) => r.path === '/manifest/update')).toHaveLength(1);
    expect(s.outbox.get(plate)!.state).toBe('pending');

    s.proxy.setFaults([]);
    await until(() => s.outbox.get(plate)!.state === 'done', 10_000, 'the plate sent after its backoff');
    expect(Date.now() - queuedAt).toBeGreaterThanOrEqual(3_000);
    expect(serverWell(s.sandbox, 'PL-0001', 'E1').sampleId).toBe('S-0080');
  });

  it('entries of the failing lane stay in order behind its head and land in order', async () => {
    s.proxy.setFaults([{ path: '/manifest/update', fault: { kind: 'status', status: 500 }, count: 1 }]);
    s.engine.start();
    s.outbox.enqueue(well('E2', 81));
    await until(() => s.engine.status().nextRetryAt !== null, 5_000, 'the plate backing off');
    // A later change of the same well, and a healthy lane, while the plate waits.
    const later = s.outbox.enqueue(well('E2', 82));
    const id = s.outbox.enqueue(hook(2));
    await until(() => s.outbox.get(id)!.state === 'done', 5_000, 'the webhook sent');
    expect(s.outbox.get(later)!.state).toBe('pending');
    await until(() => s.outbox.get(later)!.state === 'done', 10_000, 'the plate sent after its backoff');
    expect(serverWell(s.sandbox, 'PL-0001', 'E2').sampleId).toBe('S-0082');
  });

  it('when the service does not answer at all, every lane waits for the backoff', async () => {
    s.proxy.setFaults([{ path: '/manifest/update', fault: { kind: 'reset-before' }, count: 1 }]);
    s.engine.start();
    const plate = s.outbox.enqueue(well('E3', 83));
    await until(() => s.engine.status().nextRetryAt !== null, 5_000, 'the queue backing off');
    const id = s.outbox.enqueue(hook(3));
    await sleep(1_000);
    // Nothing new was sent to a service that did not answer.
    expect(s.proxy.requests.filter((r) => r.path === '/webhook/custom')).toHaveLength(0);
    expect(s.outbox.get(id)!.state).toBe('pending');
    await until(() => s.outbox.get(id)!.state === 'done', 10_000, 'the webhook sent after the backoff');
    await until(() => s.outbox.get(plate)!.state === 'done', 10_000, 'the plate sent after the backoff');
  });

  it('stop() ends a lane backoff: nothing is sent afterwards', async () => {
    s.proxy.setFaults([{ path: '/manifest/update', fault: { kind: 'status', status: 500 } }]);
    s.engine.start();
    s.outbox.enqueue(well('E4', 84));
    await until(() => s.engine.status().nextRetryAt !== null, 5_000, 'the plate backing off');
    await s.engine.stop();
    const sent = s.proxy.requests.length;
    s.proxy.setFaults([]);
    s.outbox.enqueue(hook(4));
    await sleep(4_500);
    expect(s.proxy.requests.length).toBe(sent);
  });
});

describe('a lane whose backoff ends during a long drain', () => {
  const { stack: t } = stackPerTest('sync-lanes-');

  it('is still tried again by itself, not left waiting for a scan that may never come', async () => {
    // The plate fails once and backs off a few ms; the webhook then keeps the drain busy far longer.
    t.proxy.setFaults([
      { path: '/manifest/update', fault: { kind: 'status', status: 500 }, count: 1 },
      { path: '/webhook/custom', fault: { kind: 'latency', ms: 400 }, count: 1 },
    ]);
    const plate = t.outbox.enqueue(well('E5', 85));
    const id = t.outbox.enqueue(hook(5));
    t.engine.start();
    await until(() => t.outbox.get(id)!.state === 'done', 5_000, 'the webhook sent');
    // No scan comes after: the plate goes by itself once its backoff is over.
    await until(() => t.outbox.get(plate)!.state === 'done', 3_000, 'the plate sent again');
    expect(serverWell(t.sandbox, 'PL-0001', 'E5').sampleId).toBe('S-0085');
  });
});
