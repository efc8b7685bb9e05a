import { describe, expect, it } from 'vitest';
import { outboxHandlers } from '../../../main/ipc/handlers/outbox.js';
import { outboxChannels } from '../../../shared/ipc/channels/outbox.js';
import type { Intent } from '../../../shared/outbox/intents.js';
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
});
