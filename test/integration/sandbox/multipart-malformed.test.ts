import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../shared/api/endpoints.js';
import { randInt, seededRandom } from '../../helpers/seeded-random.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});

const FILES = ENDPOINTS.storeAndEmbedFiles.path;
const part = (boundary: string, body = 'position,barcode\r\nA1,TB1\r\n') =>
  `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="rack.csv"\r\nContent-Type: text/csv\r\n\r\n${body}\r\n`;

async function post(contentType: string, body: string | Buffer): Promise<{ status: number; text: string }> {
  const res = await fetch(`${sandbox.url}${FILES}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sandbox.demoToken}`, 'content-type': contentType },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  return { status: res.status, text: await res.text() };
}

describe('malformed multipart to files/store-and-embed answers 400 with the reason', () => {
  it.each([
    ['a missing closing boundary', 'multipart/form-data; boundary=XyZ', part('XyZ'), /multipart/i],
    [
      'a body with another boundary than the header',
      'multipart/form-data; boundary=XyZ',
      `${part('AbC')}--AbC--\r\n`,
      /./,
    ],
    ['no boundary parameter at all', 'multipart/form-data', `${part('XyZ')}--XyZ--\r\n`, /boundary/i],
    ['an empty body', 'multipart/form-data; boundary=XyZ', '', /./],
    [
      'a part header that never ends',
      'multipart/form-data; boundary=XyZ',
      '--XyZ\r\nContent-Disposition: form-data; name="files"',
      /./,
    ],
  ])('%s', async (_what, type, body, reason) => {
    const r = await post(type, body);
    expect(r.status, r.text).toBe(400);
    expect(r.text).toMatch(reason);
    expect(r.text).not.toContain('Operation failed');
  });

  it('a well-formed upload still works', async () => {
    const r = await post('multipart/form-data; boundary=XyZ', `${part('XyZ')}--XyZ--\r\n`);
    expect(r.status, r.text).toBe(200);
  });
});

describe('seeded fuzz of the files route: mangled multipart never answers 500', () => {
  it('400 bodies, each mutation of a valid upload answered with a 4xx or a 2xx', async () => {
    const rand = seededRandom(18);
    const valid = Buffer.from(`${part('XyZ')}--XyZ--\r\n`);
    const types = [
      'multipart/form-data; boundary=XyZ',
      'multipart/form-data; boundary=Xy',
      'multipart/form-data; boundary=""',
      'multipart/form-data; boundary=XyZ; charset=utf-8',
      'multipart/mixed; boundary=XyZ',
      'multipart/form-data',
    ];
    const statuses = new Map<number, number>();
    for (let i = 0; i < 400; i += 1) {
      const bytes = Buffer.from(valid);
      const cut = rand() < 0.3 ? randInt(rand, 0, bytes.length) : bytes.length;
      for (let m = randInt(rand, 0, 4); m > 0; m -= 1)
        bytes[randInt(rand, 0, bytes.length - 1)] = randInt(rand, 0, 255);
      const r = await post(types[randInt(rand, 0, types.length - 1)]!, bytes.subarray(0, cut));
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      expect(r.status, `case ${i}: ${r.text}`).toBeLessThan(500);
    }
    // The fuzz reached both outcomes: it is not only bouncing off one check.
    expect(statuses.get(400) ?? 0).toBeGreaterThan(0);
  });
});
