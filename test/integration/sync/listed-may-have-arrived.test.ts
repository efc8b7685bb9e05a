import { describe, expect, it } from 'vitest';
import { outboxHandlers } from '../../../main/ipc/handlers/outbox.js';
import { outboxChannels } from '../../../shared/ipc/channels/outbox.js';
import type { Intent } from '../../../shared/outbox/intents.js';
import { entryShownState } from '../../../shared/outbox-words/shown-state.js';
import { OUTBOX_TABS, tabQuery } from '../../../renderer/workflows/outbox/outbox-tabs.js';
import { shownCounts } from '../../../renderer/lib/outbox/shown-counts.js';
import { stackPerTest } from './stack.js';

const fill = (position: string, id: string): Intent => ({
  type: 'well-set',
  manifest: { hrid: 'PL-0001' },
  position,
  sample: { id, labsheet: 'Samples' },
});

/**
 * The Outbox's list carries main's decision whether a failed entry may be on the service all the same
 * (mayHaveArrived), as outbox.await and a plate's changes do, so its row says what the well and the lists
 * say. On the old code the list left it out, and the row said every such entry "Failed", as one never
 * sent. The real sandbox behind the fault proxy, the real engine and outbox; the listing is main's handler.
 */
describe("the Outbox's list says whether a failed entry may have arrived, as main decides it", () => {
  const { stack: s } = stackPerTest('listed-arrived-');

  it('gave up after repeated 503s: may have; refused, or failed before it left: cannot be; waiting: not failed', async () => {
    // Refused by the service: a row the 96-well plate does not have.
    const refused = s.outbox.enqueue(fill('I1', 'S-0041'));
    await s.engine.syncNow();
    expect(s.outbox.get(refused)).toMatchObject({ state: 'failed', lastError: { status: 422 } });

    // The service answers 503 every time: after its answered attempts the entry gives up, and nothing
    // says whether one of them was made (a gateway's 503 after the service did).
    s.proxy.setFaults([{ path: '/manifest/update', fault: { kind: 'status', status: 503 } }]);
    const gaveUp = s.outbox.enqueue(fill('B1', 'S-0042'));
    for (let i = 0; i < 12 && s.outbox.get(gaveUp)!.state !== 'failed'; i++) await s.engine.syncNow();
    expect(s.outbox.get(gaveUp)).toMatchObject({ state: 'failed', lastError: { kind: 'gave-up' } });

    // Failed on this computer before any try of it left; and one still waiting behind the faults.
    const local = s.outbox.enqueue(fill('B2', 'S-0043'));
    s.outbox.settle([{ id: local, state: 'failed', error: { kind: 'local', message: 'Not sent.', at: Date.now() } }]);
    const waiting = s.outbox.enqueue(fill('B3', 'S-0044'));

    const handlers = outboxHandlers({ outbox: s.outbox, sync: s.engine });
    const list = await handlers['outbox.list']({ states: ['pending', 'failed'] }, { transport: 'test' });
    expect(outboxChannels['outbox.list'].response.safeParse(list).success).toBe(true);
    const listed = Object.fromEntries(list.map((e) => [e.id, e.mayHaveArrived]));
    expect(listed).toEqual({ [refused]: null, [gaveUp]: 'gave-up', [local]: null, [waiting]: null });
    // The same answer outbox.await gives the lists and the wells for each: one decision, said alike.
    for (const id of [refused, gaveUp, local, waiting]) {
      const read = await handlers['outbox.await']({ id, timeoutMs: 0 }, { transport: 'test' });
      expect(read.mayHaveArrived, `entry ${id}`).toBe(listed[id]);
    }
  });

  /**
   * Where a change is counted and which tab lists it follow its row: one that gave up after repeated 503s
   * reads "Unsure whether it arrived", so it is counted unsure (the banner, the header, the Outbox's line)
   * and listed under that tab with the ones whose answer was lost, not under "Failed". On the old code it
   * was counted "1 failed" and listed under Failed, where its row said "Unsure".
   */
  it('counts and lists never sent, refused, set aside, gave up and uncertain as their rows say them', async () => {
    const handlers = outboxHandlers({ outbox: s.outbox, sync: s.engine });
    const ctx = { transport: 'test' } as const;
    const refused = s.outbox.enqueue(fill('I1', 'S-0041'));
    await s.engine.syncNow();
    expect(s.outbox.get(refused)).toMatchObject({ state: 'failed', lastError: { status: 422 } });

    // Set aside: it failed before it left, a newer change to its well was sent since, then the user
    // retried it. Sent now it would undo the newer change, so the sync sets it aside: its row says "Set
    // aside" with Discard alone, so it is counted and listed so (on the old code: unsure).
    const older = s.outbox.enqueue(fill('C1', 'S-0045'));
    s.outbox.settle([{ id: older, state: 'failed', error: { kind: 'local', message: 'Not sent.', at: Date.now() } }]);
    const newer = s.outbox.enqueue(fill('C1', 'S-0046'));
    await s.engine.syncNow();
    expect(s.outbox.get(newer)!.state).toBe('done');
    expect(await handlers['outbox.retry']({ id: older }, ctx)).toEqual({ ok: true });
    await s.engine.syncNow();
    expect(s.outbox.get(older)).toMatchObject({ state: 'failed', lastError: { kind: 'superseded' } });

    s.proxy.setFaults([{ path: '/manifest/update', fault: { kind: 'status', status: 503 } }]);
    const gaveUp = s.outbox.enqueue(fill('B1', 'S-0042'));
    for (let i = 0; i < 12 && s.outbox.get(gaveUp)!.state !== 'failed'; i++) await s.engine.syncNow();
    expect(s.outbox.get(gaveUp)).toMatchObject({ state: 'failed', lastError: { kind: 'gave-up' } });

    // A webhook whose answer was lost after the service took it: uncertain, and not sent again by itself.
    s.proxy.setFaults([{ path: '/webhook/custom', fault: { kind: 'reset-after' }, count: 1 }]);
    const lost = s.outbox.enqueue({ type: 'webhook', payload: { event: 'plate-done', n: 1 } });
    await s.engine.syncNow();
    expect(s.outbox.get(lost)!.state).toBe('uncertain');

    // Never sent: it waits behind the plate's 503s while the engine is not asked to sync again.
    s.proxy.setFaults([{ path: '/manifest/update', fault: { kind: 'status', status: 503 } }]);
    const waiting = s.outbox.enqueue(fill('B3', 'S-0044'));

    // Each row as the Outbox draws it, read from its Open tab.
    const open = await handlers['outbox.list'](tabQuery('open'), ctx);
    const rowSays = new Map(open.map((e) => [e.id, entryShownState(e.state, e.lastError, e.mayHaveArrived)]));
    expect(Object.fromEntries(rowSays)).toEqual({
      [refused]: 'refused',
      [older]: 'superseded',
      [gaveUp]: 'uncertain',
      [lost]: 'uncertain',
      [waiting]: 'pending',
    });

    // The counts as the banner and the Outbox's line say them: each finds that many rows saying it.
    const counts = await handlers['outbox.counts']({}, ctx);
    expect(outboxChannels['outbox.counts'].response.safeParse(counts).success).toBe(true);
    const said = Object.fromEntries(shownCounts(counts).map((c) => [c.state, c.n]));
    expect(said).toEqual({ pending: 1, held: 0, refused: 1, failed: 0, superseded: 1, uncertain: 2 });

    // Each tab lists the rows that say its words, no other, and says as many as the counts do.
    for (const tab of OUTBOX_TABS.filter((t) => t.id !== 'open' && t.id !== 'done')) {
      const listed = await handlers['outbox.list'](tabQuery(tab.id), ctx);
      const ids = listed.map((e) => e.id);
      expect(ids, tab.label).toEqual([...rowSays].filter(([, shown]) => shown === tab.id).map(([id]) => id));
      expect(ids, tab.label).toHaveLength(said[tab.id]!);
      const total = await handlers['outbox.listTotal'](tabQuery(tab.id), ctx);
      expect(total, tab.label).toEqual({ total: ids.length, elsewhere: [] });
    }
    // Settings' word before a switch away: the one that gave up is to be looked for, not retried, the
    // refused one corrected, and the one set aside discarded.
    const services = await handlers['outbox.services']({}, ctx);
    expect(services.current).toEqual({
      ...services.current,
      waiting: 1,
      failed: 0,
      held: 0,
      refused: 1,
      superseded: 1,
      uncertain: 2,
    });
  });
});
