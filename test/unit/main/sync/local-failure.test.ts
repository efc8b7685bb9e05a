/**
 * Something on this computer that throws every time for one entry (a row an older version wrote
 * that today's schema cannot read) must neither hold the other lanes nor be retried forever. The
 * engine runs on a fake clock against a scripted transport; the outbox is the real SQLite store.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Outbox } from '../../../../main/outbox/index.js';
import { MAX_LOCAL_FAILURES } from '../../../../main/sync/classify.js';
import { createSyncEngine, type SyncEngine } from '../../../../main/sync/index.js';
import { fakePlatform } from './fake-platform.js';
import { fakeTransport, type Calls } from './fake-transport.js';
import { assign, webhook, wellSet } from '../outbox/helpers.js';
import type { Intent } from '../../../../shared/outbox/intents.js';
import { outboxPerTest } from './outbox-per-test.js';

describe('an entry that fails on this computer every time', () => {
  const platform = fakePlatform();
  const files = outboxPerTest(platform.now);
  let outbox: Outbox;
  let engine: SyncEngine;
  beforeEach(() => {
    outbox = files.outbox;
  });
  afterEach(() => engine.stop());

  /** An entry whose stored payload no longer parses (no position), as an old version might leave it. */
  function unreadable(): number {
    const id = outbox.enqueue(wellSet('A1', 'S-1'));
    outbox.db
      .prepare(`UPDATE entries SET payload = ? WHERE id = ?`)
      .run(JSON.stringify({ type: 'well-set', manifest: { hrid: 'PL-0001' } }), id);
    return id;
  }
  const state = (id: number) =>
    outbox.db.prepare(`SELECT state, last_error FROM entries WHERE id = ?`).get(id) as {
      state: string;
      last_error: string | null;
    };

  it('other lanes go on, and the entry fails with the reason after a bounded number of tries', async () => {
    const calls: Calls = [];
    const bad = unreadable();
    const [hook, tube] = outbox.enqueueMany([webhook(1), assign('TB1', 'A1')]);
    engine = createSyncEngine({ outbox, transport: fakeTransport(calls), platform });
    await engine.syncNow();
    expect(outbox.get(hook!)!.state).toBe('done');
    expect(outbox.get(tube!)!.state).toBe('done');
    expect(state(bad).state).toBe('pending');

    for (let i = 0; i < MAX_LOCAL_FAILURES + 2; i++) {
      platform.advance(60 * 60_000);
      await engine.syncNow();
    }
    const after = state(bad);
    expect(after.state).toBe('failed');
    expect(JSON.parse(after.last_error!)).toMatchObject({ kind: 'local' });
    expect(JSON.parse(after.last_error!).message).toMatch(/on this computer/);
    // Its row offers only Discard (it no longer reads): the reason names no Retry. On the old code it
    // ended "Retry it later, or discard it."
    expect(JSON.parse(after.last_error!).message).not.toMatch(/retry/i);
    // Nothing left to try: no retry is scheduled.
    expect(engine.status().nextRetryAt).toBeNull();
  });

  /** A plate's well change whose stored payload no longer parses (no position), named by uuid. */
  function unreadablePlateChange(uuid: string): number {
    const id = outbox.enqueue({
      type: 'well-set',
      manifest: { uuid },
      position: 'B1',
      sample: { id: 'S-9', labsheet: 'Samples' },
    });
    outbox.db
      .prepare(`UPDATE entries SET payload = ? WHERE id = ?`)
      .run(JSON.stringify({ type: 'well-set', manifest: { uuid } }), id);
    return id;
  }

  it("another lane's entry that cannot be read fails only itself, never a move into that plate", async () => {
    const calls: Calls = [];
    const tube = outbox.enqueue(assign('TB1', 'A5', 'plate-1'));
    const bad = unreadablePlateChange('plate-1');
    engine = createSyncEngine({ outbox, transport: fakeTransport(calls), platform });
    for (let i = 0; i < MAX_LOCAL_FAILURES + 2; i++) {
      platform.advance(60 * 60_000);
      await engine.syncNow();
    }
    expect(outbox.get(tube)!.state).toBe('done');
    expect(state(bad).state).toBe('failed');
  });

  it("a move that cannot be read fails only itself, never an older change to that plate's wells", async () => {
    const calls: Calls = [];
    const plateChange = (position: string): Intent => ({
      type: 'well-set',
      manifest: { uuid: 'plate-1' },
      position,
      sample: { id: `S-${position}`, labsheet: 'Samples' },
    });
    const first = outbox.enqueue(plateChange('B1'));
    const bad = outbox.enqueue(assign('TB1', 'A5', 'plate-1'));
    outbox.db
      .prepare(`UPDATE entries SET payload = ? WHERE id = ?`)
      .run(JSON.stringify({ type: 'location-assign', locationId: 'plate-1' }), bad);
    const later = outbox.enqueue(plateChange('A5'));
    engine = createSyncEngine({ outbox, transport: fakeTransport(calls), platform });
    for (let i = 0; i < MAX_LOCAL_FAILURES + 2; i++) {
      platform.advance(60 * 60_000);
      await engine.syncNow();
    }
    expect([first, later].map((id) => outbox.get(id)!.state)).toEqual(['done', 'done']);
    expect(state(bad).state).toBe('failed');
  });
});
