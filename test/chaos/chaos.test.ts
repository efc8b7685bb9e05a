import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seededRandom } from '../helpers/seeded-random.js';
import { tempDir } from '../unit/main/outbox/helpers.js';
import { serverRow, serverWell, startStack, type Stack } from '../integration/sync/stack.js';
import { chaosPlan } from './chaos-plan.js';

const ENTRIES = 2000;

describe('chaos: 2,000 mixed entries drain through a hostile network', () => {
  let t: ReturnType<typeof tempDir>;
  let s: Stack;
  beforeEach(async () => {
    t = tempDir('chaos-');
    s = await startStack(t.dir, { backoff: { baseMs: 10, maxMs: 150 }, offlineAfter: 3 });
  });
  afterEach(async () => {
    await s.close();
    t.cleanup();
  });

  it('ends with the expected server state, no entry lost, no visible duplicate', async () => {
    const random = seededRandom(20261123);
    const store = s.sandbox.store;
    const box = store.manifests.find('hrid', 'BX-0001')!.uuid;
    const locations = ['Freezer -80 A', 'Fridge 4C', 'Shelf 1'].map((n) => store.locations.byName(n)[0]!.uuid);
    const plan = chaosPlan(ENTRIES, random, { box, locations });
    s.proxy.setFaults([
      { fault: { kind: 'reset-before' }, probability: 0.05 },
      { fault: { kind: 'reset-after' }, probability: 0.05 },
      { fault: { kind: 'status', status: 500 }, probability: 0.05 },
      { fault: { kind: 'status', status: 429, retryAfter: '0' }, probability: 0.05 },
      { fault: { kind: 'status', status: 503, forward: true }, probability: 0.03 },
      { fault: { kind: 'malformed' }, probability: 0.03 },
      { fault: { kind: 'truncate' }, probability: 0.02 },
      { fault: { kind: 'latency', ms: 15 }, probability: 0.3 },
    ]);
    s.engine.start();
    // Scans arrive in bursts while the engine drains, as at a busy bench.
    const ids: number[] = [];
    let tokenTrouble = false;
    for (let i = 0; i < plan.intents.length; i += 40) {
      // Half-way the token is revoked: the queue pauses and asks for one; the user gives it back.
      if (i === 1000) {
        s.token.value = '00000000-0000-4000-8000-000000000000';
        tokenTrouble = true;
      }
      if (tokenTrouble && s.engine.status().paused === 'token-needed') {
        s.token.value = s.sandbox.demoToken;
        tokenTrouble = false;
        void s.engine.resume();
      }
      const burst = plan.intents.slice(i, i + 40);
      if (i % 200 === 0) for (const intent of burst) ids.push(s.outbox.enqueue(intent));
      else ids.push(...s.outbox.enqueueMany(burst));
      await new Promise((r) => setTimeout(r, 5));
    }
    const deadline = Date.now() + 60_000;
    for (;;) {
      const c = s.outbox.counts();
      if (tokenTrouble && s.engine.status().paused === 'token-needed') {
        s.token.value = s.sandbox.demoToken;
        tokenTrouble = false;
        void s.engine.resume();
      }
      if (c.pending === 0 && c.sending === 0 && !tokenTrouble) break;
      if (Date.now() > deadline) throw new Error(`did not drain: ${JSON.stringify(c)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    if (tokenTrouble) throw new Error('the revoked token never paused the queue');
    // The network calms down; one more pass lets uncertain labsheet-creates be looked up by name.
    s.proxy.setFaults([]);
    await s.engine.syncNow();
    await s.engine.syncNow();
    await s.engine.stop();

    // No entry lost: every one is done, or uncertain (a non-idempotent call whose answer was lost).
    const counts = s.outbox.counts();
    expect(counts.done + counts.uncertain).toBe(ENTRIES);
    expect(counts.failed).toBe(0);
    const uncertain = s.outbox.list('uncertain');
    expect(uncertain.every((e) => e.type === 'webhook')).toBe(true);

    // Final server state equals the expected state, slot by slot.
    const mismatches: string[] = [];
    for (const [slot, value] of plan.expected) {
      const [kind, key] = slot.split(/:(.*)/s) as [string, string];
      let actual: string | null;
      if (kind === 'sheet') actual = store.labsheets.byName(key) ? 'exists' : null;
      else if (kind === 'well') actual = serverWell(s.sandbox, 'PL-0002', key).sampleId;
      else if (kind === 'notes')
        actual = (serverRow(s.sandbox, 'Samples', key)?.byName.Notes as string | undefined) ?? null;
      else {
        const row = serverRow(s.sandbox, 'Samples', key)!;
        actual = `${row.locationUuid}@${row.position ?? '-'}`;
      }
      if (actual !== value) mismatches.push(`${slot}: expected ${value}, got ${actual}`);
    }
    expect(mismatches).toEqual([]);

    // Webhooks: delivered at most once each; every done one exactly once; uncertain ones 0 or 1.
    const delivered = new Map<number, number>();
    for (const w of store.webhooks.list()) delivered.set(Number(w.body.n), (delivered.get(Number(w.body.n)) ?? 0) + 1);
    expect([...delivered.values()].every((n) => n === 1)).toBe(true);
    const doneHooks = ids
      .map((id) => s.outbox.get(id)!)
      .filter((e) => e.intent.type === 'webhook' && e.state === 'done');
    for (const e of doneHooks)
      if (e.intent.type === 'webhook') expect(delivered.get(Number(e.intent.payload.n))).toBe(1);
    const faults = s.proxy.requests.filter((r) => r.fault !== null && r.fault !== 'latency').length;
    console.log(
      `chaos: ${ENTRIES} entries, ${s.proxy.requests.length} requests, ${faults} faulted, ${counts.done} done, ${counts.uncertain} uncertain (webhooks awaiting the user), ${plan.webhooks} webhooks, ${store.webhooks.count()} delivered once, ${[...plan.expected.keys()].filter((k) => k.startsWith('sheet:')).length} labsheets created once each, queue paused once for a revoked token and resumed`,
    );
  }, 90_000);
});
