import { describe, expect, it } from 'vitest';
import { AuthError, ConflictError, NetworkError, TimeoutError } from '../../../../main/api/errors.js';
import { observed, type CallOutcome } from '../../../../main/api/observe.js';

const init = { endpoint: 'fetchLabspaceList' as const };

async function outcomes(call: () => Promise<unknown>): Promise<{ seen: CallOutcome[]; threw: unknown }> {
  const seen: CallOutcome[] = [];
  let threw: unknown = null;
  await observed((o) => seen.push(o), call).catch((err: unknown) => (threw = err));
  return { seen, threw };
}

describe('observed: every service call keeps the connection banners truthful', () => {
  it('an answer reports ok and passes the value through', async () => {
    const seen: CallOutcome[] = [];
    expect(
      await observed(
        (o) => seen.push(o),
        async () => 42,
      ),
    ).toBe(42);
    expect(seen).toEqual(['ok']);
  });

  it('no answer, or none in time, is "network"; a refused token is "auth"; the error is rethrown as it was', async () => {
    for (const [err, expected] of [
      [new NetworkError('Could not reach the service', init), 'network'],
      [new TimeoutError('No answer in time', init), 'network'],
      [new AuthError('Token refused', { ...init, status: 401 }), 'auth'],
    ] as const) {
      const { seen, threw } = await outcomes(async () => {
        throw err;
      });
      expect(seen).toEqual([expected]);
      expect(threw).toBe(err);
    }
  });

  it('a server that answered with an error says nothing about the connection', async () => {
    const err = new ConflictError('Duplicate folder name', { ...init, status: 409 });
    const { seen, threw } = await outcomes(async () => {
      throw err;
    });
    expect(seen).toEqual([]);
    expect(threw).toBe(err);
  });
});
