import { afterEach, describe, expect, it } from 'vitest';
import { inProcessApi } from '../../../helpers/in-process-api.js';
import { customServiceOnMain } from '../api/stub-on-main.js';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const p of open.splice(0).reverse()) await p.close();
});

const customService = () => customServiceOnMain(open);

describe('Test connection', () => {
  it('with no token stored says "enter a token first", sends nothing, and does not mark the token refused', async () => {
    const { p, stub, connection } = await customService();
    // The saved connection (Access token card, nothing typed) and a draft (Connection card).
    const saved = await p.call('token.test', {});
    const draft = await p.call('connection.test', { connection });
    for (const r of [saved, draft]) {
      expect(r).toMatchObject({ ok: false, kind: 'no-token' });
      expect(r.message).toMatch(/Enter a token first/);
      expect(r.message).not.toMatch(/refused/);
    }
    expect(stub.seen).toHaveLength(0);
    expect(await p.call('token.status', {})).toMatchObject({ set: false, rejected: false });
  });

  it("a 403 in the service's own words (a scope the token lacks) is not told as a refused token, nor marked so", async () => {
    const { p, stub, connection } = await customService();
    await p.call('token.set', { token: 'tok_scoped_123456', connection });
    stub.script({ status: 403, body: { success: false, message: 'User is not authorized to access this resource' } });
    const r = await p.call('token.test', {});
    expect(r).toMatchObject({ ok: false, kind: 'auth' });
    expect(r.message).toBe(
      'The service accepted the token but refused the test read, the labspace list (HTTP 403, "User is not ' +
        'authorized to access this resource"): the token may not have access to it. Changes it has access to are still sent.',
    );
    expect(await p.call('token.status', {})).toMatchObject({ rejected: false });
  });

  it('a token the server refuses (401) is still told as refused, and marked so', async () => {
    const { p, stub, connection } = await customService();
    await p.call('token.set', { token: 'tok_wrong_123456', connection });
    stub.script({ status: 401, body: { success: false, message: 'Unauthorized' } });
    expect(await p.call('token.test', {})).toMatchObject({ ok: false, kind: 'auth' });
    expect(await p.call('token.status', {})).toMatchObject({ rejected: true });
  });

  it('against a service that never answers, gives up after one try within about 10 s', async () => {
    const { p, stub, connection } = await customService();
    await p.call('token.set', { token: 'tok_some_123456', connection });
    stub.script({ hang: true });
    const started = Date.now();
    const r = await p.call('connection.test', { connection });
    const took = Date.now() - started;
    expect(r).toMatchObject({ ok: false, kind: 'network' });
    expect(took).toBeGreaterThanOrEqual(9_000);
    expect(took).toBeLessThan(14_000);
    expect(stub.seen).toHaveLength(1);
  }, 20_000);

  it('of the local sandbox in the other API mode leaves the running sandbox alone and says to switch first', async () => {
    const p = await inProcessApi();
    open.push(p);
    expect(await p.call('connection.test', {})).toMatchObject({ ok: true });
    const before = (await p.call('app.status', {})).connection;
    expect(before).toMatchObject({ state: 'ready', label: expect.stringContaining('API v2') });
    const r = await p.call('connection.test', { connection: { kind: 'local-sandbox', mode: 'legacy' } });
    expect(r).toMatchObject({ ok: false, kind: 'error' });
    expect(r.message).toMatch(/running in API v2 mode.*Save the connection to switch to it, then test it/);
    // The same sandbox, still up, still in v2: nothing using it was cut off.
    expect((await p.call('app.status', {})).connection).toEqual(before);
    expect(await p.call('connection.test', { connection: { kind: 'local-sandbox', mode: 'v2' } })).toMatchObject({
      ok: true,
    });
  });
});
