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

  // On the old code the lane's first entry, one that reads, was failed with the damaged one's reason, and
  // the damaged one only after as many tries again.
  it('a damaged entry behind others in its lane fails itself; the entries around it are sent', async () => {
    const calls: Calls = [];
    const [before] = outbox.enqueueMany([assign('TB1', 'A1')]);
    const bad = outbox.enqueue(assign('TB2', 'A2'));
    outbox.db
      .prepare(`UPDATE entries SET payload = ? WHERE id = ?`)
      .run(JSON.stringify({ type: 'location-assign', locationId: 'BOX' }), bad);
    const after = outbox.enqueue(assign('TB3', 'A3'));
    engine = createSyncEngine({ outbox, transport: fakeTransport(calls), platform });
    for (let i = 0; i < MAX_LOCAL_FAILURES + 2; i++) {
      platform.advance(60 * 60_000);
      await engine.syncNow();
    }
    expect([state(before!).state, state(bad).state, state(after).state]).toEqual(['done', 'failed', 'done']);
    expect(JSON.parse(state(bad).last_error!)).toMatchObject({ kind: 'local' });
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

describe('the disk refuses to write an answer that came', () => {
  const platform = fakePlatform();
  const files = outboxPerTest(platform.now);
  let engine: SyncEngine;
  afterEach(() => engine.stop());

  /** The disk goes read-only (as far as the entries go) while the request is out, until `back()`. */
  function diskFailsDuringTheRequest(outbox: Outbox) {
    const fail = () =>
      outbox.db.exec(`CREATE TRIGGER IF NOT EXISTS disk_gone BEFORE UPDATE ON entries
                      BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END`);
    return { fail, back: () => outbox.db.exec('DROP TRIGGER IF EXISTS disk_gone') };
  }

  it.each([
    ['a webhook (sent alone, not idempotent)', webhook(1), 'sendWebhook'],
    ['a tube assignment (sent in a batch)', assign('TB1', 'A1'), 'assignLocation'],
  ] as const)('%s is settled by its answer once the disk is back, and is not sent again', async (_, intent, call) => {
    const outbox = files.outbox;
    const calls: Calls = [];
    const disk = diskFailsDuringTheRequest(outbox);
    const id = outbox.enqueue(intent);
    const transport = fakeTransport(calls, {
      [call]: (req: { assignments?: unknown }) => {
        disk.fail();
        return call === 'assignLocation' ? { success: true, assignedPositions: req.assignments } : { success: true };
      },
    });
    engine = createSyncEngine({ outbox, transport, platform });
    await engine.syncNow();
    expect(outbox.get(id)!.state).toBe('sending');
    // Still read-only: nothing is sent again, and the entry is not taken for one a crash interrupted.
    platform.advance(60 * 60_000);
    await engine.syncNow();
    expect(outbox.get(id)!.state).toBe('sending');
    expect(engine.status().lastError?.message).toMatch(/disk I\/O error/);
    disk.back();
    // The queue's own retry after its backoff writes it: no user action, no other entry needed. The old
    // code settled the webhook 'uncertain' with SQLite's words, or left it 'sending' until a restart
    // called it interrupted.
    platform.advance(60 * 60_000);
    await expect.poll(() => outbox.get(id)!.state).toBe('done');
    expect(calls.filter((c) => c.name === call)).toHaveLength(1);
  });
});
