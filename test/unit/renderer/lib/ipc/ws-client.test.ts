import { DEFAULT_SETTINGS } from '../../../../../shared/ipc/settings.js';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import type { AddressInfo } from 'node:net';
import { createEventHub } from '../../../../../main/ipc/events.js';
import { startHost, type RunningHost } from '../../../../../main/host/server.js';
import { createWsApi } from '../../../../../renderer/lib/ipc/ws-client.js';
import { spyRouter } from '../../../main/ipc/spy-router.js';
import { freePort } from '../../../../helpers/free-port.js';

/**
 * The renderer's WebSocket client against the real host. Node 20 has no global WebSocket, so the
 * test provides the `ws` one, sending the Origin a browser would (the page's: the socket's own).
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
        super(url, { origin: new URL(url).origin.replace(/^ws:/, 'http:') });
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

/**
 * A host that took the connection and then went silent (hung, or a connection that died without a
 * word): the upgrade is answered, nothing after it, not even the closing handshake.
 */
async function startSilentHost(port: number): Promise<{ stopListening(): void; close(): void }> {
  const held = new Set<Socket>();
  const server = createServer((socket) => {
    held.add(socket);
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const key = /sec-websocket-key: *(\S+)/i.exec(head)?.[1];
      if (!head.includes('\r\n\r\n') || !key) return;
      socket.off('data', onData);
      const accept = createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
      socket.write(
        `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
      );
    };
    socket.on('data', onData);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return {
    // The port is free at once; close's callback would wait for the held connections to end.
    stopListening: () => void server.close(),
    close: () => {
      for (const s of held) s.destroy();
    },
  };
}

describe('renderer WebSocket client, host silent during the handshake', () => {
  it('fails the calls waiting on it with a reason instead of leaving them waiting, and connects afresh after', async () => {
    const port = await freePort();
    const silent = await startSilentHost(port);
    const api = createWsApi(`ws://127.0.0.1:${port}/ipc`, host.secret, { handshakeTimeoutMs: 300 });
    try {
      // Calls made while the socket is opening (as the shell's first reads are) wait for the handshake.
      const [info, settings] = await Promise.all([api.invoke('app.info', {}), api.invoke('settings.get', {})]);
      for (const r of [info, settings])
        expect(r).toMatchObject({ ok: false, error: { code: 'disconnected', message: /did not answer in time/ } });

      // The host answers again on the same port; the silent connection is still open (never closed).
      silent.stopListening();
      const real = await startHost({
        router: spyRouter().router,
        events,
        distDir: dist,
        log: quiet,
        port,
        secret: host.secret,
      });
      try {
        expect(await api.invoke('app.info', {})).toMatchObject({ ok: true, value: { name: 'Benchlink' } });
      } finally {
        await real.close();
      }
    } finally {
      silent.close();
    }
  }, 5000);
});
