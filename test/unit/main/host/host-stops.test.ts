import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEventHub } from '../../../../main/ipc/events.js';
import { startHost, type RunningHost } from '../../../../main/host/server.js';
import { spyRouter } from '../ipc/spy-router.js';
import { openHostSocket } from '../../../helpers/host-socket.js';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
let host: RunningHost;
let dist: string;
const raw: Socket[] = [];

beforeEach(async () => {
  dist = mkdtempSync(join(tmpdir(), 'benchlink-host-stops-'));
  writeFileSync(join(dist, 'index.html'), '<html><body>shell</body></html>');
  host = await startHost({ router: spyRouter().router, events: createEventHub(quiet), distDir: dist, log: quiet });
});
afterEach(() => {
  for (const s of raw.splice(0)) s.destroy();
  rmSync(dist, { recursive: true, force: true });
});

/**
 * A local process's raw connection that sends `request` and then keeps its side open whatever the host
 * does (allowHalfOpen: it never answers the host's end with its own). Answers what the host wrote, once
 * the host closed its side.
 */
function holdOpen(request: string): { said: Promise<string>; connected: Promise<void> } {
  const s = connect({ port: host.port, host: '127.0.0.1', allowHalfOpen: true });
  raw.push(s);
  s.on('error', () => undefined);
  let text = '';
  s.on('data', (d: Buffer) => (text += d.toString('latin1')));
  const said = new Promise<string>((resolve) => {
    s.once('end', () => resolve(text));
    s.once('close', () => resolve(text));
  });
  const connected = new Promise<void>((resolve) => s.once('connect', () => (s.write(request), resolve())));
  return { said, connected };
}

const upgradeTo = (path: string, extra = '') =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n${extra}\r\n`;

describe('browser host: stopping while local processes hold connections', () => {
  it('answers an upgrade whose URL cannot be read with 400 and closes it, raising nothing in main', async () => {
    const uncaught: unknown[] = [];
    const heard = (err: unknown) => uncaught.push(err);
    process.on('uncaughtException', heard);
    try {
      // On the old code: "Invalid URL" thrown out of the upgrade handler, the socket left open for ever.
      const { said } = holdOpen(upgradeTo('//['));
      expect(await said).toMatch(/^HTTP\/1\.1 400 /);
    } finally {
      process.off('uncaughtException', heard);
    }
    expect(uncaught.map(String)).toEqual([]);
    expect((await fetch(`${host.origin}/`)).status).toBe(200);
    await host.close();
  });

  it('closes a refused upgrade after answering it, though its sender keeps its side open', async () => {
    const { said } = holdOpen(upgradeTo('/not-ipc'));
    expect(await said).toMatch(/^HTTP\/1\.1 404 /);
    await host.close();
  });

  it('stops (close() finishes) with refused, half-open, mid-handshake and connected sockets all held open', async () => {
    const nonce = 'c'.repeat(64);
    const held = [
      holdOpen(upgradeTo('//[')),
      holdOpen(upgradeTo('/ipc')), // no Origin: refused 403
      holdOpen(
        upgradeTo(
          `/ipc?n=${nonce}`,
          `Origin: ${host.origin}\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n`,
        ),
      ), // upgraded, then never answers the hello
      holdOpen('GET / HTTP/1.1\r\nHost: 127.0.0.1'), // a request that never finishes its headers
    ];
    await Promise.all(held.map((h) => h.connected));
    const page = await openHostSocket(host.port, host.secret, { origin: host.origin });
    expect(page.outcome).toBe('open');
    // On the old code this never finished: server.close() waited for sockets the HTTP server no
    // longer tracks, so Ctrl-C left the host running, holding the data folder.
    await host.close();
    await Promise.all(held.map((h) => h.said));
  });
});
