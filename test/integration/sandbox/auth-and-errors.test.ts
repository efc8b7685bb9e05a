/**
 * The spec's Authentication and Errors sections on every endpoint, in both modes: missing and
 * refused tokens, malformed and oversized bodies, unknown fields and routes. Nothing answers 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, ENDPOINT_NAMES } from '../../../shared/api/endpoints.js';
import { ERROR_MESSAGES } from '../../../shared/api/errors.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';

const MODES = ['v2', 'legacy'] as const;

async function expectError(
  res: Response,
  status: keyof typeof ERROR_MESSAGES,
  reason?: RegExp,
): Promise<{ reason?: string }> {
  const body = (await res.json()) as { success: boolean; message: string; reason?: string };
  expect(res.status).toBe(status);
  expect(body.success).toBe(false);
  expect(body.message).toBe(ERROR_MESSAGES[status]);
  if (reason) expect(body.reason).toMatch(reason);
  return body;
}

describe.each(MODES)('auth and errors (%s)', (mode) => {
  let s: TestSandbox;
  beforeAll(async () => {
    s = await startTestSandbox({ mode, bodyLimitBytes: 64 * 1024 });
  });
  afterAll(async () => {
    await s.close();
  });

  for (const name of ENDPOINT_NAMES) {
    const def = ENDPOINTS[name];
    const anonymousOk = name === 'sendWebhook' && mode === 'legacy';
    it(`${def.method} ${def.path}: no token -> ${anonymousOk ? 'accepted (legacy webhook)' : '403 Missing Authentication Token'}`, async () => {
      const res = await s.call(def.path, {
        method: def.method,
        headers: { authorization: '' },
        ...(def.method === 'GET' ? {} : { body: { event: 'probe' } }),
      });
      if (anonymousOk) expect(res.status).toBe(200);
      else await expectError(res, 403);
    });
    it(`${def.method} ${def.path}: unknown token -> 401 Invalid Authentication Token`, async () => {
      const res = await s.call(def.path, {
        method: def.method,
        headers: { authorization: 'Bearer 00000000-0000-4000-8000-000000000000' },
      });
      await expectError(res, 401);
    });
  }

  it('a non-Bearer scheme is refused with 401, an empty Bearer is missing (403)', async () => {
    await expectError(
      await s.call('/labsheets/fetch-list', { headers: { authorization: `Basic ${s.demoToken}` } }),
      401,
    );
    await expectError(await s.call('/labsheets/fetch-list', { headers: { authorization: 'Bearer   ' } }), 403);
  });

  it('the bearer scheme is case-insensitive and the token is trimmed', async () => {
    const res = await s.call('/labsheets/fetch-list', { headers: { authorization: `bearer   ${s.demoToken} ` } });
    expect(res.status).toBe(200);
  });

  it('auth is checked before the body is parsed: no token + malformed JSON is 403, not 400', async () => {
    await expectError(await s.call('/labsheets/create', { rawBody: '{nope', headers: { authorization: '' } }), 403);
  });

  it('malformed JSON -> 400 Bad request on every JSON POST/DELETE endpoint', async () => {
    for (const name of ENDPOINT_NAMES) {
      const def = ENDPOINTS[name];
      if (def.method === 'GET' || name === 'storeAndEmbedFiles') continue;
      await expectError(
        await s.call(def.path, { method: def.method, rawBody: '{"labsheet": "Samples",' }),
        400,
        /not valid JSON/,
      );
    }
  });

  it('an empty JSON body -> 400', async () => {
    await expectError(await s.call('/manifest/update', { rawBody: '' }), 400);
  });

  it('oversized body -> 400 Bad request naming the limit (the table has no 413)', async () => {
    const res = await s.call('/labsheets/update-rows-by-id', {
      body: { labsheet: 'Samples', rows: ['x'.repeat(100 * 1024)] },
    });
    await expectError(res, 400, /larger than the 65536 bytes/);
  });

  it('text/plain body -> 400 Bad request', async () => {
    await expectError(
      await s.call('/labsheets/create', { rawBody: 'name=x', headers: { 'content-type': 'text/plain' } }),
      400,
      /Content-Type/,
    );
  });

  it('unknown route -> 404 Not found as JSON', async () => {
    const res = await s.call('/labsheets/does-not-exist');
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    await expectError(res, 404, /GET \/labsheets\/does-not-exist/);
  });

  it('wrong method on a known path -> 404 Not found JSON', async () => {
    await expectError(await s.call('/labsheets/create'), 404);
  });

  it('unknown body fields -> 422 naming the field', async () => {
    await expectError(
      await s.call('/labsheets/delete-column', {
        method: 'DELETE',
        body: { labsheet: 'Samples', columnName: 'Notes', colour: 'red' },
      }),
      422,
      /unknown field "colour"/,
    );
  });

  it('unknown query parameters -> 422 naming them', async () => {
    await expectError(await s.call('/manifest/fetch-metadata?hrid=PL-0001&shelf=2'), 422, /shelf/);
  });

  it('wrong types -> 422 naming the field', async () => {
    await expectError(
      await s.call('/labsheets/create', { body: { name: 42, columns: [{ name: 'ID', type: 'ID' }] } }),
      422,
      /body\.name/,
    );
    await expectError(
      await s.call('/labsheets/assign-location', {
        body: { labsheet: 'Samples', locationId: 'x', idType: 'NAME', assignments: [{ id: 'S-0001' }] },
      }),
      422,
      /idType/,
    );
  });
});

// The fuzz does not depend on the mode (the mode changes statuses, not parsing); once is enough.
describe('never a 500', () => {
  let s: TestSandbox;
  beforeAll(async () => {
    s = await startTestSandbox({ mode: 'v2' });
  });
  afterAll(async () => {
    await s.close();
  });

  it('junk bodies and queries never produce a 500 on any endpoint', async () => {
    const bodies = [
      'null',
      '[]',
      '"text"',
      '123',
      '{}',
      '{"rows": {"a": 1}}',
      '{"__proto__": {"x": 1}}',
      JSON.stringify({ labsheet: ['a'], plate: 'x', uuid: 5 }),
      `{"rows":${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
    ];
    const queries = [
      '',
      '?uuid=',
      '?page=-1&pageSize=abc',
      '?name=%00',
      '?labsheet=Samples&archived=maybe',
      '?uuid=a&uuid=b',
    ];
    for (const name of ENDPOINT_NAMES) {
      const def = ENDPOINTS[name];
      const attempts =
        def.method === 'GET'
          ? queries.map((q) => s.call(`${def.path}${q}`))
          : bodies.map((b) => s.call(def.path, { method: def.method, rawBody: b }));
      for (const res of await Promise.all(attempts)) {
        if (def.method !== 'GET' && name !== 'sendWebhook')
          expect(res.status, `${def.method} ${def.path}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${def.method} ${def.path}`).toBeLessThan(500);
        await res.arrayBuffer();
      }
    }
  });
});
