import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_NAMES, ENDPOINTS } from '../../../shared/api/endpoints.js';
import { randInt, randomText, seededRandom } from '../../helpers/seeded-random.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});

const CASES_PER_ENDPOINT = 12;
const PRINTABLE = ' !"#$%&\'()*+,-./0123456789:;<=>?@ABCXYZ[\\]^_`abcxyz{|}~';

/** One malformed body: broken JSON, valid JSON of the wrong shape, or bytes under a misleading type. */
function malformed(rand: () => number): { type: string; body: string | Buffer } {
  switch (randInt(rand, 0, 6)) {
    case 0:
      return { type: 'application/json', body: randomText(rand, PRINTABLE, 0, 200) };
    case 1:
      return { type: 'application/json', body: JSON.stringify({ a: 1 }).slice(0, randInt(rand, 0, 6)) };
    case 2:
      return { type: 'application/json', body: JSON.stringify([null, 1, 'x', { '': [] }][randInt(rand, 0, 3)]) };
    case 3:
      return { type: 'application/json', body: '['.repeat(randInt(rand, 50, 5000)) };
    case 4:
      return { type: 'text/plain', body: randomText(rand, PRINTABLE, 1, 100) };
    case 5:
      return {
        type: `multipart/form-data; boundary=${randomText(rand, 'abcXYZ', 0, 8)}`,
        body: Buffer.from(Array.from({ length: randInt(rand, 0, 300) }, () => randInt(rand, 0, 255))),
      };
    default:
      // Written as text: an object literal's __proto__ would set the prototype, not send the key.
      return {
        type: 'application/json',
        body: '{"__proto__":{"polluted":true},"constructor":{"prototype":1},"name":1e400}',
      };
  }
}

describe('seeded fuzz of every endpoint with malformed bodies: nothing answers 500', () => {
  it(`${CASES_PER_ENDPOINT} bodies per endpoint`, async () => {
    const rand = seededRandom(1818);
    let sent = 0;
    for (const name of ENDPOINT_NAMES) {
      const { method, path } = ENDPOINTS[name];
      for (let i = 0; i < CASES_PER_ENDPOINT; i += 1) {
        const { type, body } = malformed(rand);
        const res = await fetch(
          `${sandbox.url}${path}${method === 'GET' || method === 'DELETE' ? '?x=%ZZ&page=-1' : ''}`,
          {
            method,
            headers: { authorization: `Bearer ${sandbox.demoToken}`, 'content-type': type },
            ...(method === 'GET' ? {} : { body: typeof body === 'string' ? body : new Uint8Array(body) }),
          },
        );
        const text = await res.text();
        expect(res.status, `${method} ${path} case ${i}: ${text}`).toBeLessThan(500);
        sent += 1;
      }
    }
    expect(sent).toBe(ENDPOINT_NAMES.length * CASES_PER_ENDPOINT);
  });
});
