import { deserialize, serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { jsonBytes } from '../../../../main/ipc/size.js';
import { seededRandom } from '../../../helpers/seeded-random.js';
import { spyRouter } from './spy-router.js';

/** What a renderer's value is worth as JSON, as main's IPC router sizes a message before anything else. */
describe('a message sized as JSON', () => {
  it('is its JSON bytes when within the limit, for any JSON-like value', () => {
    const rand = seededRandom(20261127);
    const value = (depth: number): unknown => {
      const r = rand();
      if (depth > 4 || r < 0.3)
        return ['é', 'x'.repeat(Math.floor(rand() * 9)), '"\\\n', '💥', ''][Math.floor(rand() * 5)];
      if (r < 0.4) return [null, true, 12.5, -0, undefined][Math.floor(rand() * 5)];
      if (r < 0.7) return Array.from({ length: Math.floor(rand() * 4) }, () => value(depth + 1));
      return Object.fromEntries(Array.from({ length: Math.floor(rand() * 4) }, (_, i) => [`k${i}é`, value(depth + 1)]));
    };
    for (let i = 0; i < 2000; i++) {
      const v = value(0);
      const exact = Buffer.byteLength(JSON.stringify(v) ?? '', 'utf8');
      expect(jsonBytes(v, 1_000_000), JSON.stringify(v)).toBe(exact);
      // Never "surely over" a limit it is within; over it, either the bytes or Infinity.
      expect(jsonBytes(v, exact)).toBe(exact);
      if (exact > 0) expect([exact, Infinity]).toContain(jsonBytes(v, exact - 1));
    }
  });

  it('a cycle is no JSON', () => {
    const a: unknown[] = [];
    a.push({ again: a });
    expect(jsonBytes(a, 1_000_000)).toBeNull();
  });

  it('one array repeated at every level (as structured-clone IPC carries it) is over the limit, not spelled out', () => {
    let shared: unknown = 'x'.repeat(64);
    for (let i = 0; i < 40; i++) shared = [shared, shared];
    expect(jsonBytes(shared, 1_000_000)).toBe(Infinity);
  });
});

describe('main’s router given such a message over Electron IPC', () => {
  it('refuses it as too large; on the old code it spelled 2^24 copies out as one string first', async () => {
    let shared: unknown = 'x'.repeat(64);
    for (let i = 0; i < 24; i++) shared = [shared, shared];
    // Electron's IPC is structured clone, as v8's serializer: the sharing arrives as it was sent.
    const wire = serialize({ channel: 'app.ping', payload: shared });
    expect(wire.byteLength).toBeLessThan(1000);
    const { router, calls } = spyRouter();
    const r = await router.handle(deserialize(wire), { transport: 'test' });
    expect(r).toMatchObject({ ok: false, error: { code: 'too-large' } });
    expect(calls.size).toBe(0);
  });
});

describe('a settings patch whose keys a schema would trim into a prototype name', () => {
  it('is refused as hostile, not saved as "constructor" (zod trims record keys after the check)', async () => {
    const { router, calls } = spyRouter();
    for (const key of [' constructor ', '__proto__ ', '\tprototype']) {
      const r = await router.handle(
        {
          channel: 'settings.set',
          payload: { labsheetIdColumns: JSON.parse(`{${JSON.stringify(key)}: {"idColumn": "Sample ID"}}`) },
        },
        { transport: 'test' },
      );
      expect(r, key).toMatchObject({ ok: false, error: { code: 'invalid-message' } });
    }
    expect(calls.size).toBe(0);
  });
});
