/**
 * A failed entry's reason, as main writes it, against what its row offers. One main says may be on the
 * service (mayHaveArrived) is "Unsure whether it arrived" on every screen, with "It arrived" / "Send
 * again" and advice to look on the service first: its reason says what happened, never "Retry … or
 * discard it" nor "Not sent". The engine runs on a fake clock against a scripted transport; the outbox is
 * the real SQLite store, its write failing as a full disk's would (a trigger).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mapHttpError } from '../../../../main/api/map-error.js';
import type { Outbox, OutboxEntry } from '../../../../main/outbox/index.js';
import { entryMayHaveArrived } from '../../../../main/outbox/may-have-arrived.js';
import { MAX_ANSWERED_FAILURES, MAX_LOCAL_FAILURES } from '../../../../main/sync/classify.js';
import { createSyncEngine, type SyncEngine } from '../../../../main/sync/index.js';
import { entryShownState } from '../../../../shared/outbox-words/shown-state.js';
import { fakePlatform } from './fake-platform.js';
import { fakeTransport, type Calls } from './fake-transport.js';
import { outboxPerTest } from './outbox-per-test.js';
import { rowUpdate } from '../outbox/helpers.js';

/** Words of the choices a Failed row offers, which an unsure row does not. */
const FAILED_ROW_WORDS = /\b(retry|discard|not sent)\b/i;

describe("a failed entry's reason and its row's choices", () => {
  const platform = fakePlatform();
  const files = outboxPerTest(platform.now);
  let outbox: Outbox;
  let engine: SyncEngine;
  beforeEach(() => {
    outbox = files.outbox;
  });
  afterEach(() => engine.stop());

  /** Lets every backoff run out, one drain at a time. */
  async function rounds(n: number): Promise<void> {
    for (let i = 0; i < n; i++) {
      platform.advance(60 * 60_000);
      await engine.syncNow();
    }
  }
  const shown = (e: OutboxEntry) => entryShownState(e.state, e.lastError, entryMayHaveArrived(e));

  it('one that gave up after repeated 503s says its tries and the last answer, and no Retry or discard', async () => {
    const calls: Calls = [];
    const id = outbox.enqueue(rowUpdate('S-1', { Status: 'thawed' }));
    const transport = fakeTransport(calls, {
      updateRowsById: () => {
        throw mapHttpError(
          { endpoint: 'updateRowsById', idempotent: true, token: null },
          503,
          JSON.stringify({ success: false, message: 'Operation failed' }),
          undefined,
        );
      },
    });
    engine = createSyncEngine({ outbox, transport, platform });
    await rounds(MAX_ANSWERED_FAILURES + 1);
    const e = outbox.get(id)!;
    expect(e.lastError?.kind).toBe('gave-up');
    expect(shown(e)).toBe('uncertain');
    expect(e.lastError?.message).toBe(
      'Stopped after 8 failed attempts: the service answered each with an error. Last: the service said ' +
        '"Operation failed" (HTTP 503).',
    );
    expect(e.lastError?.message).not.toMatch(FAILED_ROW_WORDS);
  });

  it('one that kept failing on this computer after it had been sent does not say "Not sent"', async () => {
    const calls: Calls = [];
    const id = outbox.enqueue(rowUpdate('S-1', { Status: 'thawed' }));
    // The service takes the update; the write that records it as done fails (a full disk), and the app
    // is restarted before the disk is back, so the answer kept in memory is gone: the update is pending
    // again, as sent once. Then the disk refuses even the claim of its next send.
    outbox.db.exec(`CREATE TRIGGER full_disk BEFORE UPDATE OF state ON entries WHEN NEW.state = 'done'
      BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`);
    engine = createSyncEngine({ outbox, transport: fakeTransport(calls), platform });
    await rounds(1);
    engine.stop();
    outbox.close();
    outbox = files.reopen();
    outbox.db.exec(`DROP TRIGGER full_disk`);
    outbox.db.exec(`CREATE TRIGGER full_disk BEFORE UPDATE OF state ON entries WHEN NEW.state = 'sending'
      BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`);
    engine = createSyncEngine({ outbox, transport: fakeTransport(calls), platform });
    engine.start();
    await rounds(MAX_LOCAL_FAILURES + 1);
    const e = outbox.get(id)!;
    expect(calls.filter((c) => c.name === 'updateRowsById')).toHaveLength(1);
    expect(e).toMatchObject({ state: 'failed', lastError: { kind: 'local' } });
    expect(shown(e)).toBe('uncertain');
    expect(e.lastError?.message).toBe(
      'It was sent to the service, then failed on this computer 5 times in a row (database or disk is full).',
    );
    expect(e.lastError?.message).not.toMatch(FAILED_ROW_WORDS);
  });

  it('one that kept failing on this computer before any request left is "Not sent", and says only what happened', async () => {
    const calls: Calls = [];
    const id = outbox.enqueue(rowUpdate('S-1', { Status: 'thawed' }));
    // Every claim fails: nothing of it ever leaves.
    outbox.db.exec(`CREATE TRIGGER full_disk BEFORE UPDATE OF state ON entries WHEN NEW.state = 'sending'
      BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`);
    engine = createSyncEngine({ outbox, transport: fakeTransport(calls), platform });
    await rounds(MAX_LOCAL_FAILURES + 1);
    const e = outbox.get(id)!;
    expect(calls).toEqual([]);
    expect(e).toMatchObject({ state: 'failed', attempts: 0, lastError: { kind: 'local' } });
    expect(shown(e)).toBe('failed');
    // Not "Retry it later": a row that no longer reads (the usual cause) offers only Discard.
    expect(e.lastError?.message).toBe(
      'Not sent: it failed on this computer 5 times in a row (database or disk is full), not on the service.',
    );
  });
});
