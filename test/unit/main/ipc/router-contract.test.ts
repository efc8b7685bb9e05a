import { DEFAULT_SETTINGS } from '../../../../shared/ipc/settings.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { channel } from '../../../../shared/ipc/channel.js';
import { CHANNELS, CHANNEL_NAMES, isChannelName, isEventName } from '../../../../shared/ipc/contract.js';
import { IpcFailure } from '../../../../main/ipc/failure.js';
import { createRouter } from '../../../../main/ipc/router.js';
import { createEventHub } from '../../../../main/ipc/events.js';
import { NetworkError } from '../../../../main/api/errors.js';
import type { Logger } from '../../../../main/common/logger.js';

const quiet: Logger = { info: () => {}, warn: () => {}, error: () => {} };

/** A channel table of its own shows what "add a channel" means: one entry and one handler. */
const demo = {
  'demo.echo': channel({
    request: z.strictObject({ text: z.string().max(10) }),
    response: z.strictObject({ text: z.string() }),
  }),
  'demo.leaky': channel({ request: z.strictObject({}), response: z.strictObject({ ok: z.boolean() }) }),
  'demo.fails': channel({
    request: z.strictObject({ how: z.enum(['failure', 'service', 'crash']) }),
    response: z.strictObject({}),
  }),
  'demo.bulk': channel({
    request: z.strictObject({ data: z.string() }),
    response: z.strictObject({}),
    maxBytes: 4 * 1024 * 1024,
  }),
};

function demoRouter(lines: string[] = []) {
  const log: Logger = {
    info: () => {},
    warn: (m, f) => lines.push(`${m} ${JSON.stringify(f)}`),
    error: (m, f) => lines.push(`${m} ${JSON.stringify(f)}`),
  };
  return createRouter({
    channels: demo,
    log,
    handlers: {
      'demo.echo': ({ text }) => ({ text }),
      // A bug that would leak a secret: the strict response schema stops it.
      'demo.leaky': () => ({ ok: true, token: 'sk_live_secret' }) as unknown as { ok: boolean },
      'demo.fails': ({ how }) => {
        if (how === 'failure') throw new IpcFailure('unavailable', 'Not in the browser.');
        if (how === 'service') throw new NetworkError('cannot reach', { endpoint: 'fetchLabsheetList' });
        throw new Error('internal detail /home/user/secret-path');
      },
      'demo.bulk': () => ({}),
    },
  });
}

describe('router contract', () => {
  it('dispatches a valid message and answers the handler result', async () => {
    expect(await demoRouter().handle({ channel: 'demo.echo', payload: { text: 'hi' } }, { transport: 'test' })).toEqual(
      { ok: true, value: { text: 'hi' } },
    );
  });

  it('checks results too: a result outside the contract becomes an internal error, never leaks', async () => {
    const r = await demoRouter().handle({ channel: 'demo.leaky', payload: {} }, { transport: 'test' });
    expect(r).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(r)).not.toContain('sk_live_secret');
  });

  it('maps handler failures: explained, service, and crashes without their details', async () => {
    const router = demoRouter();
    expect(await router.handle({ channel: 'demo.fails', payload: { how: 'failure' } }, { transport: 'test' })).toEqual({
      ok: false,
      error: { code: 'unavailable', message: 'Not in the browser.' },
    });
    expect(
      await router.handle({ channel: 'demo.fails', payload: { how: 'service' } }, { transport: 'test' }),
    ).toMatchObject({ ok: false, error: { code: 'service', kind: 'network' } });
    const crash = await router.handle({ channel: 'demo.fails', payload: { how: 'crash' } }, { transport: 'test' });
    expect(crash).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(crash)).not.toContain('secret-path');
  });

  it('applies per-channel size bounds', async () => {
    const router = demoRouter();
    expect(
      await router.handle({ channel: 'demo.bulk', payload: { data: 'x'.repeat(1024 * 1024) } }, { transport: 'test' }),
    ).toMatchObject({ ok: true });
    expect(
      await router.handle({ channel: 'demo.echo', payload: { text: 'x'.repeat(1024 * 1024) } }, { transport: 'test' }),
    ).toMatchObject({ ok: false, error: { code: 'too-large' } });
  });

  it('reports which field was wrong', async () => {
    const r = await demoRouter().handle({ channel: 'demo.echo', payload: { text: 5 } }, { transport: 'test' });
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid-message', issues: [{ path: 'text' }] } });
  });

  it('looks channel and event names up as own properties only', () => {
    expect(isChannelName('app.info')).toBe(true);
    for (const n of ['__proto__', 'constructor', 'toString', 'valueOf', '', 42, null]) {
      expect(isChannelName(n)).toBe(false);
      expect(isEventName(n)).toBe(false);
    }
  });

  it('no token channel can answer with a token value (strict response schemas)', () => {
    // Every token channel, those added later too.
    const tokenChannels = CHANNEL_NAMES.filter((n) => n.startsWith('token.'));
    expect(tokenChannels).toEqual(
      expect.arrayContaining(['token.status', 'token.set', 'token.clear', 'token.restore']),
    );
    for (const name of tokenChannels) {
      const withToken = {
        set: true,
        stored: 'memory-only',
        source: 'user',
        rejected: false,
        notReceived: false,
        storeProblem: null,
        ok: true,
        kind: 'ok',
        message: 'x',
        token: 'secret',
      };
      expect(CHANNELS[name].response.safeParse(withToken).success, name).toBe(false);
    }
  });

  it('events are validated before delivery and a failing sink does not stop the others', () => {
    const hub = createEventHub(quiet);
    const got: string[] = [];
    hub.addSink(() => {
      throw new Error('closed socket');
    });
    hub.addSink((e) => got.push(e));
    hub.emit('settings.changed', { ...DEFAULT_SETTINGS, ui: { ...DEFAULT_SETTINGS.ui, highContrast: true } });
    // Deliberately wrong payload: dropped, not delivered.
    hub.emit('settings.changed', { version: 2 } as never);
    expect(got).toEqual(['settings.changed']);
  });
});
