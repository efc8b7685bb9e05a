import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp, type BenchlinkApp } from '../../../../main/app.js';
import { AuthError, NetworkError } from '../../../../main/api/errors.js';
import { LAB_READ_ENDPOINTS } from '../../../../shared/ipc/channels/lab.js';
import type { CreateLabClient, LabReadClient } from '../../../../main/connection/types.js';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const apps: Array<{ app: BenchlinkApp; dir: string }> = [];
afterEach(async () => {
  for (const { app, dir } of apps.splice(0)) {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A fake LabClient: records which method got which request and which token, answers per script. */
function fakeClient(script: (endpoint: string) => unknown) {
  const seen: Array<{ endpoint: string; request: unknown; token: string | null; baseUrl: string }> = [];
  const create: CreateLabClient = ({ connection, token }) =>
    Object.fromEntries(
      LAB_READ_ENDPOINTS.map((n) => [
        n,
        async (request: unknown) => {
          seen.push({ endpoint: n, request, token: await token(), baseUrl: connection.baseUrl });
          const out = script(n);
          if (out instanceof Error) throw out;
          return out;
        },
      ]),
    ) as unknown as LabReadClient; // built from the same endpoint list as the type
  return { create, seen };
}

const CUSTOM = {
  kind: 'custom',
  mode: 'v2',
  baseUrl: 'https://lab.example/api',
  filesUrl: 'https://files.lab.example',
  eventsUrl: 'https://events.lab.example',
} as const;

async function customApp(create: CreateLabClient) {
  const dir = mkdtempSync(join(tmpdir(), 'benchlink-lab-'));
  const app = await createApp({
    dataDir: dir,
    info: { version: '0', shell: 'browser-host', platform: 'linux', nativeDialogs: false },
    log: quiet,
    createLabClient: create,
  });
  apps.push({ app, dir });
  const call = (channel: string, payload: unknown) => app.router.handle({ channel, payload }, { transport: 'test' });
  expect(
    await call('settings.set', {
      connection: CUSTOM,
    }),
  ).toMatchObject({ ok: true });
  return { app, call };
}

describe('lab.* service-call channels', () => {
  it('each channel calls the client method of the same name with the parsed request and the vault token', async () => {
    const fake = fakeClient(() => ({ headers: ['ID'], rows: [['S1']], total: 1, success: true }));
    const { call } = await customApp(fake.create);
    await call('token.set', { token: '  tok-123  ', connection: CUSTOM });
    const r = await call('lab.fetchLabsheetRows', { labsheet: 'Samples', page: '2', pageSize: 10 });
    expect(r).toEqual({ ok: true, value: { headers: ['ID'], rows: [['S1']], total: 1, success: true } });
    expect(fake.seen).toEqual([
      {
        endpoint: 'fetchLabsheetRows',
        request: { labsheet: 'Samples', page: 2, pageSize: 10 },
        token: 'tok-123',
        baseUrl: 'https://lab.example/api',
      },
    ]);
  });

  it('service errors come back typed, and drive the offline and token-refused status', async () => {
    let fail: Error | null = new NetworkError('cannot reach', { endpoint: 'fetchLabsheetList' });
    const fake = fakeClient(() => fail ?? { items: [], total: 0, success: true });
    const { app, call } = await customApp(fake.create);
    expect(await call('lab.fetchLabsheetList', {})).toMatchObject({
      ok: false,
      error: { code: 'service', kind: 'network' },
    });
    // One unanswered call is a blip; two in a row are "offline" (the one threshold, shared with sync).
    expect((await app.status()).online).toBe('online');
    await call('lab.fetchLabsheetList', {});
    expect((await app.status()).online).toBe('offline');
    fail = new AuthError('refused', { endpoint: 'fetchLabsheetList', status: 401 });
    expect(await call('lab.fetchLabsheetList', {})).toMatchObject({
      ok: false,
      error: { code: 'service', kind: 'auth', status: 401 },
    });
    expect((await app.status()).token.rejected).toBe(true);
    fail = null;
    expect(await call('lab.fetchLabsheetList', {})).toMatchObject({ ok: true });
    expect(await app.status()).toMatchObject({ online: 'online', token: { rejected: false } });
  });

  it('token.test with a candidate token uses it without saving it', async () => {
    const fake = fakeClient(() => ({ items: [], total: 0, success: true }));
    const { call } = await customApp(fake.create);
    expect(await call('token.test', { token: 'candidate' })).toMatchObject({
      ok: true,
      value: { ok: true, kind: 'ok' },
    });
    expect(fake.seen.at(-1)?.token).toBe('candidate');
    expect(await call('token.status', {})).toMatchObject({ ok: true, value: { set: false, source: 'none' } });
  });

  it('the native file dialog is unavailable in the browser host, with a clear message', async () => {
    const { call } = await customApp(fakeClient(() => ({})).create);
    expect(await call('files.pickForUpload', {})).toMatchObject({ ok: false, error: { code: 'unavailable' } });
  });
});
