/**
 * What the Outbox says after Sync now. On the old code it looked at the sync state alone: "Synced" in green
 * while a lane waited out a 503, the queue a 429, or entries had failed, and "Still paused-for-token" (a
 * code) for a refused token. Here the Outbox's own list runs over main's real Outbox handlers and SQLite
 * outbox, with a sync engine on a fake clock against a scripted transport.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AuthError, RateLimitedError, ServerError } from '../../../../../main/api/errors.js';
import { mapHttpError } from '../../../../../main/api/map-error.js';
import { outboxHandlers } from '../../../../../main/ipc/handlers/outbox.js';
import { createSyncEngine, type SyncEngine, type SyncTransport } from '../../../../../main/sync/index.js';
import { OutboxList } from '../../../../../renderer/workflows/outbox/outbox-list.svelte.js';
import { syncNowSaid } from '../../../../../renderer/workflows/outbox/sync-now-said.js';
import type { BenchlinkApi } from '../../../../../shared/ipc/api.js';
import { tokenStatus, type TokenStatus } from '../../../../../shared/ipc/status.js';
import { noCounts, outboxChannels, type OutboxCounts } from '../../../../../shared/ipc/channels/outbox.js';
import { rowUpdate, wellSet } from '../../../main/outbox/helpers.js';
import { fakePlatform } from '../../../main/sync/fake-platform.js';
import { fakeTransport } from '../../../main/sync/fake-transport.js';
import { outboxPerTest } from '../../../main/sync/outbox-per-test.js';

/** The renderer's API over main's Outbox handlers, each answer checked against the contract as the router does. */
function overHandlers(handlers: ReturnType<typeof outboxHandlers>, token: TokenStatus): BenchlinkApi {
  const table = outboxChannels as unknown as Record<string, { response: { parse(v: unknown): unknown } }>;
  const byName = handlers as unknown as Record<string, (p: unknown, c: { transport: 'test' }) => unknown>;
  return {
    invoke: (async (channel: string, payload: unknown) => {
      // The one channel beside the Outbox's that Sync now reads: what main knows of the token.
      if (channel === 'token.status') return { ok: true, value: tokenStatus.parse(token) };
      const handler = byName[channel];
      if (!handler || !table[channel]) throw new Error(`not an Outbox channel: ${channel}`);
      return { ok: true, value: table[channel].response.parse(await handler(payload, { transport: 'test' })) };
    }) as BenchlinkApi['invoke'],
    subscribe: () => () => undefined,
  };
}

const clock = (at: number) => {
  const d = new Date(at);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

describe('Sync now says what is left, in words', () => {
  const platform = fakePlatform();
  const files = outboxPerTest(platform.now);
  let engine: SyncEngine | null = null;
  let list: OutboxList | null = null;
  afterEach(async () => {
    list?.stop();
    await engine?.stop();
    engine = null;
  });

  async function syncNowWith(
    overrides: Parameters<typeof fakeTransport>[1],
    token: Partial<TokenStatus> = {},
  ): Promise<{ text: string; ok: boolean }> {
    const transport: SyncTransport = fakeTransport([], overrides);
    engine = createSyncEngine({ outbox: files.outbox, transport, platform });
    const status: TokenStatus = {
      set: true,
      stored: 'keychain',
      source: 'user',
      rejected: false,
      notReceived: false,
      storeProblem: null,
      ...token,
    };
    list = new OutboxList(overHandlers(outboxHandlers({ outbox: files.outbox, sync: engine }), status));
    await list.syncNow();
    return list.message!;
  }

  it('a plate whose lane waits out a 503: not "Synced", but how many wait, why, and until when', async () => {
    files.outbox.enqueueMany([wellSet('A1', 'S-1'), rowUpdate('S-1', { Status: 'thawed' })]);
    const said = await syncNowWith({
      updateManifest: () => {
        throw new ServerError('the service failed', {
          endpoint: 'updateManifest',
          status: 503,
          serverMessage: 'Operation failed',
        });
      },
    });
    const until = engine!.laneHold(files.outbox.get(1)!.target)!.until;
    expect(said.ok).toBe(false);
    expect(said.text).toBe(
      `1 still waiting. #1: Retrying at ${clock(until)} (the service answered 503 Service Unavailable: ` +
        '"Operation failed"); press Sync now to try at once.',
    );
  });

  it('the whole queue waiting out a 429 says the service asked to slow down, and when it goes', async () => {
    files.outbox.enqueueMany([wellSet('A1', 'S-1'), wellSet('A2', 'S-2', 'PL-0002')]);
    const said = await syncNowWith({
      updateManifest: () => {
        throw new RateLimitedError('rate limited', { endpoint: 'updateManifest', status: 429, retryAfterMs: 120_000 });
      },
    });
    expect(said).toEqual({
      text: `2 still waiting. #1: Waiting: the service asked to slow down (429); retrying at ${clock(platform.now() + 120_000)}; press Sync now to try at once.`,
      ok: false,
    });
  });

  it('a refused token says so and what to do, never the state’s code', async () => {
    files.outbox.enqueue(wellSet('A1', 'S-1'));
    const said = await syncNowWith({
      updateManifest: () => {
        throw new AuthError('the token was refused', { endpoint: 'updateManifest', status: 401 });
      },
    });
    expect(said).toEqual({
      text: 'Not sent: the service refused the token, so sending is paused. Enter a new token in Settings; the 1 waiting is sent then.',
      ok: false,
    });
  });

  it('a token the service says it never received points at the address, not at a new token', async () => {
    files.outbox.enqueue(wellSet('A1', 'S-1'));
    const said = await syncNowWith(
      {
        updateManifest: () => {
          throw new AuthError('not authorised', {
            endpoint: 'updateManifest',
            status: 403,
            serverMessage: 'Missing Authentication Token',
          });
        },
      },
      { rejected: true, notReceived: true },
    );
    expect(said).toEqual({
      text:
        'Not sent: the service says no token reached it, though one was sent, so sending is paused. Check the ' +
        'Base URL in Settings, or whether a proxy removes the token; the 1 waiting is sent then.',
      ok: false,
    });
  });

  it('entries the service refused are counted with what to do, not "Synced"', async () => {
    files.outbox.enqueueMany([wellSet('A1', 'S-1'), rowUpdate('S-1', { Status: 'thawed' })]);
    const said = await syncNowWith({
      updateRowsById: () => {
        throw mapHttpError({ endpoint: 'updateRowsById', idempotent: true, token: null }, 422, '{}', undefined);
      },
    });
    expect(said).toEqual({
      text: 'Nothing is waiting to be sent. 1 refused: their rows say why and what to do.',
      ok: false,
    });
  });

  it('everything sent: "Synced", in green', async () => {
    files.outbox.enqueueMany([wellSet('A1', 'S-1'), rowUpdate('S-1', { Status: 'thawed' })]);
    expect(await syncNowWith({})).toEqual({ text: 'Synced: nothing is left to send.', ok: true });
  });
});

describe('the words after Sync now, from what is left', () => {
  const online = { state: 'online', syncing: false, lastSyncAt: 1, nextRetryAt: null, message: null } as const;
  const counts = (c: Partial<OutboxCounts>): OutboxCounts => ({ ...noCounts(), ...c });

  it('offline: not sent, and when the waiting ones go', () => {
    expect(syncNowSaid({ ...online, state: 'offline' }, counts({ pending: 3 }), []).text).toBe(
      'Not sent: the service could not be reached. The 3 waiting are sent when it answers.',
    );
  });

  it('entries waiting for different reasons: the first one’s, and that the others’ rows say theirs', () => {
    const waiting = [
      { id: 4, waiting: 'Retrying at 14:32 (the service answered 503 Service Unavailable).' },
      { id: 9, waiting: 'Waiting for #3 (Upload plate.png), which is not sent yet; this goes right after it.' },
    ] as const;
    expect(syncNowSaid(online, counts({ pending: 2 }), waiting as never).text).toBe(
      '2 still waiting. #4: Retrying at 14:32 (the service answered 503 Service Unavailable). Others wait for ' +
        'other reasons: their rows say which.',
    );
  });

  it('waiting, held and unsure together: each count in the Outbox’s words', () => {
    const c = counts({ pending: 1, failedAs: { held: 2, refused: 0, failed: 0, superseded: 0, uncertain: 1 } });
    expect(syncNowSaid(online, c, []).text).toBe(
      '1 still waiting. They go next. 2 need a look and 1 unsure: their rows say why and what to do.',
    );
  });

  it('what is left could not be read: says so, not "Synced"', () => {
    expect(syncNowSaid(online, null, [])).toEqual({
      text: 'Sync ran, but what is left could not be read: the list below may be out of date.',
      ok: false,
    });
  });
});
