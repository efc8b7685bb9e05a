import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEntryAwaiter } from '../../../../main/ipc/bridges/outbox-bridge.js';
import { createOutbox, type Outbox } from '../../../../main/outbox/index.js';
import type { SyncEngine } from '../../../../main/sync/index.js';
import { tempDir, wellSet } from '../outbox/helpers.js';

/**
 * outbox.await with the real outbox. The sync engine is the awaiter's collaborator, not what is
 * tested: a stand-in counts the nudges, which cut short every lane's backoff.
 */
describe('outbox.await: waiting for an entry', () => {
  let t: ReturnType<typeof tempDir>;
  let outbox: Outbox;
  let nudges = 0;
  const sync = { syncNow: async () => void (nudges += 1) } as unknown as SyncEngine;
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
});
