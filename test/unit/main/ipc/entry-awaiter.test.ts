import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEntryAwaiter } from '../../../../main/ipc/bridges/outbox-bridge.js';
import { createOutbox, type Outbox } from '../../../../main/outbox/index.js';
import type { SyncEngine } from '../../../../main/sync/index.js';
import { outboxChannels } from '../../../../shared/ipc/channels/outbox.js';
import { tempDir, wellSet } from '../outbox/helpers.js';

/**
 * outbox.await with the real outbox. The sync engine is the awaiter's collaborator, not what is
 * tested: a stand-in counts the nudges, which cut short every lane's backoff.
 */
describe('outbox.await: waiting for an entry', () => {
  let t: ReturnType<typeof tempDir>;
  let outbox: Outbox;
  let nudges = 0;
  const sync = { sendDue: async () => void (nudges += 1) } as unknown as SyncEngine;
  beforeEach(() => {
    t = tempDir('await-');
    outbox = createOutbox({ path: path.join(t.dir, 'outbox.db'), now: () => 1 });
    nudges = 0;
  });
  afterEach(() => {
    outbox.close();
    t.cleanup();
  });

  it('with timeoutMs 0 it reads the state as it is and nudges no sync', async () => {
    const awaitEntry = createEntryAwaiter(outbox, sync);
    const id = outbox.enqueue(wellSet('A1', 'S-0001'));
    expect(await awaitEntry(id, 0, { id: 'page' })).toMatchObject({ state: 'pending' });
    expect(nudges).toBe(0);
  });

  it('a caller that waits nudges a sync once and gets the answer when the entry settles', async () => {
    const awaitEntry = createEntryAwaiter(outbox, sync);
    const id = outbox.enqueue(wellSet('A1', 'S-0001'));
    const answer = awaitEntry(id, 5_000, { id: 'page' });
    expect(nudges).toBe(1);
    outbox.claim([id], 'request-1', 'manifest/update');
    outbox.settle([{ id, state: 'done', result: { ok: true } }], 'request-1');
    expect(await answer).toMatchObject({ state: 'done', result: { ok: true } });
  });

  // On the old code the answer left mayHaveArrived out when it was null, while a plate's pending change
  // sends it as null: two shapes of one fact, and every reader had to turn the missing one into null.
  it('says whether a failed entry may be on the service as a plate does: null when it cannot be, never left out', async () => {
    const awaitEntry = createEntryAwaiter(outbox, sync);
    const neverTried = outbox.enqueue(wellSet('A1', 'S-0001'));
    const gaveUp = outbox.enqueue(wellSet('A2', 'S-0002'));
    const waiting = outbox.enqueue(wellSet('A3', 'S-0003'));
    // One fails on this computer before any try of it left; the other after its tries ran out.
    outbox.settle([{ id: neverTried, state: 'failed', error: { kind: 'local', message: 'Not sent.', at: 1 } }]);
    outbox.claim([gaveUp], 'request-1', 'manifest/update');
    outbox.settle(
      [{ id: gaveUp, state: 'failed', error: { kind: 'gave-up', message: 'Stopped.', at: 1 } }],
      'request-1',
    );
    const answers = {
      neverTried: await awaitEntry(neverTried, 0, { id: 'page' }),
      gaveUp: await awaitEntry(gaveUp, 0, { id: 'page' }),
      waiting: await awaitEntry(waiting, 0, { id: 'page' }),
      gone: await awaitEntry(999, 0, { id: 'page' }),
    };
    expect(outbox.get(neverTried)).toMatchObject({ state: 'failed', attempts: 0 });
    expect(answers.neverTried).toHaveProperty('mayHaveArrived', null);
    expect(answers.gaveUp).toHaveProperty('mayHaveArrived', 'gave-up');
    expect(answers.waiting).toHaveProperty('mayHaveArrived', null);
    expect(answers.gone).toHaveProperty('mayHaveArrived', null);
    // Each is the contract's answer as the router checks it.
    for (const a of Object.values(answers))
      expect(outboxChannels['outbox.await'].response.safeParse(a).success).toBe(true);
  });
  // A refusal's error can be a not-found (a 404), and the outbox keeps it as it was when discarded: a
  // reader that took "discarded, not-found" for "no such entry" mistook it for one pruned (sent long ago).
  it('says apart an entry the outbox no longer keeps from one discarded after a not-found refusal', async () => {
    const awaitEntry = createEntryAwaiter(outbox, sync);
    const refused = outbox.enqueue(wellSet('A1', 'S-0001'));
    outbox.claim([refused], 'request-1', 'manifest/update');
    outbox.settle(
      [{ id: refused, state: 'failed', error: { kind: 'not-found', status: 404, message: 'No such plate.', at: 1 } }],
      'request-1',
    );
    expect(outbox.discardMany([refused]).discarded).toEqual([refused]);
    const discarded = await awaitEntry(refused, 0, { id: 'page' });
    expect(discarded).toMatchObject({ state: 'discarded', error: { kind: 'not-found' } });
    expect(discarded.gone).toBeUndefined();
    expect(await awaitEntry(999, 0, { id: 'page' })).toMatchObject({ state: 'discarded', gone: true });
  });
});
