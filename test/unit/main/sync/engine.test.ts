import { beforeEach, describe, expect, it } from 'vitest';
import type { Outbox } from '../../../../main/outbox/index.js';
import { createSyncEngine } from '../../../../main/sync/index.js';
import { AuthError, NetworkError, RateLimitedError, ValidationError } from '../../../../main/api/errors.js';
import { mapHttpError } from '../../../../main/api/map-error.js';
import { createConnectivity } from '../../../../main/common/connectivity.js';
import { fakePlatform } from './fake-platform.js';
import { fakeTransport, type Calls } from './fake-transport.js';
import { assign, rowUpdate, webhook, wellSet } from '../outbox/helpers.js';
import { outboxPerTest } from './outbox-per-test.js';

describe('sync engine (fake transport, fake clock)', () => {
  const platform = fakePlatform();
  const files = outboxPerTest(platform.now);
  let outbox: Outbox;
  beforeEach(() => {
    outbox = files.outbox;
  });

  it('coalesces one plate into one request and marks every entry done with that request id', async () => {
    const calls: Calls = [];
    const ids = outbox.enqueueMany(['A1', 'A2', 'A3'].map((p, i) => wellSet(p, `S-${i}`)));
    const engine = createSyncEngine({ outbox, transport: fakeTransport(calls), platform });
    await engine.syncNow();
    expect(calls.map((c) => c.name)).toEqual(['updateManifest']);
    const entries = ids.map((id) => outbox.get(id)!);
    expect(entries.every((e) => e.state === 'done' && e.requestId === entries[0]!.requestId)).toBe(true);
    await engine.stop();
  });

  it('keeps a tube moved A → B → A in A: coalescing per location never reorders moves across locations', async () => {
    const calls: Calls = [];
    outbox.enqueueMany([
      assign('TB1', undefined, 'LOC-A'),
      assign('TB2', undefined, 'LOC-A'),
      assign('TB1', undefined, 'LOC-B'),
      assign('TB1', undefined, 'LOC-A'),
    ]);
    const engine = createSyncEngine({ outbox, transport: fakeTransport(calls), platform });
    await engine.syncNow();
    const sent = calls.map((c) => c.request as { locationId: string; assignments: { id: string }[] });
    expect(sent.map((r) => `${r.locationId}:${r.assignments.map((a) => a.id).join(',')}`)).toEqual([
      'LOC-A:TB1,TB2',
      'LOC-B:TB1',
      'LOC-A:TB1',
    ]);
    await engine.stop();
  });

  it('bisects a rejected batch so only the bad entry is parked, with the server message', async () => {
    const calls: Calls = [];
    const transport = fakeTransport(calls, {
      updateManifest: (r: { plate: { wells?: { position: string }[] } }) => {
        if (r.plate.wells?.some((w) => w.position === 'C3')) {
          throw new ValidationError('rejected', {
            endpoint: 'updateManifest',
            status: 422,
            serverMessage: 'Validation error',
            reason: 'wells[2].position: C3 is taken',
          });
        }
        return { success: true, message: 'ok', data: { hrid: 'PL-0001' } };
      },
    });
    const ids = outbox.enqueueMany(['A1', 'B2', 'C3', 'D4', 'E5', 'F6', 'G7'].map((p, i) => wellSet(p, `S-${i}`)));
    const engine = createSyncEngine({ outbox, transport, platform });
    await engine.syncNow();
    const states = ids.map((id) => outbox.get(id)!.state);
    expect(states).toEqual(['done', 'done', 'failed', 'done', 'done', 'done', 'done']);
    expect(outbox.get(ids[2]!)!.lastError).toMatchObject({
      status: 422,
      serverMessage: 'Validation error',
      reason: expect.stringContaining('C3'),
    });
    await engine.stop();
  });

  it('401 pauses the whole queue, raises token-needed, and resumes on resume()', async () => {
    const calls: Calls = [];
    let refuse = true;
    const transport = fakeTransport(calls, {
      updateRowsById: (r: { rows: Record<string, string>[] }) => {
        if (refuse)
          throw new AuthError('refused', {
            endpoint: 'updateRowsById',
            status: 401,
            serverMessage: 'Invalid Authentication Token',
          });
        return r.rows.map((row) => ({ ID: row['Sample ID']!, updatedRows: [{ uuid: 'u', success: true }] }));
      },
    });
    const id = outbox.enqueue(rowUpdate('S-1', { Status: 'x' }));
    outbox.enqueue(wellSet('A1', 'S-1'));
    const engine = createSyncEngine({ outbox, transport, platform });
    const raised: string[] = [];
    engine.events.on('token-needed', (e) => raised.push(e.message));
    await engine.syncNow();
    expect(raised).toHaveLength(1);
    expect(engine.status().paused).toBe('token-needed');
    expect(outbox.get(id)!.state).toBe('pending');
    expect(calls.map((c) => c.name)).toEqual(['updateRowsById']); // the rest waited too
    refuse = false;
    await engine.resume();
    expect(outbox.counts()).toMatchObject({ pending: 0, done: 2 });
    await engine.stop();
  });

  it('backs off with jitter on network errors, honours Retry-After, goes offline and resumes by itself', async () => {
    const calls: Calls = [];
    let failuresLeft = 3;
    const transport = fakeTransport(calls, {
      updateManifest: () => {
        if (failuresLeft-- > 0) {
          throw failuresLeft === 0
            ? new RateLimitedError('slow down', { endpoint: 'updateManifest', status: 429, retryAfterMs: 5000 })
            : new NetworkError('down', { endpoint: 'updateManifest' });
        }
        return { success: true, message: 'ok', data: { hrid: 'PL-0001' } };
      },
    });
    outbox.enqueue(wellSet('A1', 'S-1'));
    const engine = createSyncEngine({ outbox, transport, platform, offlineAfter: 2 });
    const online: boolean[] = [];
    engine.events.on('status', (s) => online.push(s.online));
    await engine.syncNow();
    expect(engine.status().nextRetryAt).not.toBeNull();
    platform.advance(1_000);
    await new Promise((r) => setTimeout(r, 20));
    expect(engine.status().online).toBe(false);
    platform.advance(2_000);
    await new Promise((r) => setTimeout(r, 20));
    // The 429 asked for 5 s: no retry before then.
    const at = calls.length;
    platform.advance(4_000);
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.length).toBe(at);
    platform.advance(1_500);
    await new Promise((r) => setTimeout(r, 50));
    expect(outbox.counts()).toMatchObject({ pending: 0, done: 1 });
    expect(engine.status().online).toBe(true);
    expect(online).toContain(false);
    await engine.stop();
  });

  it('a hold whose time has passed is not said as the reason any more (a late wake-up, e.g. after sleep)', async () => {
    const calls: Calls = [];
    let late = 0;
    // The machine slept: the clock moves on, the hold's wake-up timer has not fired yet.
    const sleeper = { ...platform, now: () => platform.now() + late };
    const transport = fakeTransport(calls, {
      updateManifest: () => {
        throw new RateLimitedError('slow down', { endpoint: 'updateManifest', status: 429, retryAfterMs: 5000 });
      },
    });
    outbox.enqueue(wellSet('A1', 'S-1'));
    const engine = createSyncEngine({ outbox, transport, platform: sleeper });
    await engine.syncNow();
    expect(engine.queueHold()).toMatchObject({ kind: 'slow-down' });
    late = 60_000;
    expect(engine.queueHold()).toBeNull();
    await engine.stop();
  });

  it('says since when the service is unreachable even when it was so before the engine started', async () => {
    // The app's one connectivity: the connection monitor's reads found the service gone first.
    const connectivity = createConnectivity(1, platform.now);
    connectivity.report('network');
    const wentAt = platform.now();
    platform.advance(30_000);
    outbox.enqueue(wellSet('A1', 'S-1'));
    const engine = createSyncEngine({ outbox, transport: fakeTransport([]), platform, connectivity });
    expect(engine.queueHold()).toEqual({ kind: 'offline', since: wentAt, now: platform.now() });
    connectivity.report('ok');
    expect(engine.queueHold()).toBeNull();
    await engine.stop();
  });

  it("waits at least a 503's Retry-After before sending again", async () => {
    const calls: Calls = [];
    outbox.enqueue(wellSet('A1', 'S-1'));
    const transport = fakeTransport(calls, {
      updateManifest: () => {
        throw mapHttpError({ endpoint: 'updateManifest', idempotent: true, token: null }, 503, '', '600');
      },
    });
    const engine = createSyncEngine({ outbox, transport, platform });
    await engine.syncNow();
    expect(engine.status().nextRetryAt! - platform.now()).toBeGreaterThanOrEqual(600_000);
    await engine.stop();
  });

  it('a local write failure during sync (read-only outbox) backs off instead of crashing, then recovers', async () => {
    const calls: Calls = [];
    const id = outbox.enqueue(wellSet('A1', 'S-1'));
    const engine = createSyncEngine({ outbox, transport: fakeTransport(calls), platform });
    outbox.db.pragma('query_only = 1');
    await engine.syncNow();
    expect(engine.status().lastError).toMatchObject({ kind: 'local' });
    expect(engine.status().nextRetryAt).not.toBeNull();
    outbox.db.pragma('query_only = 0');
    await engine.syncNow();
    expect(outbox.get(id)!.state).toBe('done');
    await engine.stop();
  });

  it('while offline a periodic probe notices the server is back and resumes the queue before the long backoff ends', async () => {
    const calls: Calls = [];
    let down = true;
    const offline = () => {
      if (down) throw new NetworkError('unreachable', { endpoint: 'updateManifest' });
    };
    const transport = fakeTransport(calls, {
      updateManifest: () => {
        offline();
        return { success: true, message: 'ok', data: { hrid: 'PL-0001' } };
      },
      fetchLabsheetList: () => {
        offline();
        return { items: [], total: 0, success: true };
      },
    });
    const id = outbox.enqueue(wellSet('A1', 'S-1'));
    const engine = createSyncEngine({
      outbox,
      transport,
      platform,
      offlineAfter: 1,
      probeIntervalMs: 1_000,
      backoff: { baseMs: 60_000, maxMs: 60_000 },
    });
    await engine.syncNow();
    expect(engine.status().online).toBe(false);
    platform.advance(1_000); // probe fails: still offline
    await new Promise((r) => setTimeout(r, 10));
    expect(engine.status().online).toBe(false);
    down = false;
    platform.advance(1_000); // probe answers: online, drain at once
    await new Promise((r) => setTimeout(r, 30));
    expect(engine.status().online).toBe(true);
    expect(outbox.get(id)!.state).toBe('done');
    await engine.stop();
  });

  it('a webhook whose answer was lost becomes uncertain and is never resent by itself', async () => {
    const calls: Calls = [];
    const transport = fakeTransport(calls, {
      sendWebhook: () => {
        throw new NetworkError('reset', { endpoint: 'sendWebhook', uncertain: true });
      },
    });
    const id = outbox.enqueue(webhook(1));
    const engine = createSyncEngine({ outbox, transport, platform });
    await engine.syncNow();
    expect(outbox.get(id)!.state).toBe('uncertain');
    platform.advance(60_000);
    await engine.syncNow();
    expect(calls.filter((c) => c.name === 'sendWebhook')).toHaveLength(1);
    await engine.stop();
  });

  /** A labsheet-create that was on its way when the app was killed: on the reopen it is uncertain. */
  function labsheetCreateCutByCrash(name: string): number {
    const id = outbox.enqueue({ type: 'labsheet-create', request: { name, columns: [{ name: 'ID', type: 'ID' }] } });
    outbox.claim([id], 'r1', 'createLabsheet');
    outbox.close();
    outbox = files.reopen();
    return id;
  }

  it('reconciles an uncertain labsheet-create by looking it up by name and its columns', async () => {
    const calls: Calls = [];
    const transport = fakeTransport(calls, {
      fetchLabsheetList: () => ({ items: [{ name: 'Plates 2026' }], total: 1, success: true }),
      fetchLabsheetRows: () => ({ headers: ['uuid', 'ID'], rows: [], total: 0, success: true }),
    });
    const id = labsheetCreateCutByCrash('Plates 2026');
    const engine = createSyncEngine({ outbox, transport, platform });
    engine.start(); // crash recovery: sending → uncertain → reconciled
    await engine.syncNow();
    expect(outbox.get(id)!.state).toBe('done');
    expect(calls.map((c) => c.name)).not.toContain('createLabsheet');
    await engine.stop();
  });

  it('an uncertain labsheet-create the user discards while it is being looked up stays discarded', async () => {
    const calls: Calls = [];
    let id = 0;
    const transport = fakeTransport(calls, {
      fetchLabsheetList: () => {
        expect(outbox.discard(id)?.state).toBe('discarded'); // the user's decision lands during the read
        return { items: [], total: 0, success: true };
      },
    });
    id = labsheetCreateCutByCrash('Plates 2027');
    const engine = createSyncEngine({ outbox, transport, platform });
    engine.start();
    await engine.syncNow();
    expect(calls.map((c) => c.name)).toContain('fetchLabsheetList');
    expect(outbox.get(id)!.state).toBe('discarded');
    expect(calls.map((c) => c.name)).not.toContain('createLabsheet');
    await engine.stop();
  });
});
