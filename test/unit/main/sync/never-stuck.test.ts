/**
 * Issue 15: nothing is retried forever, one bad well never holds up a plate, and the queue pauses
 * for a token only when a token is the problem. The engine runs on a fake clock against a scripted
 * transport; the outbox is the real SQLite store.
 */
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AuthError,
  NetworkError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  UnreadableAnswerError,
} from '../../../../main/api/errors.js';
import { mapHttpError } from '../../../../main/api/map-error.js';
import { createOutbox, type Outbox } from '../../../../main/outbox/index.js';
import { GAVE_UP_UNSENT, MAX_ANSWERED_FAILURES } from '../../../../main/sync/classify.js';
import { createSyncEngine, type SyncEngine } from '../../../../main/sync/index.js';
import type { Intent } from '../../../../shared/outbox/intents.js';
import { fakePlatform } from './fake-platform.js';
import { assign, rowUpdate, tempDir, webhook, wellSet } from '../outbox/helpers.js';
import { fakeTransport, type Calls } from './fake-transport.js';

const failed500 = (endpoint: 'updateManifest' | 'sendWebhook') =>
  new ServerError('the service failed', { endpoint, status: 500, serverMessage: 'Operation failed' });
const positions = (n: number) =>
  Array.from({ length: n }, (_, i) => `${String.fromCharCode(65 + Math.floor(i / 12))}${(i % 12) + 1}`);
const wellsIn = (req: unknown) =>
  ((req as { plate: { wells?: { position: string }[] } }).plate.wells ?? []).map((w) => w.position);

describe('sync never stuck', () => {
  let t: ReturnType<typeof tempDir>;
  let outbox: Outbox;
  let engine: SyncEngine | null = null;
  const platform = fakePlatform();
  /** Lets every backoff run out, one drain at a time. */
  async function runRounds(n: number): Promise<void> {
    for (let i = 0; i < n; i++) {
      platform.advance(10 * 60_000);
      await engine!.syncNow();
    }
  }
  beforeEach(() => {
    t = tempDir();
    outbox = createOutbox({ path: path.join(t.dir, 'o.db'), now: platform.now });
  });
  afterEach(async () => {
    await engine?.stop();
    engine = null;
    outbox.close();
    t.cleanup();
  });

  it('an entry the service keeps answering 500 fails with its reason after the bounded attempts, and offers Retry', async () => {
    const calls: Calls = [];
    const [id] = outbox.enqueueMany([webhook(1)]);
    const transport = fakeTransport(calls, {
      sendWebhook: () => {
        throw new ServerError('the service failed', { endpoint: 'sendWebhook', status: 429 });
      },
    });
    engine = createSyncEngine({ outbox, transport, platform });
    await engine.syncNow();
    await runRounds(MAX_ANSWERED_FAILURES + 2);
    const e = outbox.get(id!)!;
    expect(e.state).toBe('failed');
    expect(e.lastError?.kind).toBe('gave-up');
    expect(e.lastError?.message).toMatch(/Stopped after 8 failed attempts: the service answered each with an error/);
    expect(calls.filter((c) => c.name === 'sendWebhook')).toHaveLength(MAX_ANSWERED_FAILURES);
    // Retry starts a fresh count.
    expect(engine.retry(id!)).toBe(true);
    expect(outbox.get(id!)!.answeredFailures).toBe(0);
  });

  it('time offline counts for nothing: a hundred failed connections leave the entry pending with no attempts counted', async () => {
    const [id] = outbox.enqueueMany([wellSet('A1', 'S-1')]);
    const transport = fakeTransport([], {
      updateManifest: () => {
        throw new NetworkError('could not reach the service', { endpoint: 'updateManifest' });
      },
    });
    engine = createSyncEngine({ outbox, transport, platform });
    await engine.syncNow();
    await runRounds(100);
    expect(outbox.get(id!)).toMatchObject({ state: 'pending', answeredFailures: 0 });
  });

  it('one poison well fails alone; every other well of the plate is done', async () => {
    const calls: Calls = [];
    const all = positions(96);
    const ids = outbox.enqueueMany(all.map((p, i) => wellSet(p, `S-${i}`)));
    const poison = 'E7';
    const transport = fakeTransport(calls, {
      updateManifest: (r: unknown) => {
        if (wellsIn(r).includes(poison)) throw failed500('updateManifest');
        return { success: true };
      },
    });
    engine = createSyncEngine({ outbox, transport, platform });
    await engine.syncNow();
    await runRounds(1);
    // After the second failure the plate is split: all but the poison well went through.
    const states = ids.map((id) => outbox.get(id)!.state);
    expect(states.filter((s) => s === 'done')).toHaveLength(95);
    const poisonId = ids[all.indexOf(poison)]!;
    expect(outbox.get(poisonId)!.state).toBe('pending');
    await runRounds(MAX_ANSWERED_FAILURES);
    expect(outbox.get(poisonId)!).toMatchObject({ state: 'failed', lastError: { kind: 'gave-up', status: 500 } });
  });

  it('when the whole service fails, a round costs a handful of requests, not one per well', async () => {
    const calls: Calls = [];
    outbox.enqueueMany(positions(96).map((p, i) => wellSet(p, `S-${i}`)));
    const transport = fakeTransport(calls, {
      updateManifest: () => {
        throw failed500('updateManifest');
      },
    });
    engine = createSyncEngine({ outbox, transport, platform });
    await engine.syncNow(); // round 1: one request
    const before = calls.length;
    await runRounds(1); // round 2: whole, halves, quarters, then it is the service
    expect(calls.length - before).toBeLessThanOrEqual(7);
    expect(outbox.counts()).toMatchObject({ pending: 96, failed: 0 });
  });

  it('a plate the service keeps answering 500 ends: every well fails with its reason after the bound', async () => {
    const calls: Calls = [];
    const ids = outbox.enqueueMany(positions(16).map((p, i) => wellSet(p, `S-${i}`)));
    const transport = fakeTransport(calls, {
      updateManifest: () => {
        throw failed500('updateManifest');
      },
    });
    engine = createSyncEngine({ outbox, transport, platform });
    await engine.syncNow();
    await runRounds(MAX_ANSWERED_FAILURES - 2);
    expect(outbox.counts()).toMatchObject({ pending: 16, failed: 0 });
    expect(ids.map((id) => outbox.get(id)!.answeredFailures)).toEqual(ids.map(() => MAX_ANSWERED_FAILURES - 1));
    await runRounds(1);
    for (const id of ids)
      expect(outbox.get(id)!).toMatchObject({ state: 'failed', lastError: { kind: 'gave-up', status: 500 } });
    // Ended: later rounds send nothing more.
    const sent = calls.length;
    await runRounds(3);
    expect(calls.length).toBe(sent);
  });

  it('a batch rate-limited (429) every time is never split, and ends after the bound', async () => {
    const calls: Calls = [];
    const ids = outbox.enqueueMany([assign('T1', undefined), assign('T2', undefined)]);
    const transport = fakeTransport(calls, {
      assignLocation: () => {
        throw new RateLimitedError('rate limited by the service', {
          endpoint: 'assignLocation',
          status: 429,
          retryAfterMs: 1000,
        });
      },
    });
    engine = createSyncEngine({ outbox, transport, platform });
    await engine.syncNow();
    await runRounds(MAX_ANSWERED_FAILURES - 1);
    // A 429 says the service took nothing: not on the service, so "Failed" with Retry, not "unsure".
    for (const id of ids) {
      expect(outbox.get(id)!).toMatchObject({ state: 'failed', lastError: { kind: GAVE_UP_UNSENT } });
      expect(outbox.get(id)!.lastError!.message).toMatch(/asked to slow down each time.*Last: HTTP 429\./);
    }
    // One request per round, both tubes in it: a rate limit asks for fewer requests, never more.
    expect(calls).toHaveLength(MAX_ANSWERED_FAILURES);
    expect(calls.every((c) => (c.request as { assignments: unknown[] }).assignments.length === 2)).toBe(true);
  });

  it('a failing plate does not hold the lanes behind it: a later webhook and another plate go at once', async () => {
    const calls: Calls = [];
    const plate = outbox.enqueueMany(positions(8).map((p, i) => wellSet(p, `S-${i}`)));
    const [hook, other] = outbox.enqueueMany([webhook(9), wellSet('A1', 'S-99', 'PL-0002')]);
    const transport = fakeTransport(calls, {
      updateManifest: (r: { hrid?: string }) => {
        if (r.hrid === 'PL-0001') throw failed500('updateManifest');
        return { success: true };
      },
    });
    engine = createSyncEngine({ outbox, transport, platform });
    await engine.syncNow();
    expect(outbox.get(hook!)!.state).toBe('done');
    expect(outbox.get(other!)!.state).toBe('done');
    expect(plate.map((id) => outbox.get(id)!.state)).toEqual(plate.map(() => 'pending'));
    expect(engine.status().nextRetryAt).not.toBeNull();
  });

  it('an HTTP 408 answer counts toward the bound like a 5xx: the entry ends, never "offline"', async () => {
    const calls: Calls = [];
    const [id] = outbox.enqueueMany([webhook(5)]);
    const transport = fakeTransport(calls, {
      sendWebhook: () => {
        throw mapHttpError({ endpoint: 'sendWebhook', idempotent: false, token: null }, 408, '', undefined);
      },
    });
    engine = createSyncEngine({ outbox, transport, platform });
    await engine.syncNow();
    await runRounds(MAX_ANSWERED_FAILURES - 1);
    expect(outbox.get(id!)!).toMatchObject({ state: 'failed', lastError: { kind: GAVE_UP_UNSENT } });
    expect(calls).toHaveLength(MAX_ANSWERED_FAILURES);
    expect(engine.status().online).toBe(true);
  });

  describe('requests that time out', () => {
    const timeout = (endpoint: 'updateManifest' | 'updateRowsById' | 'fetchLabsheetList') =>
      new TimeoutError('no answer in time', { endpoint, reason: 'Timeout awaiting request for 30000ms' });

    it('while the service answers its probe, a row update that always times out ends after the bound', async () => {
      const calls: Calls = [];
      const [id] = outbox.enqueueMany([rowUpdate('S-1', { Conc: '5' })]);
      const transport = fakeTransport(calls, {
        updateRowsById: () => {
          throw timeout('updateRowsById');
        },
      });
      engine = createSyncEngine({ outbox, transport, platform });
      await engine.syncNow();
      await runRounds(3 * MAX_ANSWERED_FAILURES);
      expect(outbox.get(id!)!).toMatchObject({ state: 'failed', lastError: { kind: GAVE_UP_UNSENT } });
      expect(outbox.get(id!)!.lastError!.message).toMatch(/reachable; this got no answer in time/);
      expect(calls.filter((c) => c.name === 'updateRowsById')).toHaveLength(MAX_ANSWERED_FAILURES);
    });

    it('one well that hangs the service is split out like a 5xx: the rest of the plate is done', async () => {
      const calls: Calls = [];
      const all = positions(16);
      const ids = outbox.enqueueMany(all.map((p, i) => wellSet(p, `S-${i}`)));
      const transport = fakeTransport(calls, {
        updateManifest: (r: unknown) => {
          if (wellsIn(r).includes('A5')) throw timeout('updateManifest');
          return { success: true };
        },
      });
      engine = createSyncEngine({ outbox, transport, platform, offlineAfter: 1000 });
      await engine.syncNow();
      await runRounds(1);
      const states = ids.map((id) => outbox.get(id)!.state);
      expect(states.filter((s) => s === 'done')).toHaveLength(15);
      await runRounds(MAX_ANSWERED_FAILURES);
      expect(outbox.get(ids[all.indexOf('A5')]!)!).toMatchObject({
        state: 'failed',
        lastError: { kind: GAVE_UP_UNSENT },
      });
    });

    it('offline (the probe gets no answer either), timeouts count for nothing after the app goes offline', async () => {
      const [id] = outbox.enqueueMany([wellSet('A1', 'S-1')]);
      const transport = fakeTransport([], {
        updateManifest: () => {
          throw timeout('updateManifest');
        },
        fetchLabsheetList: () => {
          throw timeout('fetchLabsheetList');
        },
      });
      engine = createSyncEngine({ outbox, transport, platform, offlineAfter: 2 });
      await engine.syncNow();
      await runRounds(100);
      // Only the timeouts before "offline" was known counted; the hundred after it did not.
      expect(outbox.get(id!)!.state).toBe('pending');
      expect(outbox.get(id!)!.answeredFailures).toBeLessThanOrEqual(2);
      expect(engine.status().online).toBe(false);
    });
  });

  it('a 403 from remove-permissions fails that entry as a missing permission; the queue is not paused', async () => {
    const ids = outbox.enqueueMany([
      { type: 'remove-permissions', request: { uuid: 'f1', users: [{ email: 'a@b.c' }] } } satisfies Intent,
      webhook(2),
    ]);
    const transport = fakeTransport([], {
      removeFolderPermissions: () => {
        throw new AuthError('not authorised', {
          endpoint: 'removeFolderPermissions',
          status: 403,
          serverMessage: 'Missing Authentication Token',
        });
      },
    });
    engine = createSyncEngine({ outbox, transport, platform });
    await engine.syncNow();
    expect(outbox.get(ids[0]!)!).toMatchObject({ state: 'failed', lastError: { kind: 'permission' } });
    expect(outbox.get(ids[0]!)!.lastError?.message).toMatch(/Super Admin/);
    expect(outbox.get(ids[1]!)!.state).toBe('done');
    expect(engine.status().paused).toBeNull();
  });

  it('a 403 on an ordinary endpoint still pauses the queue for a token', async () => {
    outbox.enqueueMany([webhook(3)]);
    const transport = fakeTransport([], {
      sendWebhook: () => {
        throw new AuthError('not authorised', { endpoint: 'sendWebhook', status: 403 });
      },
    });
    engine = createSyncEngine({ outbox, transport, platform });
    await engine.syncNow();
    expect(engine.status().paused).toBe('token-needed');
  });

  it('a write accepted with an unreadable answer is done with a note and sent once', async () => {
    const calls: Calls = [];
    const [plateEntry, hook] = outbox.enqueueMany([wellSet('A1', 'S-1'), webhook(4)]);
    const unreadable = (endpoint: 'updateManifest' | 'sendWebhook') => () => {
      throw new UnreadableAnswerError('accepted by the service; its answer was not understood', {
        endpoint,
        status: 200,
        reason: 'data: expected object',
      });
    };
    const logged: string[] = [];
    const transport = fakeTransport(calls, {
      updateManifest: unreadable('updateManifest'),
      sendWebhook: unreadable('sendWebhook'),
    });
    engine = createSyncEngine({ outbox, transport, platform, log: (m) => logged.push(m) });
    await engine.syncNow();
    await runRounds(3);
    for (const id of [plateEntry!, hook!]) {
      expect(outbox.get(id)).toMatchObject({
        state: 'done',
        result: { note: 'Accepted by the service; its answer was not understood.' },
      });
    }
    expect(calls.filter((c) => c.name === 'updateManifest' || c.name === 'sendWebhook')).toHaveLength(2);
    expect(logged).toHaveLength(2);
  });

  describe('a plate changed on the service since the scans', () => {
    const basis = { lastUpdate: 't0', emptySpaces: 96 };
    const scan = (position: string, id: string): Intent => ({ ...wellSet(position, id), basis }) as Intent;

    it('waits for a look instead of overwriting; "send anyway" sends it over the plate as it is now', async () => {
      const calls: Calls = [];
      const ids = outbox.enqueueMany([scan('A1', 'S-1'), scan('A2', 'S-2')]);
      const transport = fakeTransport(calls, {
        fetchManifestMetadata: () => ({ uuid: 'u', hrid: 'PL-0001', lastUpdate: 't9', emptySpaces: 90 }),
      });
      engine = createSyncEngine({ outbox, transport, platform });
      await engine.syncNow();
      expect(calls.map((c) => c.name)).toEqual(['fetchManifestMetadata']);
      for (const id of ids)
        expect(outbox.get(id)!).toMatchObject({ state: 'failed', lastError: { kind: 'plate-changed' } });
      expect(outbox.get(ids[0]!)!.lastError?.message).toMatch(
        /Needs a look: plate PL-0001 changed on the service.*empty wells 96 → 90/,
      );
      // One "send anyway" takes every change held with it.
      expect(engine.retry(ids[0]!)).toBe(true);
      await engine.syncNow();
      for (const id of ids) expect(outbox.get(id)!.state).toBe('done');
      expect(wellsIn(calls.find((c) => c.name === 'updateManifest')!.request)).toEqual(['A1', 'A2']);
    });

    it('its own earlier writes are not a change from elsewhere', async () => {
      let plate = { lastUpdate: 't0', emptySpaces: 96 };
      const transport = fakeTransport([], {
        fetchManifestMetadata: () => ({ uuid: 'u', hrid: 'PL-0001', ...plate }),
        updateManifest: (r: unknown) => {
          plate = { lastUpdate: `${plate.lastUpdate}+`, emptySpaces: plate.emptySpaces - wellsIn(r).length };
          return { success: true };
        },
      });
      engine = createSyncEngine({ outbox, transport, platform });
      const [first] = outbox.enqueueMany([scan('A1', 'S-1')]);
      await engine.syncNow();
      // Made against the plate as it was opened (basis t0), sent after this computer's own write.
      const [second] = outbox.enqueueMany([scan('A2', 'S-2')]);
      await engine.syncNow();
      expect([outbox.get(first!)!.state, outbox.get(second!)!.state]).toEqual(['done', 'done']);
      // Another bench writes now: the next change waits for a look.
      plate = { lastUpdate: 'elsewhere', emptySpaces: plate.emptySpaces - 3 };
      const [third] = outbox.enqueueMany([scan('A3', 'S-3')]);
      await engine.syncNow();
      expect(outbox.get(third!)!.lastError?.kind).toBe('plate-changed');
    });
  });
});
