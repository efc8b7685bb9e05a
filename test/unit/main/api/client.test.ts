import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLabClient, type LabClientOptions } from '../../../../main/api/client.js';
import {
  ApiError,
  AuthError,
  BadRequestError,
  CancelledError,
  NetworkError,
  ProtocolError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  UnreadableAnswerError,
  ValidationError,
} from '../../../../main/api/errors.js';
import { ENDPOINT_NAMES } from '../../../../shared/api/endpoints.js';
import type { UpdateRowsByIdRequest } from '../../../../shared/api/labsheets.js';
import { startStub, type Stub } from './stub-server.js';

const TOKEN = '5f0c2a1e-7d4b-4c1a-9e3f-secret000001';
let stub: Stub;
let logs: string[];
let sleeps: number[];

beforeAll(async () => {
  stub = await startStub();
});
afterAll(async () => {
  await stub.close();
});
beforeEach(() => {
  stub.seen.length = 0;
  logs = [];
  sleeps = [];
});

function client(over: Partial<LabClientOptions> = {}) {
  return createLabClient({
    connection: stub.connection(),
    token: async () => TOKEN,
    random: () => 0.5,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    retry: { attempts: 4, baseDelayMs: 100, maxDelayMs: 1000, maxRetryAfterMs: 10_000 },
    onLog: (line) => logs.push(line),
    ...over,
  });
}

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected a failure');
}

const createReq = { name: 'Tubes', columns: [{ name: 'Tube ID', type: 'ID' as const }] };

describe('client surface', () => {
  it('has one method per ENDPOINTS entry plus findSequenceByName', () => {
    const c = client();
    for (const name of ENDPOINT_NAMES) expect(typeof c[name]).toBe('function');
    expect(typeof c.findSequenceByName).toBe('function');
  });
});

describe('requests on the wire', () => {
  it('sends bearer auth and JSON, and accepts 201 with a string success and extra fields', async () => {
    stub.script({ status: 201, body: { name: 'Tubes', uuid: 'u1', path: 'Tubes', success: 'true', extra: 1 } });
    const out = await client().createLabsheet(createReq);
    expect(out).toEqual({ name: 'Tubes', uuid: 'u1', path: 'Tubes', success: true });
    const req = stub.seen[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/labsheets/create');
    expect(req.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(req.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req.body)).toEqual(createReq);
  });

  it('accepts 200 for create labsheet too (legacy mode)', async () => {
    stub.script({ status: 200, body: { name: 'Tubes', uuid: 'u1', path: 'Tubes', success: true } });
    await expect(client({ connection: stub.connection('legacy') }).createLabsheet(createReq)).resolves.toMatchObject({
      uuid: 'u1',
    });
  });

  it('reads an answer that starts with a byte-order mark as the JSON after it, on reads and writes', async () => {
    const bom = (body: unknown) => ({ status: 200, raw: `\uFEFF${JSON.stringify(body)}` });
    stub.script(bom({ headers: ['uuid'], rows: [['r1']], total: 1, success: true }));
    // On the old code: "not valid JSON" for the read, and the write's answer taken as unreadable.
    await expect(client().fetchLabsheetRows({ labsheet: 'Tubes', page: 1, pageSize: 10 })).resolves.toMatchObject({
      rows: [['r1']],
    });
    stub.script(bom({ name: 'Tubes', uuid: 'u1', path: 'Tubes', success: true }));
    await expect(client().createLabsheet(createReq)).resolves.toMatchObject({ uuid: 'u1' });
  });

  it('puts GET parameters in the query string', async () => {
    stub.script({ status: 200, body: { headers: ['uuid'], rows: [['r1']], total: 1, success: 'true' } });
    await client().fetchLabsheetRows({ labsheet: 'Tubes', page: 2, pageSize: 10, archived: 'unarchived' });
    const req = stub.seen[0]!;
    expect(req.method).toBe('GET');
    expect(req.path).toBe('/labsheets/fetch-list-rows');
    expect(Object.fromEntries(req.query)).toEqual({
      labsheet: 'Tubes',
      page: '2',
      pageSize: '10',
      archived: 'unarchived',
    });
    expect(req.body).toBe('');
  });

  it('sends a space in a GET parameter as %20, which every decoder reads as a space ("+" only a form decoder does)', async () => {
    stub.script({ status: 200, body: { headers: ['uuid'], rows: [], total: 0, success: true } });
    await client().fetchLabsheetRows({ labsheet: 'Sample Registry+1 & co', page: 1, pageSize: 10 });
    // On the old code: labsheet=Sample+Registry%2B1+%26+co.
    expect(stub.seen[0]!.url).toBe(
      '/labsheets/fetch-list-rows?labsheet=Sample%20Registry%2B1%20%26%20co&pageSize=10&page=1',
    );
    expect(stub.seen[0]!.query.get('labsheet')).toBe('Sample Registry+1 & co');
  });

  it('sends the archive filter only when it narrows: `any` is the default, and the spec does not name the parameter', async () => {
    stub.script({ status: 200, body: { headers: ['uuid'], rows: [], total: 0, success: true } });
    // What the Data screen's row browser and search send until the user picks a filter.
    await client().fetchLabsheetRows({ labsheet: 'Tubes', page: 1, pageSize: 50, archived: 'any' });
    await client().fetchLabsheetRows({ labsheet: 'Tubes', archived: 'archived' });
    expect(stub.seen.map((r) => r.query.get('archived'))).toEqual([null, 'archived']);
    expect(Object.fromEntries(stub.seen[0]!.query)).toEqual({ labsheet: 'Tubes', page: '1', pageSize: '50' });
  });

  it('sends DELETE with a JSON body', async () => {
    stub.script({ status: 200, body: { success: true, name: 'Volume', uuid: 'c1' } });
    await client().deleteColumn({ labsheet: 'Tubes', columnName: 'Volume' });
    expect(stub.seen[0]!.method).toBe('DELETE');
    expect(JSON.parse(stub.seen[0]!.body)).toEqual({ labsheet: 'Tubes', columnName: 'Volume' });
  });

  it('findSequenceByName asks /sequences?name= and reads a single sequence', async () => {
    stub.script({
      status: 200,
      body: { success: true, sequence: { name: 'pUC19', type: 'DNA', uuid: 's1', sequence: 'ACGT', circular: true } },
    });
    const out = await client().findSequenceByName('pUC19');
    expect(out.sequence.uuid).toBe('s1');
    expect(stub.seen[0]!.url).toBe('/sequences?name=pUC19');
  });

  it('sends the webhook event type header, and anonymously only in legacy mode', async () => {
    stub.script({ status: 200, body: { success: true } });
    await client().sendWebhook({ event: 'plate.filled', plate: 'P1' }, { eventType: 'plate-filled' });
    expect(stub.seen[0]!.headers['service-event-type']).toBe('plate-filled');
    expect(stub.seen[0]!.path).toBe('/webhook/custom');

    await client({ connection: stub.connection('legacy'), token: async () => null }).sendWebhook({ event: 'x' });
    expect(stub.seen[1]!.headers.authorization).toBeUndefined();

    const e = await failure(client({ token: async () => null }).sendWebhook({ event: 'x' }));
    expect(e).toBeInstanceOf(AuthError);
    expect((e as AuthError).missing).toBe(true);
    expect(stub.seen).toHaveLength(2);
  });

  it('fetches the token for every request (a new token in the vault is used at once)', async () => {
    let n = 0;
    const c = client({ token: async () => `tok-${++n}` });
    stub.script({ status: 200, body: { items: [], total: 0, success: true } });
    await c.fetchLabsheetList({});
    await c.fetchLabsheetList({});
    expect(stub.seen.map((r) => r.headers.authorization)).toEqual(['Bearer tok-1', 'Bearer tok-2']);
  });
});

describe('validation', () => {
  it('rejects a bad request before sending, naming the field', async () => {
    const e = await failure(client().createLabsheet({ name: 'x'.repeat(31), columns: [{ name: 'A', type: 'TEXT' }] }));
    expect(e).toBeInstanceOf(ValidationError);
    expect(e.reason).toMatch(/name: at most 30 characters/);
    expect(e.reason).toMatch(/columns: exactly one column of type ID/);
    expect(stub.seen).toHaveLength(0);
  });

  it('checks row paging limits before sending', async () => {
    const e = await failure(client().fetchLabsheetRows({ labsheet: 'T', page: 50, pageSize: 1000 }));
    expect(e).toBeInstanceOf(BadRequestError);
    expect(e.reason).toMatch(/less than 50000/);
    expect(stub.seen).toHaveLength(0);
  });

  it('a read whose answer breaks the contract is a ProtocolError naming the endpoint and the field path', async () => {
    stub.script({ status: 200, body: { items: [{ name: { first: 'x' } }], total: 1, success: true } });
    const e = await failure(client().fetchLabsheetList({}));
    expect(e).toBeInstanceOf(ProtocolError);
    expect(e.message).toContain('fetchLabsheetList');
    expect(e.reason).toMatch(/items\.0\.name/);
  });

  it('a read with a non-JSON answer is a ProtocolError', async () => {
    stub.script({ status: 200, raw: '<html>gateway</html>' });
    expect(await failure(client().fetchLabsheetList({}))).toBeInstanceOf(ProtocolError);
  });

  it('a write the service accepted with a non-JSON answer is done with a note: never uncertain, never resent', async () => {
    stub.script({ status: 201, raw: '{"name": "Tub' });
    const e = await failure(client().createLabsheet(createReq));
    expect(e).toBeInstanceOf(UnreadableAnswerError);
    expect(e.uncertain).toBe(false);
    expect(e.message).toContain('accepted by the service; its answer was not understood');
    expect(stub.seen).toHaveLength(1);
  });

  describe('a web page answering instead of the service (a proxy, sign-in page or firewall between)', () => {
    const rows: UpdateRowsByIdRequest = { labsheet: 'Samples', rows: [{ 'Sample ID': 'S-1' }, { Status: 'thawed' }] };
    const page = '<!DOCTYPE html><html><body>Sign in to Corp SSO</body></html>';

    it('a 200 page to a write is no acceptance: unsure for a write not safe to repeat, tried again for one that is', async () => {
      // The old client took it for an unreadable acceptance, and the sync engine marked the write done.
      stub.script({ status: 200, raw: page, headers: { 'content-type': 'text/html' } });
      const hook = await failure(client().sendWebhook({ event: 'x' }));
      expect(hook).toBeInstanceOf(ProtocolError);
      expect(hook.uncertain).toBe(true);
      expect(hook.message).toMatch(/a web page answered, not the service/);
      stub.script({ status: 200, raw: page });
      const update = await failure(client({ retry: { attempts: 1 } }).updateRowsById(rows));
      expect(update).toBeInstanceOf(ProtocolError);
      expect(update.transient).toBe(true);
      expect(update.uncertain).toBe(false);
    });

    it('a 4xx page is no refusal of the request: a 404 is not "not found", a 403 not "no token"; a 401 stays the token’s', async () => {
      stub.script({ status: 404, raw: '<html><center>nginx</center></html>' });
      const gone = await failure(client({ retry: { attempts: 1 } }).updateRowsById(rows));
      expect(gone).toBeInstanceOf(ServerError);
      expect(gone.transient).toBe(true);
      stub.script({ status: 403, raw: '<html>Request blocked</html>' });
      const blocked = await failure(client().sendWebhook({ event: 'x' }));
      expect(blocked).toBeInstanceOf(ServerError);
      expect(blocked.uncertain).toBe(false);
      stub.script({ status: 401, raw: '<html>Unauthorized</html>' });
      expect(await failure(client().sendWebhook({ event: 'x' }))).toBeInstanceOf(AuthError);
    });
  });

  it('a redirect to a write not safe to repeat is unsure (a 303 says the POST was processed), and not tried again', async () => {
    stub.script({ status: 303, raw: '', headers: { location: '/webhook/custom/result/1' } });
    const e = await failure(client().sendWebhook({ event: 'x' }));
    expect(e).toBeInstanceOf(ProtocolError);
    // The old client's redirect was a plain transient failure: the engine sent the webhook 8 times.
    expect(e.uncertain).toBe(true);
    expect(stub.seen).toHaveLength(1);
  });

  it.each([['FALSE'], [0], ['False']])(
    'a 200 whose success is %j is a refusal, not an unreadable acceptance',
    async (flag) => {
      stub.script({ status: 200, body: { success: flag, message: 'Operation failed' } });
      const e = await failure(
        client().updateManifest({ hrid: 'PL-1', plate: { removeFromWells: [{ position: 'A1', fields: ['SAMPLE'] }] } }),
      );
      expect(e).not.toBeInstanceOf(UnreadableAnswerError);
      expect(e.message).toMatch(/success: false/);
    },
  );

  it('a write answered 2xx with an empty body or 204 is read as {}', async () => {
    stub.script({ status: 204 }, { status: 200, raw: '' });
    await expect(client().sendWebhook({ event: 'x' })).resolves.toEqual({});
    await expect(client().sendWebhook({ event: 'y' })).resolves.toEqual({});
  });

  it('reads what the spec allows: numeric strings, numeric ids, nulls for optional strings, unknown fields', async () => {
    stub.script(
      { status: 200, body: { items: [{ name: 'A', x: 1 }], total: '1', success: 'true', extra: { deep: [1] } } },
      { status: 200, body: [{ ID: 42, updatedRows: [{ uuid: 'u', success: 'true' }] }] },
      { status: 200, body: { success: true, requestId: 'r', status: 'IN_PROGRESS', message: null, result: null } },
      {
        status: 200,
        body: {
          name: 'P',
          template: '96 Well Plate',
          uuid: 'u',
          hrid: 'PL-1',
          barcode: null,
          emptySpaces: 90,
          lastUpdate: 't',
          success: true,
        },
      },
    );
    expect((await client().fetchLabsheetList({})).total).toBe(1);
    expect((await client().updateRowsById({ labsheet: 'S', rows: [{ 'Sample ID': '42' }] }))[0]).toMatchObject({
      ID: '42',
    });
    expect(await client().fetchLocationCreateStatus({ requestId: 'r' })).toMatchObject({
      status: 'IN_PROGRESS',
      result: undefined,
    });
    expect(await client().fetchManifestMetadata({ hrid: 'PL-1' })).toMatchObject({
      barcode: undefined,
      emptySpaces: 90,
    });
  });

  it('a 2xx with success: false is a refusal even without a message', async () => {
    stub.script({ status: 200, body: { success: false } });
    const e = await failure(client().fetchLabsheetList({}));
    expect(e).toBeInstanceOf(ServerError);
    expect(e.serverMessage).toBe('Operation failed');
  });
});

describe('retry policy in the loop', () => {
  it('retries an idempotent read on 503 with jittered exponential backoff', async () => {
    stub.script(
      { status: 503, body: { success: false, message: 'Operation failed' } },
      { status: 502 },
      { status: 200, body: { items: [], total: 0, success: true } },
    );
    await client().fetchLabsheetList({});
    expect(stub.seen).toHaveLength(3);
    expect(sleeps).toEqual([50, 100]);
  });

  it('gives up after the configured attempts with the last error', async () => {
    stub.script({ status: 504 });
    const e = await failure(client().fetchLabsheetList({}));
    expect(e).toBeInstanceOf(ServerError);
    expect(stub.seen).toHaveLength(4);
    expect(sleeps).toEqual([50, 100, 200]);
  });

  it('never retries a non-idempotent call, and marks a 5xx uncertain', async () => {
    stub.script({ status: 503, body: { success: false, message: 'Operation failed' } });
    const e = await failure(client().createLabsheet(createReq));
    expect(e).toBeInstanceOf(ServerError);
    expect(e.uncertain).toBe(true);
    expect(stub.seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('does not retry 500 or 4xx even when idempotent', async () => {
    stub.script({ status: 500, body: { success: false, message: 'Operation failed' } });
    await failure(client().fetchLabsheetList({}));
    stub.script({ status: 404, body: { success: false, message: 'Not found' } });
    await failure(client().fetchFolder({ name: 'x' }));
    expect(stub.seen).toHaveLength(2);
  });

  it('honours Retry-After as a floor for the wait', async () => {
    stub.script(
      { status: 429, headers: { 'retry-after': '3' } },
      { status: 200, body: { items: [], total: 0, success: true } },
    );
    await client().fetchLabsheetList({});
    expect(sleeps).toEqual([3000]);
  });

  it('returns a Retry-After beyond the cap to the caller instead of waiting', async () => {
    stub.script({ status: 429, headers: { 'retry-after': '120' } });
    const e = await failure(client().fetchLabsheetList({}));
    expect(e).toBeInstanceOf(RateLimitedError);
    expect((e as RateLimitedError).retryAfterMs).toBe(120_000);
    expect(sleeps).toEqual([]);
  });

  it("honours a 503's Retry-After too: a floor for the wait, and beyond the cap back to the caller", async () => {
    stub.script(
      { status: 503, headers: { 'retry-after': '3' } },
      { status: 200, body: { items: [], total: 0, success: true } },
    );
    await client().fetchLabsheetList({});
    expect(sleeps).toEqual([3000]);
    sleeps.length = 0;
    stub.script({ status: 503, headers: { 'retry-after': '120' } });
    const e = await failure(client().fetchLabsheetList({}));
    expect(e).toBeInstanceOf(ServerError);
    expect((e as ServerError).retryAfterMs).toBe(120_000);
    expect(sleeps).toEqual([]);
  });

  it('retries a reset connection for idempotent calls', async () => {
    stub.script({ reset: true }, { status: 200, body: { items: [], total: 0, success: true } });
    await client().fetchLabsheetList({});
    expect(stub.seen).toHaveLength(2);
  });

  it('a reset after sending a non-idempotent call is an uncertain NetworkError', async () => {
    stub.script({ reset: true });
    const e = await failure(client().createLabsheet(createReq));
    expect(e).toBeInstanceOf(NetworkError);
    expect(e.uncertain).toBe(true);
    expect(e.message).toMatch(/may have reached the server/);
  });

  it('a refused connection is a certain NetworkError', async () => {
    const c = createLabClient({
      connection: {
        baseUrl: 'http://127.0.0.1:9',
        filesUrl: 'http://127.0.0.1:9',
        eventsUrl: 'http://127.0.0.1:9',
        mode: 'v2',
      },
      token: async () => TOKEN,
      retry: { attempts: 1 },
    });
    const e = await failure(c.createLabsheet(createReq));
    expect(e).toBeInstanceOf(NetworkError);
    expect(e.uncertain).toBe(false);
  });
});

describe('timeouts and cancellation', () => {
  it('times out a hanging call (per-call timeoutMs) and retries reads', async () => {
    stub.script({ hang: true });
    const e = await failure(client({ retry: { attempts: 2 } }).fetchLabsheetList({}, { timeoutMs: 100 }));
    expect(e).toBeInstanceOf(TimeoutError);
    expect(stub.seen).toHaveLength(2);
  });

  it('a timed-out non-idempotent call is uncertain', async () => {
    stub.script({ hang: true });
    const e = await failure(client({ timeoutMs: 100 }).createLabsheet(createReq));
    expect(e).toBeInstanceOf(TimeoutError);
    expect(e.uncertain).toBe(true);
  });

  it('an abort becomes a CancelledError, also during a backoff', async () => {
    stub.script({ hang: true });
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 50);
    expect(await failure(client().fetchLabsheetList({}, { signal: ac.signal }))).toBeInstanceOf(CancelledError);

    stub.script({ status: 503 });
    const ac2 = new AbortController();
    const c = client({
      sleep: async (_ms, signal) => {
        ac2.abort();
        signal?.throwIfAborted();
      },
    });
    expect(await failure(c.fetchLabsheetList({}, { signal: ac2.signal }))).toBeInstanceOf(CancelledError);

    const pre = new AbortController();
    pre.abort();
    const before = stub.seen.length;
    expect(await failure(client().fetchLabsheetList({}, { signal: pre.signal }))).toBeInstanceOf(CancelledError);
    expect(stub.seen.length).toBe(before);
  });
});

describe('the token stays secret', () => {
  it('appears in no log line and no error message', async () => {
    const errors: ApiError[] = [];
    stub.script({ status: 401, body: { success: false, message: `Invalid Authentication Token ${TOKEN}` } });
    errors.push(await failure(client().fetchLabsheetList({})));
    stub.script({ reset: true });
    errors.push(await failure(client().createLabsheet(createReq)));
    stub.script({ status: 200, raw: `${TOKEN} not json` });
    errors.push(await failure(client().fetchLabsheetList({})));
    stub.script({ status: 200, raw: `x${TOKEN}` });
    errors.push(await failure(client().fetchLabsheetList({})));
    stub.script({ hang: true });
    errors.push(await failure(client({ timeoutMs: 50, retry: { attempts: 1 } }).fetchLabsheetList({})));
    expect(logs.length).toBeGreaterThan(4);
    // The first 8 characters catch partial echoes too (V8 quotes the start of bad JSON, for one).
    const piece = TOKEN.slice(0, 8);
    for (const line of logs) expect(line).not.toContain(piece);
    for (const e of errors) {
      expect(e.message).not.toContain(piece);
      expect(String(e.reason)).not.toContain(TOKEN);
      expect(String(e.stack)).not.toContain(TOKEN);
      expect(JSON.stringify(e.cause ?? null, Object.getOwnPropertyNames(e.cause ?? {}))).not.toContain(TOKEN);
    }
  });
});

describe('refusals and vault failures', () => {
  it('a 200 with success: false is an error, not a result', async () => {
    stub.script({ status: 200, body: { success: false, message: 'Not found', reason: 'no folder "X"' } });
    const e = await failure(client().fetchFolder({ name: 'X' }));
    expect(e.kind).toBe('not-found');
    expect(e.reason).toBe('no folder "X"');
  });

  it('a failing token store is an AuthError and nothing is sent', async () => {
    const before = stub.seen.length;
    const e = await failure(
      client({
        token: async () => {
          throw new Error('keychain locked');
        },
      }).fetchLabsheetList({}),
    );
    expect(e).toBeInstanceOf(AuthError);
    expect(e.reason).toMatch(/keychain locked/);
    expect(stub.seen.length).toBe(before);
  });
});
