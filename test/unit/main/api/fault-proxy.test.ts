import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../../../helpers/fault-proxy.js';
import { seededRandom } from '../../../helpers/seeded-random.js';
import { startStub, type Stub } from './stub-server.js';

let stub: Stub;
let proxy: FaultProxy;
beforeAll(async () => {
  stub = await startStub();
  proxy = await startFaultProxy({ target: stub.url, random: seededRandom(7) });
});
afterAll(async () => {
  await proxy.close();
  await stub.close();
});
beforeEach(() => {
  stub.script({ status: 200, body: { items: [{ name: 'a' }], total: 1, success: true } });
  proxy.setFaults([]);
  proxy.requests.length = 0;
  stub.seen.length = 0;
});

const get = (path = '/labsheets/fetch-list') => fetch(`${proxy.url}${path}`);

describe('fault proxy', () => {
  it('forwards untouched without faults', async () => {
    const res = await get();
    expect(await res.json()).toEqual({ items: [{ name: 'a' }], total: 1, success: true });
    expect(proxy.requests).toEqual([
      {
        method: 'GET',
        path: '/labsheets/fetch-list',
        url: '/labsheets/fetch-list',
        status: 200,
        fault: null,
        forwarded: true,
      },
    ]);
  });

  it('answers a status with Retry-After instead of the server, for a count of requests', async () => {
    proxy.setFaults([
      { path: '/labsheets/fetch-list', fault: { kind: 'status', status: 429, retryAfter: '1' }, count: 1 },
    ]);
    const first = await get();
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('1');
    expect((await get()).status).toBe(200);
    expect(stub.seen).toHaveLength(1);
  });

  it('resets after forwarding: the server saw it, the client gets no answer', async () => {
    proxy.setFaults([{ fault: { kind: 'reset-after' } }]);
    await expect(get()).rejects.toThrow();
    expect(stub.seen).toHaveLength(1);
    expect(proxy.requests[0]).toMatchObject({ status: 0, fault: 'reset-after', forwarded: true });
  });

  it('resets before forwarding: the server never saw it', async () => {
    proxy.setFaults([{ fault: { kind: 'reset-before' } }]);
    await expect(get()).rejects.toThrow();
    expect(stub.seen).toHaveLength(0);
  });

  it('mangles answers: truncated, malformed, wrong-typed field', async () => {
    proxy.setFaults([
      { fault: { kind: 'truncate' }, count: 1 },
      { fault: { kind: 'malformed' }, count: 1 },
      { fault: { kind: 'wrong-type', field: 'items.0.name' }, count: 1 },
    ]);
    await expect((await get()).json()).rejects.toThrow();
    await expect((await get()).json()).rejects.toThrow();
    expect(await (await get()).json()).toEqual({ items: [{ name: { not: 'a string' } }], total: 1, success: true });
  });

  it('adds latency and selects by path and probability with a seeded random', async () => {
    proxy.setFaults([{ path: /^\/labsheets\//, fault: { kind: 'latency', ms: 80 } }]);
    const t = Date.now();
    await get();
    expect(Date.now() - t).toBeGreaterThanOrEqual(70);
    await get('/sequences');
    // Selection by path is read from the log, not from timing (timing is noisy on a shared CPU).
    expect(proxy.requests.map((r) => [r.path, r.fault])).toEqual([
      ['/labsheets/fetch-list', 'latency'],
      ['/sequences', null],
    ]);

    proxy.setFaults([{ fault: { kind: 'status', status: 503 }, probability: 0.5 }]);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) statuses.push((await get()).status);
    const failures = statuses.filter((s) => s === 503).length;
    expect(failures).toBeGreaterThan(3);
    expect(failures).toBeLessThan(17);
  });

  it('refuses non-loopback targets', async () => {
    await expect(startFaultProxy({ target: 'http://example.com' })).rejects.toThrow(/loopback/);
  });
});
