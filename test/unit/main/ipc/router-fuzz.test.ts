import { describe, expect, it } from 'vitest';
import { CHANNELS, CHANNEL_NAMES } from '../../../../shared/ipc/contract.js';
import { seededRandom as prng } from '../../../helpers/seeded-random.js';
import { spyRouter, totalCalls } from './spy-router.js';

const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
];

function randomValue(rand: () => number, depth = 0): unknown {
  const pick = Math.floor(rand() * (depth > 3 ? 7 : 10));
  switch (pick) {
    case 0:
      return null;
    case 1:
      return rand() < 0.5;
    case 2:
      return [0, -1, 1e308, -0, 2 ** 53 + 1, NaN, Infinity][Math.floor(rand() * 7)];
    case 3:
      return 'x'.repeat(Math.floor(rand() * 50));
    case 4:
      return ['', '\u0000', '../../etc/passwd', '<script>', 'A1', 'token', '💥'][Math.floor(rand() * 7)];
    case 5:
      return undefined;
    case 6:
      return HOSTILE_KEYS[Math.floor(rand() * HOSTILE_KEYS.length)];
    case 7:
      return Array.from({ length: Math.floor(rand() * 5) }, () => randomValue(rand, depth + 1));
    default: {
      const o: Record<string, unknown> = {};
      for (let i = 0; i < Math.floor(rand() * 5); i++) {
        const key =
          rand() < 0.3 ? HOSTILE_KEYS[Math.floor(rand() * HOSTILE_KEYS.length)]! : `k${Math.floor(rand() * 9)}`;
        Object.defineProperty(o, key, {
          value: randomValue(rand, depth + 1),
          enumerable: true,
          configurable: true,
          writable: true,
        });
      }
      return o;
    }
  }
}

describe('IPC router under hostile input', () => {
  it('answers random envelopes with error results, never throws and never reaches a service', async () => {
    const { router, calls } = spyRouter();
    const rand = prng(20261123);
    for (let i = 0; i < 3000; i++) {
      const message = rand() < 0.5 ? randomValue(rand) : { channel: randomValue(rand), payload: randomValue(rand) };
      const r = await router.handle(message, { transport: 'test' });
      expect(r.ok, `case ${i}`).toBe(false);
    }
    expect(totalCalls(calls)).toBe(0);
  });

  it('validates random payloads on every channel: a handler runs only for contract-valid payloads', async () => {
    const { router, calls } = spyRouter();
    const rand = prng(7);
    let valid = 0;
    for (let i = 0; i < 4000; i++) {
      const channel = CHANNEL_NAMES[Math.floor(rand() * CHANNEL_NAMES.length)]!;
      const payload = randomValue(rand);
      const before = totalCalls(calls);
      const r = await router.handle({ channel, payload }, { transport: 'test' });
      const reached = totalCalls(calls) > before;
      // Independent oracle: the contract's own schema (JSON round trip, as on the wire).
      const wire = payload === undefined ? undefined : JSON.parse(JSON.stringify(payload));
      const schemaOk =
        CHANNELS[channel].request.safeParse(wire).success && !JSON.stringify(wire ?? null).includes('"__proto__"');
      if (reached) valid++;
      if (!reached) expect(r.ok, `case ${i} ${channel}`).toBe(false);
      if (reached) expect(schemaOk, `case ${i} ${channel} reached a handler with an invalid payload`).toBe(true);
    }
    // Random junk is sometimes valid (e.g. {} for app.info); the rest never reached a service.
    expect(valid).toBeGreaterThan(0);
    expect(valid).toBeLessThan(4000);
  });

  it('refuses unknown channels, including names that exist on Object.prototype', async () => {
    const { router, calls } = spyRouter();
    for (const channel of [
      'nope',
      'app.info ',
      'APP.INFO',
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      'lab.createLabsheet',
      'lab.sendWebhook',
    ]) {
      const r = await router.handle({ channel, payload: {} }, { transport: 'test' });
      expect(r).toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
    }
    expect(totalCalls(calls)).toBe(0);
  });

  it('refuses prototype-pollution payloads and leaves Object.prototype untouched', async () => {
    const { router, calls } = spyRouter();
    const texts = [
      '{"channel":"settings.set","payload":{"__proto__":{"polluted":true}}}',
      '{"channel":"settings.set","payload":{"ui":{"__proto__":{"polluted":true}}}}',
      '{"channel":"settings.set","payload":{"constructor":{"prototype":{"polluted":true}}}}',
      '{"channel":"app.info","payload":{},"__proto__":{"polluted":true}}',
      '{"channel":"settings.set","payload":{"scanner":{"__proto__":"x"}}}',
      '{"channel":"lab.fetchLabsheetRows","payload":{"labsheet":"a","__proto__":{"polluted":true}}}',
    ];
    for (const t of texts) {
      const r = await router.handle(JSON.parse(t), { transport: 'test' });
      expect(r.ok, t).toBe(false);
    }
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(totalCalls(calls)).toBe(0);
  });

  it('refuses oversized and unserializable messages before parsing them', async () => {
    const { router, calls } = spyRouter();
    const big = await router.handle(
      { channel: 'settings.set', payload: { scanner: { a: 'x'.repeat(2_000_000) } } },
      { transport: 'test' },
    );
    expect(big).toMatchObject({ ok: false, error: { code: 'too-large' } });
    const cyclic: Record<string, unknown> = { channel: 'app.info' };
    cyclic['payload'] = cyclic;
    expect(await router.handle(cyclic, { transport: 'test' })).toMatchObject({
      ok: false,
      error: { code: 'invalid-message' },
    });
    expect(await router.handle({ channel: 'app.info', payload: { n: 10n } }, { transport: 'test' })).toMatchObject({
      ok: false,
      error: { code: 'invalid-message' },
    });
    expect(await router.handle({ channel: 'app.info', payload: {} }, { transport: 'test' }, 10_000_000)).toMatchObject({
      ok: false,
      error: { code: 'too-large' },
    });
    expect(totalCalls(calls)).toBe(0);
  });

  it('passes valid messages through to exactly one handler', async () => {
    const { router, calls } = spyRouter();
    expect(await router.handle({ channel: 'app.info', payload: {} }, { transport: 'test' })).toMatchObject({
      ok: true,
    });
    expect(
      await router.handle({ channel: 'settings.set', payload: { ui: { highContrast: true } } }, { transport: 'test' }),
    ).toMatchObject({ ok: true });
    expect(
      await router.handle(
        { channel: 'lab.fetchLabsheetRows', payload: { labsheet: 'Samples', page: '2' } },
        { transport: 'test' },
      ),
    ).toMatchObject({ ok: true });
    expect(Object.fromEntries(calls)).toEqual({ 'app.info': 1, 'settings.set': 1, 'lab.fetchLabsheetRows': 1 });
  });

  it("checks main's own answers on lab.* channels too: a handler answering outside the contract is an internal error", async () => {
    const { router } = spyRouter();
    const r = await router.handle({ channel: 'lab.fetchLabspaceList', payload: {} }, { transport: 'test' });
    expect(r).toMatchObject({ ok: false, error: { code: 'internal' } });
  });

  it('logs rejections with the token redacted', async () => {
    const { router, lines } = spyRouter();
    const secret = 'sk_live_0123456789abcdef';
    await router.handle({ channel: 'token.set', payload: { token: `${secret} with spaces` } }, { transport: 'test' });
    await router.handle({ channel: 'token.set', payload: { token: secret, extra: 1 } }, { transport: 'test' });
    await router.handle(
      { channel: 'token.test', payload: { token: secret, nested: { apiKey: secret, password: secret } } },
      { transport: 'test' },
    );
    await router.handle(
      { channel: 'settings.set', payload: { Authorization: `Bearer ${secret}` } },
      { transport: 'test' },
    );
    expect(lines.length).toBeGreaterThanOrEqual(4);
    expect(lines.some((l) => l.includes('[redacted]'))).toBe(true);
    for (const l of lines) expect(l).not.toContain(secret.slice(0, 12));
  });
});
