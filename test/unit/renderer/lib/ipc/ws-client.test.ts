import { DEFAULT_SETTINGS } from '../../../../../shared/ipc/settings.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import type { AddressInfo } from 'node:net';
import { createEventHub } from '../../../../../main/ipc/events.js';
import { startHost, type RunningHost } from '../../../../../main/host/server.js';
import { createWsApi } from '../../../../../renderer/lib/ipc/ws-client.js';
import { spyRouter } from '../../../main/ipc/spy-router.js';

/**
 * The renderer's WebSocket client against the real host. Node 20 has no global WebSocket, so the
 * test provides the `ws` one, sending the Origin a browser would.
 */
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const events = createEventHub(quiet);
let host: RunningHost;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'benchlink-wsclient-'));
  writeFileSync(join(dist, 'index.html'), '<html></html>');
  host = await startHost({ router: spyRouter().router, events, distDir: dist, log: quiet });
  vi.stubGlobal(
    'WebSocket',
    class extends WebSocket {
      constructor(url: string) {
        super(url, { origin: host.origin });
      }
    },
  );
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await host.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('renderer WebSocket client', () => {
  it('invokes over the socket and receives events', async () => {
    const api = createWsApi(`ws://127.0.0.1:${host.port}/ipc`, host.secret);
    const [a, b] = await Promise.all([api.invoke('app.info', {}), api.invoke('token.status', {})]);
    expect(a).toMatchObject({ ok: true, value: { name: 'Benchlink' } });
    expect(b).toMatchObject({ ok: true, value: { set: true } });
    const got = new Promise((resolve) => api.subscribe('settings.changed', resolve));
    await api.invoke('app.info', {}); // the socket is open, so the event below is delivered
    events.emit('settings.changed', { ...DEFAULT_SETTINGS, ui: { ...DEFAULT_SETTINGS.ui, highContrast: true } });
    expect(await got).toMatchObject({ ui: { highContrast: true } });
  });

  it('a refused socket (wrong key) becomes an error result, not a hang or a throw', async () => {
    const api = createWsApi(`ws://127.0.0.1:${host.port}/ipc`, 'wrong');
    expect(await api.invoke('app.info', {})).toMatchObject({ ok: false, error: { code: 'disconnected' } });
  });

  it('validation errors from main arrive as results', async () => {
    const api = createWsApi(`ws://127.0.0.1:${host.port}/ipc`, host.secret);
    // A deliberately wrong payload, as a buggy or hostile page might send.
    expect(await api.invoke('settings.set', { ui: { highContrast: 'yes' } } as never)).toMatchObject({
      ok: false,
      error: { code: 'invalid-message' },
    });
  });

  it('sends nothing to a server that cannot prove the key, and never the key itself', async () => {
    const impostor = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((r) => impostor.once('listening', r));
    const seen: string[] = [];
    impostor.on('connection', (ws, req) => {
      seen.push(String(req.url));
      ws.on('message', (d) => seen.push(`message ${String(d)}`));
      ws.send(JSON.stringify({ hello: { nonce: 'a'.repeat(64), proof: 'b'.repeat(64) } }));
    });
    const api = createWsApi(`ws://127.0.0.1:${(impostor.address() as AddressInfo).port}/ipc`, host.secret);
    expect(await api.invoke('app.info', {})).toMatchObject({ ok: false, error: { code: 'disconnected' } });
    impostor.close();
    expect(seen).toHaveLength(1); // the upgrade; no message
    expect(seen[0]!.includes(host.secret)).toBe(false);
  });
});
