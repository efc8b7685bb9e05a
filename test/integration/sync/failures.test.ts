import { describe, expect, it } from 'vitest';
import type { Intent } from '../../../shared/outbox/intents.js';
import { serverWell, stackPerTest, type Stack } from './stack.js';

const sample = (n: number) => `S-${String(n).padStart(4, '0')}`;

/** One well-set into PL-0001 per position, each with the sample `sampleAt` names for its index. */
const wellSets = (positions: string[], sampleAt: (i: number) => string): Intent[] =>
  positions.map((position, i) => ({
    type: 'well-set',
    manifest: { hrid: 'PL-0001' },
    position,
    sample: { id: sampleAt(i), labsheet: 'Samples' },
  }));

/** Eight wells of PL-0001, the fourth one I1 (a row the 96-well plate does not have), synced once. */
async function syncEightWithI1(s: Stack) {
  const ids = s.outbox.enqueueMany(wellSets(['B1', 'B2', 'B3', 'I1', 'B4', 'B5', 'B6', 'B7'], (i) => sample(40 + i)));
  await s.engine.syncNow();
  return { ids, states: ids.map((id) => s.outbox.get(id)!.state) };
}

describe('failure handling against the real sandbox', () => {
  const { stack: s } = stackPerTest('sync-it-');

  it('401 pauses the whole queue and raises token-needed; a new token resumes it', async () => {
    s.token.value = '00000000-0000-4000-8000-000000000000';
    const raised: string[] = [];
    s.engine.events.on('token-needed', (e) => raised.push(e.message));
    s.outbox.enqueue({
      type: 'well-set',
      manifest: { hrid: 'PL-0001' },
      position: 'B1',
      sample: { id: sample(20), labsheet: 'Samples' },
    });
    s.outbox.enqueue({
      type: 'row-update',
      labsheet: 'Samples',
      idColumn: 'Sample ID',
      id: sample(20),
      changes: { Notes: 'x' },
    });
    await s.engine.syncNow();
    expect(raised).toHaveLength(1);
    expect(s.engine.status().paused).toBe('token-needed');
    expect(s.outbox.counts().pending).toBe(2);
    expect(s.proxy.requests).toHaveLength(1);
    s.token.value = s.sandbox.demoToken;
    await s.engine.resume();
    expect(s.outbox.counts()).toMatchObject({ pending: 0, done: 2 });
  });

  it('a 422 on one well parks just that entry with the server message; the rest of the plate lands', async () => {
    const { ids, states } = await syncEightWithI1(s);
    expect(states).toEqual(['done', 'done', 'done', 'failed', 'done', 'done', 'done', 'done']);
    expect(s.outbox.get(ids[3]!)!.lastError).toMatchObject({ status: 422, serverMessage: 'Validation error' });
    expect(serverWell(s.sandbox, 'PL-0001', 'B7').sampleId).toBe(sample(47));
    // A real service names no element (no `reason`): the plate is halved until I1 stands alone.
    expect(s.forwarded('/manifest/update')).toBeLessThanOrEqual(7);
  });

  it('two bad wells in one batch are each isolated and parked; their neighbours land', async () => {
    // An unknown sample answers 404 naming plate.wells[i].sample; two bad wells in one plate.
    const intents = wellSets(['D1', 'D2', 'D3', 'D4', 'D5', 'D6'], (i) =>
      i === 1 || i === 4 ? `NOPE-${i}` : sample(70 + i),
    );
    const ids = s.outbox.enqueueMany(intents);
    await s.engine.syncNow();
    expect(ids.map((id) => s.outbox.get(id)!.state)).toEqual(['done', 'failed', 'done', 'done', 'failed', 'done']);
    expect(s.outbox.get(ids[1]!)!.lastError).toMatchObject({ status: 404, serverMessage: 'Not found' });
  });

  it('500s and 429 with Retry-After back off and keep order; nothing is lost', async () => {
    s.proxy.setFaults([
      { path: '/manifest/update', fault: { kind: 'status', status: 500 }, count: 2 },
      { path: '/manifest/update', fault: { kind: 'status', status: 429, retryAfter: '1' }, count: 1 },
    ]);
    s.engine.start();
    s.outbox.enqueue({
      type: 'well-set',
      manifest: { hrid: 'PL-0001' },
      position: 'C1',
      sample: { id: sample(60), labsheet: 'Samples' },
    });
    s.outbox.enqueue({
      type: 'well-set',
      manifest: { hrid: 'PL-0001' },
      position: 'C1',
      sample: { id: sample(61), labsheet: 'Samples' },
    });
    const started = Date.now();
    while (s.outbox.counts().done < 2) {
      if (Date.now() - started > 10_000) throw new Error('did not drain');
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(serverWell(s.sandbox, 'PL-0001', 'C1').sampleId).toBe(sample(61));
  });

  it('a webhook whose answer was lost (reset after forward) is uncertain, delivered once, not resent', async () => {
    s.proxy.setFaults([{ path: '/webhook/custom', fault: { kind: 'reset-after' }, count: 1 }]);
    const id = s.outbox.enqueue({ type: 'webhook', payload: { event: 'plate-done', n: 1 } });
    await s.engine.syncNow();
    expect(s.outbox.get(id)!.state).toBe('uncertain');
    await s.engine.syncNow();
    expect(s.sandbox.store.webhooks.count()).toBe(1);
  });

  it('an uncertain labsheet-create is reconciled by name instead of being created twice', async () => {
    s.proxy.setFaults([{ path: '/labsheets/create', fault: { kind: 'reset-after' }, count: 1 }]);
    const id = s.outbox.enqueue({
      type: 'labsheet-create',
      request: { name: 'Bench 2026-11-23', columns: [{ name: 'Tube', type: 'ID' }] },
    });
    await s.engine.syncNow(); // → uncertain
    await s.engine.syncNow(); // → reconciled by fetch-list
    expect(s.outbox.get(id)!.state).toBe('done');
    expect(s.forwarded('/labsheets/create')).toBe(1);
    expect(s.sandbox.store.labsheets.byName('Bench 2026-11-23')).not.toBeNull();
  });
});

describe("failure handling with the sandbox's extended answers (its errors name the element)", () => {
  const { stack: s } = stackPerTest('sync-it-', { profile: 'extended' });

  it('a 422 naming plate.wells[3] isolates that well without a full bisection', async () => {
    const { ids, states } = await syncEightWithI1(s);
    expect(states).toEqual(['done', 'done', 'done', 'failed', 'done', 'done', 'done', 'done']);
    const bad = s.outbox.get(ids[3]!)!;
    expect(bad.lastError).toMatchObject({ status: 422, serverMessage: 'Validation error' });
    expect(bad.lastError?.reason).toMatch(/I1/);
    expect(serverWell(s.sandbox, 'PL-0001', 'B7').sampleId).toBe(sample(47));
    // The reason names plate.wells[3]: the rest, then the named well alone — no full bisection.
    expect(s.forwarded('/manifest/update')).toBe(3);
  });
});
