/**
 * The Outbox's bulk actions through main's handler, on the real outbox: "Discard all" names the entries it
 * asked about and says what it left, "Retry all" sends only what is due (the sync's sendDue, as after one
 * Retry) and never clears every backoff, and a Discard's answer carries the mark its Undo puts back.
 * The sync engine is a stand-in that records what it was asked; its own rules are tested in test/unit/main/sync.
 */
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outboxHandlers } from '../../../../main/ipc/handlers/outbox.js';
import { createOutbox, type Outbox } from '../../../../main/outbox/index.js';
import type { SyncEngine } from '../../../../main/sync/index.js';
import { PLATE_CHANGED } from '../../../../shared/ipc/channels/outbox.js';
import { DISCARDED_UPLOAD_COPY_KEPT_MS } from '../../../../shared/outbox/finished-kept.js';
import { tempDir, webhook, wellSet } from '../outbox/helpers.js';

describe('Outbox bulk actions through main', () => {
  let t: ReturnType<typeof tempDir>;
  let outbox: Outbox;
  let asked: string[];
  const sync = {
    sendDue: async () => void asked.push('sendDue'),
    syncNow: async () => void asked.push('syncNow'),
    retry: (id: number) => {
      asked.push(`retry ${id}`);
      return outbox.retry(id);
    },
  } as unknown as SyncEngine;
  const handlers = () => outboxHandlers({ outbox, sync });
  const ctx = { transport: 'test' } as const;
  let clock: number;
  beforeEach(() => {
    t = tempDir('bulk-');
    asked = [];
    clock = 1;
    outbox = createOutbox({ path: path.join(t.dir, 'outbox.db'), now: () => clock++ });
  });
  afterEach(() => {
    outbox.close();
    t.cleanup();
  });

  function failed(id: number, kind: string): number {
    outbox.claim([id], `r-${id}-${outbox.get(id)!.attempts}`, 'x');
    outbox.settle([{ id, state: 'failed', error: { kind, message: `${kind}.`, at: 1 } }]);
    return id;
  }

  it('"Discard all" discards the ids asked about that are still in the tab, and says which were left and why', async () => {
    const [a, b, c, d] = [1, 2, 3, 4].map((n) =>
      failed(outbox.enqueue(wellSet('A1', `S-${n}`, `PL-${n}`)), 'not-found'),
    );
    const held = failed(outbox.enqueue(wellSet('B1', 'S-9')), PLATE_CHANGED);
    const tab = await handlers()['outbox.tabIds']({ shown: 'refused' }, ctx);
    expect(tab).toEqual({ ids: [a, b, c, d], total: 4, uploads: 0 });
    // After the question: one retried and being sent, one retried and waiting, one retried and sent.
    outbox.retry(b!);
    outbox.claim([b!], 'r-b', 'x');
    outbox.retry(c!);
    outbox.retry(d!);
    outbox.claim([d!], 'r-d', 'x');
    outbox.settle([{ id: d!, state: 'done' }]);
    // Refused after the question, it was not counted in it: it is not discarded unasked.
    const late = failed(outbox.enqueue(wellSet('C1', 'S-7', 'PL-7')), 'not-found');

    const r = await handlers()['outbox.discardMany']({ ids: [...tab.ids, held], shown: 'refused' }, ctx);
    expect(r).toEqual({ discarded: 1, undo: expect.any(Number), waiting: 1, sending: 1, sent: 1, other: 1 });
    expect(outbox.get(a!)!.state).toBe('discarded');
    expect([b, c, d, held, late].map((id) => outbox.get(id!)!.state)).toEqual([
      'sending',
      'pending',
      'done',
      'failed',
      'failed',
    ]);
    // What waited for them goes now, but nothing waiting out a backoff is hurried.
    expect(asked).toEqual(['sendDue']);

    const back = await handlers()['outbox.undoDiscard']({ mark: r.undo! }, ctx);
    expect(back).toEqual({ restored: 1, along: 0, notRestored: [] });
    expect(outbox.get(a!)).toMatchObject({ state: 'failed', lastError: { kind: 'not-found', message: 'not-found.' } });
  });

  it('"Retry all" retries those still failed in one go and asks the sync only to send what is due', async () => {
    const ids = [1, 2, 3].map((n) => failed(outbox.enqueue(webhook(n)), 'network'));
    const gaveUp = failed(outbox.enqueue(webhook(9)), 'gave-up');
    const tab = await handlers()['outbox.tabIds']({ shown: 'failed' }, ctx);
    expect(tab).toEqual({ ids, total: 3, uploads: 0 });
    const r = await handlers()['outbox.retryMany']({ ids: [...tab.ids, gaveUp] }, ctx);
    expect(r).toEqual({ retried: 3, along: 0, refused: 0, left: 1 });
    expect(ids.map((id) => outbox.get(id)!.state)).toEqual(['pending', 'pending', 'pending']);
    // Never Sync now (which clears every lane's and the queue's backoff), nor one sync retry per entry.
    expect(asked).toEqual(['sendDue']);
    expect(outbox.get(gaveUp)!.state).toBe('failed');
  });

  it("a row's Discard and an unsure entry's Discard are undone by putting that entry back, with what failed along", async () => {
    const [w, e] = outbox.enqueueMany([webhook(1), webhook(2)], { dependencies: [{ entry: 1, after: 0 }] });
    failed(w!, 'not-found');
    const waitingError = outbox.get(e!)!.lastError;
    expect(await handlers()['outbox.discard']({ id: w! }, ctx)).toEqual({ ok: true });
    expect(outbox.get(e!)!.lastError!.message).toMatch(/which was discarded/);
    const lost = outbox.enqueue(webhook(3));
    outbox.claim([lost], 'r', 'x');
    outbox.settle([{ id: lost, state: 'uncertain', error: { kind: 'timeout', message: 'No answer.', at: 1 } }]);
    expect(await handlers()['outbox.reconcile']({ id: lost, resolution: 'discard' }, ctx)).toEqual({ ok: true });

    expect(await handlers()['outbox.restore']({ id: lost }, ctx)).toEqual({ restored: 1, along: 0, notRestored: [] });
    expect(outbox.get(lost)!.state).toBe('uncertain');
    expect(await handlers()['outbox.restore']({ id: w! }, ctx)).toEqual({ restored: 1, along: 1, notRestored: [] });
    expect(outbox.get(w!)).toMatchObject({ state: 'failed', lastError: { kind: 'not-found' } });
    expect(outbox.get(e!)).toMatchObject({ state: 'failed', lastError: waitingError });
    // Nothing is made sendable by a restore, so nothing is asked of the sync (one Discard's sendDue each).
    expect(asked).toEqual(['sendDue', 'sendDue']);
    // Put back already: a second Undo (another window's) changes nothing, and says so.
    expect(await handlers()['outbox.restore']({ id: w! }, ctx)).toEqual({
      restored: 0,
      along: 0,
      notRestored: [{ why: expect.stringMatching(/^Not put back: it is not discarded now/), n: 1 }],
    });
  });

  it('the Discarded tab lists the latest discards first, saying for each whether it can go back', async () => {
    const up = outbox.enqueue({
      type: 'file-upload',
      stagedPath: '/staging/x.csv',
      size: 1,
      sha256: 'a'.repeat(64),
      fileName: 'x.csv',
      isGlobal: false,
      fileSource: 'Benchlink',
    });
    failed(up, 'rejected');
    const w = failed(outbox.enqueue(webhook(1)), 'not-found');
    await handlers()['outbox.discard']({ id: w }, ctx);
    await handlers()['outbox.discard']({ id: up }, ctx);
    const listed = async () =>
      (await handlers()['outbox.list']({ states: ['discarded'], newest: true, limit: 100 }, ctx)).map((e) => [
        e.id,
        e.notRestorable ?? null,
      ]);
    // Right after, both can: the upload's staged copy is kept for its Undo.
    expect(await listed()).toEqual([
      [up, null],
      [w, null],
    ]);
    // A day on, the upload's copy is no longer kept; the webhook still goes back.
    clock += DISCARDED_UPLOAD_COPY_KEPT_MS;
    expect(await listed()).toEqual([
      [up, expect.stringMatching(/^Not put back: the copy of the file kept for sending it is removed 24 hours after/)],
      [w, null],
    ]);
  });

  it('"Discard all" is told how many of the ids are file uploads, which an Undo puts back for a day only', async () => {
    const up = (name: string) =>
      outbox.enqueue({
        type: 'file-upload',
        stagedPath: `/staging/${name}`,
        size: 1,
        sha256: 'a'.repeat(64),
        fileName: name,
        isGlobal: false,
        fileSource: 'Benchlink',
      });
    const ids = [
      failed(up('a.csv'), 'network'),
      failed(outbox.enqueue(webhook(1)), 'network'),
      failed(up('b.png'), 'network'),
    ];
    expect(await handlers()['outbox.tabIds']({ shown: 'failed' }, ctx)).toEqual({ ids, total: 3, uploads: 2 });
  });
});
