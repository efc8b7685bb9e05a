import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createEventHub } from '../../../../main/ipc/events.js';
import { startHost, type HostOptions, type RunningHost } from '../../../../main/host/server.js';
import { spyRouter } from '../ipc/spy-router.js';
import { openHostSocket } from '../../../helpers/host-socket.js';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const opened: { host: RunningHost; dist: string }[] = [];
const clients: { terminate(): void }[] = [];

async function hostWith(o: Partial<HostOptions>): Promise<RunningHost> {
  const dist = mkdtempSync(join(tmpdir(), 'benchlink-host-keyless-'));
  writeFileSync(join(dist, 'index.html'), '<html><body>shell</body></html>');
  const host = await startHost({
    router: spyRouter().router,
    events: createEventHub(quiet),
    distDir: dist,
    log: quiet,
    ...o,
  });
  opened.push({ host, dist });
  return host;
}
afterEach(async () => {
  for (const c of clients.splice(0)) c.terminate();
  for (const { host, dist } of opened.splice(0)) {
    await host.close();
    rmSync(dist, { recursive: true, force: true });
  }
});

/** A local process without the key: passes the upgrade checks (anyone can), reads the hello, never answers. */
async function silentSocket(host: RunningHost): Promise<{ ws: WebSocket; closed: Promise<number> }> {
  const ws = new WebSocket(`ws://127.0.0.1:${host.port}/ipc?n=${'d'.repeat(64)}`, { origin: host.origin });
  clients.push(ws);
  ws.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  await new Promise((r) => ws.once('message', r));
  return { ws, closed };
}

/** One masked client text frame (payload under 126 bytes). */
function frame(text: string): Buffer {
  const payload = Buffer.from(text);
  const mask = Buffer.from([1, 2, 3, 4]);
  const masked = Buffer.from(payload.map((b, i) => b ^ mask[i % 4]!));
  return Buffer.concat([Buffer.from([0x81, 0x80 | payload.length]), mask, masked]);
}

/**
 * A raw connection that upgrades, sends `first` after the host's hello (or nothing), and then neither
 * reads nor answers anything more: not even a close frame. Resolves when the host ends the connection.
 */
function unansweringSocket(host: RunningHost, first: string | null): Promise<void> {
  return new Promise((resolve) => {
    const s: Socket = connect(host.port, '127.0.0.1', () => {
      s.write(
        `GET /ipc?n=${'e'.repeat(64)} HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nOrigin: ${host.origin}\r\n` +
          'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n' +
          'Sec-WebSocket-Version: 13\r\n\r\n',
      );
    });
    clients.push({ terminate: () => s.destroy() });
    s.on('error', () => undefined);
    let text = '';
    s.on('data', (d: Buffer) => {
      text += d.toString('latin1');
      // The 101 and the hello frame (its JSON) have arrived: say `first`, once.
      if (first !== null && text.includes('"hello"')) {
        s.write(frame(first));
        first = null;
      }
    });
    s.once('close', () => resolve());
  });
}

describe('browser host: sockets without the key cannot keep the page out', () => {
  it("key-less sockets left in the handshake do not take the page's place", async () => {
    // One place, as in the review: on the old code one silent socket held it and the page got 503.
    const host = await hostWith({ maxSockets: 1, maxHandshakes: 4 });
    for (let i = 0; i < 6; i += 1) await silentSocket(host);
    const page = await openHostSocket(host.port, host.secret, { origin: host.origin });
    expect(page.outcome).toBe('open');
    clients.push(page.ws);
    // The place the page holds is still the only one: a second page is refused.
    const second = await openHostSocket(host.port, host.secret, { origin: host.origin });
    clients.push(second.ws);
    expect(second.outcome).toBe(503);
  });

  it('drops the oldest socket still in the handshake when too many are', async () => {
    const host = await hostWith({ maxHandshakes: 2 });
    const oldest = await silentSocket(host);
    const second = await silentSocket(host);
    await silentSocket(host);
    // Dropped (1006): on the old code it was kept, and closed (1008) only at the handshake's deadline.
    expect(await oldest.closed).toBe(1006);
    expect(second.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('drops a socket that sent a wrong proof at once, without waiting for its close reply', async () => {
    const host = await hostWith({});
    // On the old code the host sent a close frame and waited 30 s for a reply that never comes.
    await unansweringSocket(host, JSON.stringify({ auth: '0'.repeat(64) }));
  });

  it('drops a socket that says nothing by the deadline, without waiting for its close reply', async () => {
    const host = await hostWith({ handshakeTimeoutMs: 50 });
    await unansweringSocket(host, null);
  });
});
