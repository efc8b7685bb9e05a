import { DEFAULT_SETTINGS } from '../../../../shared/ipc/settings.js';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createEventHub } from '../../../../main/ipc/events.js';
import { startHost, type RunningHost } from '../../../../main/host/server.js';
import { spyRouter, totalCalls } from '../ipc/spy-router.js';
import { openHostSocket } from '../../../helpers/host-socket.js';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const spy = spyRouter();
const events = createEventHub(quiet);
let host: RunningHost;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'benchlink-host-test-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<html><head><meta http-equiv="Content-Security-Policy" content="default-src \'none\'"></head><body>shell</body></html>',
  );
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(tmpdir(), 'benchlink-outside.txt'), 'outside');
  host = await startHost({ router: spy.router, events, distDir: dist, log: quiet });
});
afterAll(async () => {
  await host.close();
  rmSync(dist, { recursive: true, force: true });
});

function get(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: host.port, path, headers }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Opens a socket, doing the page's handshake with `key`, and answers 'open', 'closed' or the refusing HTTP status. */
function connect(key: string, origin?: string, hostHeader?: string) {
  return openHostSocket(host.port, key, { ...(origin ? { origin } : {}), ...(hostHeader ? { hostHeader } : {}) });
}

function rpc(ws: WebSocket, message: string): Promise<unknown> {
  return new Promise((resolve) => {
    ws.once('message', (d) => resolve(JSON.parse(String(d))));
    ws.send(message);
  });
}

describe('browser host', () => {
  it('serves the page and its files without a key (nothing secret is in them), with CSP and no cookie', async () => {
    const ok = await get('/');
    expect(ok.status).toBe(200);
    expect(ok.body).toContain('shell');
    expect(String(ok.headers['content-security-policy'])).toContain(`connect-src 'self' ws://127.0.0.1:${host.port}`);
    // The meta tag was rewritten to allow exactly this host's socket origin.
    expect(ok.body).toContain(`ws://127.0.0.1:${host.port}`);
    // Browsers send 127.0.0.1's cookies to every port: the host sets none, so none can carry its key.
    expect(ok.headers['set-cookie']).toBeUndefined();
    const asset = await get('/assets/app.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['set-cookie']).toBeUndefined();
    // The URL to open carries the key only in its fragment, which browsers never send to a server.
    expect(host.url).toBe(`${host.origin}/#k=${host.secret}`);
  });

  it('refuses a foreign Host header (DNS rebinding) and path traversal', async () => {
    expect((await get('/', { host: `evil.example:${host.port}` })).status).toBe(403);
    expect((await get('/assets/app.js', { host: `evil.example:${host.port}` })).status).toBe(403);
    // Opened as localhost (it reached us, not a process on ::1): told the address to open instead.
    const asLocalhost = await get('/', { host: `localhost:${host.port}` });
    expect(asLocalhost.status).toBe(403);
    expect(asLocalhost.body).toContain(`http://127.0.0.1:${host.port}/`);
    for (const p of [
      '/../benchlink-outside.txt',
      '/%2e%2e/benchlink-outside.txt',
      '/assets/..%2f..%2fbenchlink-outside.txt',
    ]) {
      const r = await get(p);
      expect(r.status, p).toBe(404);
      expect(r.body).not.toContain('outside');
    }
  });

  it('refuses WebSocket upgrades from a foreign origin or host name, or without a handshake nonce', async () => {
    const good = `http://127.0.0.1:${host.port}`;
    expect((await connect(host.secret, 'http://evil.example')).outcome).toBe(403);
    expect((await connect(host.secret, `http://127.0.0.1:${host.port + 1}`)).outcome).toBe(403);
    expect((await connect(host.secret)).outcome).toBe(403); // no Origin at all (non-browser client)
    // localhost may reach another process on ::1 first, which would serve its own page as that origin.
    expect((await connect(host.secret, `http://localhost:${host.port}`)).outcome).toBe(403);
    expect((await connect(host.secret, good, `localhost:${host.port}`)).outcome).toBe(403);
    expect((await connect(host.secret, good, `evil.example:${host.port}`)).outcome).toBe(403);
    const noNonce = new WebSocket(`ws://127.0.0.1:${host.port}/ipc`, { origin: good });
    expect(await new Promise((resolve) => noNonce.once('unexpected-response', (_q, r) => resolve(r.statusCode)))).toBe(
      403,
    );
    expect(totalCalls(spy.calls)).toBe(0);
  });

  it('serves nothing on a socket that cannot prove the key, and the host proves itself first', async () => {
    // Wrong key: the host's proof does not check out, so this client (like the page) closes at once.
    expect((await connect('not-the-key', `http://127.0.0.1:${host.port}`)).outcome).toBe('closed');
    // A client that skips the proof and sends a request, or a wrong proof, is closed unanswered.
    for (const first of [
      JSON.stringify({ id: 1, channel: 'app.info', payload: {} }),
      JSON.stringify({ auth: '0'.repeat(64) }),
      JSON.stringify({ auth: host.secret }),
    ]) {
      const ws = new WebSocket(`ws://127.0.0.1:${host.port}/ipc?n=${'a'.repeat(64)}`, {
        origin: `http://127.0.0.1:${host.port}`,
      });
      const said: string[] = [];
      ws.on('message', (d) => said.push(String(d)));
      await new Promise((r) => ws.once('message', r)); // the host's hello comes first, unasked
      ws.send(first);
      // Dropped (1006, no close frame): one that never answered a close frame held its socket 30 s.
      expect(await new Promise((r) => ws.once('close', r))).toBe(1006);
      expect(said).toHaveLength(1);
      expect(said[0]).not.toContain(host.secret);
    }
    expect(totalCalls(spy.calls)).toBe(0);
  });

  it('speaks the contract over an authorised socket, refusing junk without closing', async () => {
    const c = await connect(host.secret, `http://127.0.0.1:${host.port}`);
    expect(c.outcome).toBe('open');
    const ws = c.ws;
    expect(await rpc(ws, JSON.stringify({ id: 1, channel: 'app.info', payload: {} }))).toMatchObject({
      id: 1,
      result: { ok: true, value: { name: 'Benchlink' } },
    });
    expect(await rpc(ws, 'not json')).toMatchObject({
      id: -1,
      result: { ok: false, error: { code: 'invalid-message' } },
    });
    expect(await rpc(ws, JSON.stringify({ id: 2, channel: '__proto__', payload: {} }))).toMatchObject({
      id: 2,
      result: { ok: false, error: { code: 'unknown-channel' } },
    });
    expect(
      await rpc(ws, JSON.stringify({ id: 3, channel: 'settings.set', payload: { ui: { highContrast: 'yes' } } })),
    ).toMatchObject({ id: 3, result: { ok: false, error: { code: 'invalid-message' } } });
    expect(await rpc(ws, JSON.stringify({ id: 4, channel: 'settings.get', payload: {}, __proto__x: 1 }))).toMatchObject(
      { id: -1 },
    );
    expect(Object.fromEntries(spy.calls)).toEqual({ 'app.info': 1 });

    // Events reach connected sockets.
    const event = new Promise((resolve) => ws.once('message', (d) => resolve(JSON.parse(String(d)))));
    events.emit('settings.changed', {
      ...DEFAULT_SETTINGS,
      connection: { kind: 'local-sandbox', mode: 'legacy' },
      ui: { highContrast: false, sounds: false, fillOrder: 'column-major' },
    });
    expect(await event).toMatchObject({ event: 'settings.changed', payload: { connection: { mode: 'legacy' } } });
    ws.close();
  });

  it('closes a socket that sends an oversized frame, without reaching a service', async () => {
    const before = totalCalls(spy.calls);
    const { ws } = await connect(host.secret, `http://127.0.0.1:${host.port}`);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send(JSON.stringify({ id: 9, channel: 'app.info', payload: { pad: 'x'.repeat(2 * 1024 * 1024) } }));
    expect(await closed).toBe(1009);
    expect(totalCalls(spy.calls)).toBe(before);
  });

  it('closes a socket that sends an oversized frame before proving the key, and goes on serving', async () => {
    // Before the proof only the handshake listens: ws's 'error' for the frame had no listener and was
    // thrown out of main (an uncaught exception; the browser host exited without its last resort).
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/ipc?n=${'b'.repeat(64)}`, {
      origin: `http://127.0.0.1:${host.port}`,
    });
    ws.on('error', () => undefined);
    const before = totalCalls(spy.calls);
    await new Promise((r) => ws.once('message', r)); // the host's hello
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send('x'.repeat(2 * 1024 * 1024));
    expect(await closed).toBe(1009);
    const next = await connect(host.secret, `http://127.0.0.1:${host.port}`);
    expect(next.outcome).toBe('open');
    next.ws.close();
    expect(totalCalls(spy.calls)).toBe(before);
  });
});
