/**
 * The client's failure behaviour through the fault proxy in front of the real sandbox: which calls
 * are retried, how long they wait, what a mangled or lost answer becomes, and that the token
 * never leaks into a message or a log line.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLabClient, type LabClientOptions } from '../../../main/api/client.js';
import {
  ApiError,
  ConflictError,
  NetworkError,
  ProtocolError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  UnreadableAnswerError,
} from '../../../main/api/errors.js';
import { startFaultProxy, type FaultProxy } from '../../helpers/fault-proxy.js';
import { seededRandom } from '../../helpers/seeded-random.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';

describe.each(['v2', 'legacy'] as const)('client through the fault proxy (%s mode)', (mode) => {
  let sandbox: TestSandbox;
  let proxy: FaultProxy;
  let dir: string;
  const logs: string[] = [];
  const errors: ApiError[] = [];
  let sleeps: number[] = [];

  const client = (over: Partial<LabClientOptions> = {}) =>
    createLabClient({
      connection: { baseUrl: proxy.url, filesUrl: proxy.url, eventsUrl: proxy.url, mode },
      token: async () => sandbox.demoToken,
      random: seededRandom(1),
      // Recorded, not waited: the policy is asserted from the requested delays.
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      retry: { attempts: 4, baseDelayMs: 200, maxDelayMs: 2000, maxRetryAfterMs: 10_000 },
      onLog: (line) => logs.push(line),
      ...over,
    });
  const fail = async (p: Promise<unknown>): Promise<ApiError> => {
    const e = await p.then(
      () => null,
      (x: unknown) => x,
    );
    if (!(e instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(e)}`);
    errors.push(e);
    return e;
  };
  const unique = (p: string) => `${p} ${Math.random().toString(36).slice(2, 8)}`;
  const columns = [{ name: 'Tube ID', type: 'ID' as const }];

  beforeAll(async () => {
    sandbox = await startTestSandbox({ mode });
    proxy = await startFaultProxy({ target: sandbox.url, random: seededRandom(42) });
    dir = await mkdtemp(join(tmpdir(), 'benchlink-faults-'));
    await writeFile(join(dir, 'run.csv'), 'a,b\n1,2\n');
  });
  afterAll(async () => {
    await proxy.close();
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    proxy.setFaults([]);
    proxy.requests.length = 0;
    sleeps = [];
  });

  it('retries an idempotent read through 503 and 502, then succeeds', async () => {
    proxy.setFaults([
      { path: '/labsheets/fetch-list', fault: { kind: 'status', status: 503 }, count: 1 },
      { path: '/labsheets/fetch-list', fault: { kind: 'status', status: 502 }, count: 1 },
    ]);
    const out = await client().fetchLabsheetList({});
    expect(out.items.length).toBeGreaterThan(0);
    expect(proxy.requests.map((r) => r.status)).toEqual([503, 502, 200]);
    expect(sleeps).toHaveLength(2);
  });

  it('retries an idempotent write whose answer was lost (the replay is harmless)', async () => {
    proxy.setFaults([{ path: '/manifest/update', fault: { kind: 'reset-after' }, count: 1 }]);
    const out = await client().updateManifest({
      hrid: 'PL-0001',
      plate: { wells: [{ position: 'D4', label: 'BLANK' }] },
    });
    expect(out.success).toBe(true);
    expect(proxy.requests.map((r) => [r.status, r.forwarded])).toEqual([
      [0, true],
      [200, true],
    ]);
  });

  it('never retries a non-idempotent call: a 503 is reported once, uncertain', async () => {
    proxy.setFaults([{ path: '/labsheets/create', fault: { kind: 'status', status: 503, forward: true } }]);
    const e = await fail(client().createLabsheet({ name: unique('Five'), columns }));
    expect(e).toBeInstanceOf(ServerError);
    expect(e.uncertain).toBe(true);
    expect(proxy.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('non-idempotent + reset after forwarding → uncertain NetworkError; the labsheet did get created', async () => {
    const name = unique('Lost');
    proxy.setFaults([{ path: '/labsheets/create', fault: { kind: 'reset-after' }, count: 1 }]);
    const e = await fail(client().createLabsheet({ name, columns }));
    expect(e).toBeInstanceOf(NetworkError);
    expect(e.uncertain).toBe(true);
    expect(e.message).toMatch(/may have reached the server; its outcome is uncertain/);
    expect(proxy.requests).toEqual([
      expect.objectContaining({ path: '/labsheets/create', forwarded: true, status: 0 }),
    ]);
    // Why blind resending is wrong: the server applied it, so a resend conflicts. Reconcile by name instead.
    const list = await client().fetchLabsheetList({});
    expect(list.items.map((i) => i.name)).toContain(name);
    expect(await fail(client().createLabsheet({ name, columns }))).toBeInstanceOf(ConflictError);
  });

  it('an upload whose answer is lost is not resent and is uncertain', async () => {
    proxy.setFaults([{ path: '/files/store-and-embed', fault: { kind: 'reset-after' } }]);
    const e = await fail(client().storeAndEmbedFiles({ files: [{ path: join(dir, 'run.csv') }] }));
    expect(e.uncertain).toBe(true);
    expect(proxy.requests).toHaveLength(1);
  });

  it('honours Retry-After from a 429 (seconds and HTTP-date)', async () => {
    proxy.setFaults([
      { path: '/sequences', fault: { kind: 'status', status: 429, retryAfter: '2' }, count: 1 },
      {
        path: '/sequences',
        fault: { kind: 'status', status: 429, retryAfter: new Date(Date.now() + 3000).toUTCString() },
        count: 1,
      },
    ]);
    await client().listSequences({ page: 0 });
    expect(sleeps[0]).toBe(2000);
    // HTTP-dates have whole-second resolution: between 1 and 3 s from now.
    expect(sleeps[1]).toBeGreaterThanOrEqual(1000);
    expect(sleeps[1]).toBeLessThanOrEqual(3000);
    expect(proxy.requests.map((r) => r.status)).toEqual([429, 429, 200]);
  });

  it('waits out Retry-After in real time with the default sleep', async () => {
    proxy.setFaults([
      { path: '/labspace/fetch-list', fault: { kind: 'status', status: 429, retryAfter: '1' }, count: 1 },
    ]);
    // No injected sleep: the client's own timer must wait the full second.
    const real = createLabClient({
      connection: { baseUrl: proxy.url, filesUrl: proxy.url, eventsUrl: proxy.url, mode },
      token: async () => sandbox.demoToken,
    });
    const started = Date.now();
    await real.fetchLabspaceList({});
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('a 429 on a non-idempotent call is returned with its Retry-After, not retried', async () => {
    proxy.setFaults([{ path: '/webhook/custom', fault: { kind: 'status', status: 429, retryAfter: '7' } }]);
    const e = await fail(client().sendWebhook({ event: 'x' }));
    expect(e).toBeInstanceOf(RateLimitedError);
    expect((e as RateLimitedError).retryAfterMs).toBe(7000);
    expect(e.uncertain).toBe(false);
    expect(proxy.requests).toHaveLength(1);
  });

  it.each([
    ['truncated JSON', { kind: 'truncate' } as const, /not valid JSON/],
    ['malformed JSON', { kind: 'malformed' } as const, /not valid JSON/],
    ['wrong-typed field', { kind: 'wrong-type', field: 'items.0.name' } as const, /items\.0\.name/],
  ])('%s becomes a ProtocolError naming the endpoint (and the field)', async (_label, fault, reason) => {
    proxy.setFaults([{ path: '/labsheets/fetch-list', fault }]);
    const e = await fail(client().fetchLabsheetList({}));
    expect(e).toBeInstanceOf(ProtocolError);
    expect(e.message).toContain('fetchLabsheetList');
    expect(e.reason).toMatch(reason);
    // A mangled answer is not a transient network fault: not retried.
    expect(proxy.requests).toHaveLength(1);
  });

  it('a malformed 2xx answer to a write means it was accepted: never uncertain, never resent', async () => {
    proxy.setFaults([{ path: '/labspace/create', fault: { kind: 'wrong-type', field: 'uuid' } }]);
    const name = unique('Sp');
    const e = await fail(client().createLabspace({ name }));
    expect(e).toBeInstanceOf(UnreadableAnswerError);
    expect(e.reason).toMatch(/^uuid/);
    expect(e.uncertain).toBe(false);
    expect(proxy.requests).toHaveLength(1);
    // It was applied: the labspace exists.
    expect((await client().fetchLabspaceList({})).items.map((i) => i.name)).toContain(name);
  });

  it('latency beyond the timeout: reads time out and retry, writes report uncertain', async () => {
    proxy.setFaults([{ path: '/labspace/folder/fetch', fault: { kind: 'latency', ms: 1500 }, count: 1 }]);
    const out = await client({ timeoutMs: 500 }).fetchFolder({ name: 'Inventory' });
    expect(out.name).toBe('Inventory');
    expect(sleeps).toHaveLength(1);

    proxy.setFaults([{ path: '/labsheets/create', fault: { kind: 'latency', ms: 1500 } }]);
    const e = await fail(client({ timeoutMs: 500 }).createLabsheet({ name: unique('Slow'), columns }));
    expect(e).toBeInstanceOf(TimeoutError);
    expect(e.uncertain).toBe(true);
  });

  it('reset before forwarding: a read is retried and the server sees it once', async () => {
    proxy.setFaults([{ path: '/labspace/fetch', fault: { kind: 'reset-before' }, count: 2 }]);
    const out = await client().fetchLabspace({ name: 'Cell Culture' });
    expect(out.data.name).toBe('Cell Culture');
    expect(proxy.requests.map((r) => r.forwarded)).toEqual([false, false, true]);
  });

  it('random faults on reads (seeded) are absorbed by the retry policy', async () => {
    proxy.setFaults([
      { path: /^\/(labsheets\/fetch-list-rows|sequences)$/, fault: { kind: 'status', status: 503 }, probability: 0.3 },
    ]);
    for (let i = 0; i < 10; i += 1) {
      await client({ retry: { attempts: 8, baseDelayMs: 1, maxDelayMs: 1 } }).fetchLabsheetRows({
        labsheet: 'Samples',
        page: i + 1,
        pageSize: 20,
      });
    }
    const faults = proxy.requests.filter((r) => r.status === 503).length;
    expect(faults).toBeGreaterThan(0);
    expect(proxy.requests.filter((r) => r.status === 200)).toHaveLength(10);
  });

  it('the token appears in no error message and no log line', () => {
    const piece = sandbox.demoToken.slice(0, 8);
    expect(errors.length).toBeGreaterThan(8);
    expect(logs.length).toBeGreaterThan(30);
    for (const e of errors) {
      expect(e.message).not.toContain(piece);
      expect(String(e.reason)).not.toContain(piece);
      expect(String(e.stack)).not.toContain(piece);
      expect(JSON.stringify(e.cause ?? null, Object.getOwnPropertyNames(e.cause ?? {}))).not.toContain(piece);
    }
    for (const line of logs) expect(line).not.toContain(piece);
  });
});
