import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inProcessApi, type InProcess } from '../../../helpers/in-process-api.js';

const open: InProcess[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const p of open.splice(0)) await p.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/**
 * An address with a fragment put every request at POST / (a web page there answered 200, and queued
 * writes were marked done); a query rode along inside the path; user info made the client send Basic
 * auth instead of the token. Such an address is refused wherever it comes in, with the reason.
 */
describe('a service address with a query, fragment or user info', () => {
  it.each([
    ['http://127.0.0.1:9/#/home', /must not contain "\?" or "#"/],
    ['http://127.0.0.1:9/api?tenant=a', /must not contain "\?" or "#"/],
    ['http://user:pass@127.0.0.1:9/api', /must not contain a user name or password/],
  ])('is refused on the command line (%s)', async (service, why) => {
    // A folder of the test's own: the start fails before the app could clean up one of its own.
    const dataDir = mkdtempSync(join(tmpdir(), 'benchlink-address-'));
    dirs.push(dataDir);
    const refused = await inProcessApi({ service, dataDir }).catch((e: unknown) => e as Error);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toMatch(why);
    // Printed where the app was started: the password is not.
    expect((refused as Error).message).not.toContain('user:pass@');
  });

  it.each([
    ['https://lims.lab.org/#/home', /must not contain "\?" or "#"/],
    ['https://user:pass@lims.lab.org/api', /must not contain a user name or password/],
  ])('is refused in Settings with a message naming the field (%s)', async (url, why) => {
    const p = await inProcessApi();
    open.push(p);
    const r = await p.api.invoke('settings.set', {
      connection: { kind: 'custom', mode: 'v2', baseUrl: url, filesUrl: url, eventsUrl: url },
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    // What ConnectionForm shows: each issue's path and message.
    const shown = r.error.issues?.map((i) => `${i.path}: ${i.message}`).join('; ') ?? '';
    expect(shown).toMatch(why);
    expect(shown).toMatch(/baseUrl/);
    expect(shown).not.toContain('pass@');
    expect((await p.call('settings.get', {})).connection.kind).toBe('local-sandbox');
  });
});
