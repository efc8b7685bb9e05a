import { DEFAULT_SETTINGS } from '../../../../../shared/ipc/settings.js';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import type { AddressInfo } from 'node:net';
import type { HostSilence } from '../../../../../shared/ipc/api.js';
import { createOutbox } from '../../../../../main/outbox/index.js';
import { withIdempotentWrites } from '../../../../../renderer/lib/ipc/idempotent-writes.js';
import { OutboxState } from '../../../../../renderer/lib/outbox/outbox-state.svelte.js';
import { inProcessApi, LOCAL_SANDBOX, type InProcess } from '../../../../helpers/in-process-api.js';
import { createEventHub } from '../../../../../main/ipc/events.js';
import { startHost, type RunningHost } from '../../../../../main/host/server.js';
import { createWsApi } from '../../../../../renderer/lib/ipc/ws-client.js';
import { spyRouter } from '../../../main/ipc/spy-router.js';
import { freePort } from '../../../../helpers/free-port.js';
import { BUSY_WRITE, startBusyHost, type BusyHost } from '../../../../helpers/busy-host-process.js';

/** What a read given up on says: what happened, and that asking again is safe. */
const NOT_ANSWERED = /did not answer in time.*trying again is safe/;

/**
 * The renderer's WebSocket client against the real host. Node 20 has no global WebSocket, so the
 * test provides the `ws` one, sending the Origin a browser would (the page's: the socket's own).
 */
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const events = createEventHub(quiet);
let host: RunningHost;
let dist: string;
/** Every message the page's sockets sent after their handshake, as text. */
const sent: string[] = [];

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
      override send(data: string): void {
        sent.push(data);
        super.send(data);
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
  it('says which attempt a call made meanwhile joins: when it started and until when it waits', async () => {
    const port = await freePort();
    const silent = await startSilentHost(port);
    const api = createWsApi(`ws://127.0.0.1:${port}/ipc`, host.secret, { handshakeTimeoutMs: 600 });
    try {
      expect(api.connecting?.()).toBeNull(); // nothing under way yet
      const before = Date.now();
      const first = api.invoke('app.info', {});
      const attempt = api.connecting?.();
      expect(attempt?.since).toBeGreaterThanOrEqual(before);
      expect(attempt!.until - attempt!.since).toBe(600);
      await new Promise((r) => setTimeout(r, 200));
      // "Try again" pressed now: its call waits on the same attempt, which the page can say.
      const again = api.invoke('settings.get', {});
      expect(api.connecting?.()).toEqual(attempt);
      for (const r of [await first, await again])
        expect(r).toMatchObject({ ok: false, error: { message: /did not answer in time/ } });
      expect(api.connecting?.()).toBeNull();
    } finally {
      silent.stopListening();
      silent.close();
    }
  }, 5000);
});

describe('renderer WebSocket client, host that stops answering after the handshake', () => {
  let busy: BusyHost | null = null;
  let port = 0;
  let secret = '';

  beforeAll(async () => {
    busy = await startBusyHost(3000);
    ({ port, secret } = busy);
  });
  afterAll(() => busy?.stop());

  it('says so within seconds while its calls wait, fails none of them, and says it answers again', async () => {
    const api = createWsApi(`ws://127.0.0.1:${port}/ipc`, secret, {
      pingAfterMs: 300,
      silentAfterMs: 1000,
      giveUpReadsAfterMs: 60_000, // this test is about the silence; reads given up on are the next one's
    });
    expect(await api.invoke('app.info', {})).toMatchObject({ ok: true }); // the connection is up
    const heard: Array<{ silence: HostSilence | null; at: number }> = [];
    expect(api.watchHost).toBeTypeOf('function');
    api.watchHost?.((silence) => heard.push({ silence, at: Date.now() }));

    const asked = Date.now();
    // app.status holds the host's event loop for 3 s; the scan-like call behind it waits too.
    const status = api.invoke('app.status', {});
    const info = api.invoke('app.info', {});
    const settled: string[] = [];
    void status.then(() => settled.push('status'));
    void info.then(() => settled.push('info'));

    await vi.waitFor(() => expect(heard).toHaveLength(1), { timeout: 2500, interval: 50 });
    expect(heard[0]!.silence).toEqual({ lastHeardAt: expect.any(Number) as number });
    expect(heard[0]!.silence!.lastHeardAt).toBeGreaterThanOrEqual(asked - 1000);
    expect(heard[0]!.at - asked).toBeLessThan(2000);
    expect(settled).toEqual([]); // nothing is failed for the silence: an enqueue may still commit

    // The host's loop turns again: both calls are answered, and the silence is over.
    expect(await status).toMatchObject({ ok: true });
    expect(await info).toMatchObject({ ok: true, value: { name: 'Benchlink' } });
    await vi.waitFor(() => expect(heard.map((h) => h.silence)).toEqual([expect.anything(), null]), { timeout: 1000 });
    expect(heard[1]!.at - asked).toBeGreaterThanOrEqual(2500);
  }, 15_000);

  it('a call that is slow on a host that is there (it answers pings) is no silence', async () => {
    const api = createWsApi(`ws://127.0.0.1:${port}/ipc`, secret, { pingAfterMs: 300, silentAfterMs: 1000 });
    const heard: Array<HostSilence | null> = [];
    api.watchHost?.((s) => heard.push(s));
    const from = sent.length;
    expect(await api.invoke('token.status', {})).toMatchObject({ ok: true });
    expect(sent.slice(from).some((m) => m.startsWith('{"ping"'))).toBe(true);
    expect(heard).toEqual([]);
  }, 15_000);
  it('fails the reads waiting on it after a bounded time, saying trying again is safe; a write behind them waits and is answered', async () => {
    const api = createWsApi(`ws://127.0.0.1:${port}/ipc`, secret, {
      pingAfterMs: 300,
      silentAfterMs: 1000,
      giveUpReadsAfterMs: 1200,
    });
    expect(await api.invoke('app.info', {})).toMatchObject({ ok: true }); // the connection is up
    const asked = Date.now();
    const settled: string[] = [];
    const track = <T>(what: string, p: Promise<T>) => p.finally(() => settled.push(what));
    // app.status holds the host's event loop for 3 s; everything sent behind it waits with it.
    const status = track('status', api.invoke('app.status', {}));
    const info = track('info', api.invoke('app.info', {}));
    // Held on purpose for 300 ms only: past that it waits for main like any read.
    const awaited = track('await', api.invoke('outbox.await', { id: 1, timeoutMs: 300 }));
    const write = track('write', api.invoke('outbox.enqueue', { intent: BUSY_WRITE, key: 'host-watch-0001' }));

    for (const read of [status, info, awaited])
      expect(await read).toMatchObject({ ok: false, error: { code: 'disconnected', message: NOT_ANSWERED } });
    expect(Date.now() - asked).toBeLessThan(2500); // well before the host's loop turns again
    expect(settled).not.toContain('write'); // a write may still commit: it waits for main
    expect(await write).toMatchObject({ ok: true, value: { id: 1 } });
    expect(Date.now() - asked).toBeGreaterThanOrEqual(2800);
  }, 15_000);

  it('a call main holds on purpose (outbox.await) is no wait for main before its own timeout: no ping, no silence', async () => {
    const api = createWsApi(`ws://127.0.0.1:${port}/ipc`, secret, {
      pingAfterMs: 400,
      silentAfterMs: 800,
      giveUpReadsAfterMs: 800,
    });
    const heard: Array<HostSilence | null> = [];
    api.watchHost?.((s) => heard.push(s));
    expect(await api.invoke('app.info', {})).toMatchObject({ ok: true });
    const from = sent.length;
    // The host answers it after its timeout, as main's outbox.await does for an entry still pending.
    expect(await api.invoke('outbox.await', { id: 1, timeoutMs: 1500 })).toMatchObject({
      ok: true,
      value: { state: 'pending' },
    });
    expect(sent.slice(from).filter((m) => m.startsWith('{"ping"'))).toEqual([]);
    expect(heard).toEqual([]);
  }, 15_000);
});

describe('renderer WebSocket client, host that answers', () => {
  it('never pings while answers come, however many calls are made (the scan path sends nothing more)', async () => {
    const api = createWsApi(`ws://127.0.0.1:${host.port}/ipc`, host.secret, { pingAfterMs: 40, silentAfterMs: 80 });
    const silences: Array<HostSilence | null> = [];
    api.watchHost?.((s) => silences.push(s));
    const from = sent.length;
    for (let i = 0; i < 20; i++) {
      expect(await api.invoke('app.info', {})).toMatchObject({ ok: true });
      await new Promise((r) => setTimeout(r, 10));
    }
    await new Promise((r) => setTimeout(r, 200)); // idle: nothing waits, so nothing is asked
    const messages = sent.slice(from).map((m) => JSON.parse(m) as Record<string, unknown>);
    expect(messages.filter((m) => 'ping' in m)).toEqual([]);
    expect(messages.filter((m) => 'channel' in m)).toHaveLength(20);
    expect(silences).toEqual([]);
  });
});

describe('the page after the host restarted on the same port', () => {
  it('reads the outbox counts again: what the new main changed at its start is shown, not what the old one said', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'benchlink-reconnect-'));
    const port = await freePort();
    const up = (m: InProcess) =>
      startHost({ router: m.app.router, events: m.app.events, distDir: dist, log: quiet, port, secret: host.secret });
    let main = await inProcessApi({ dataDir });
    let served = await up(main);
    // A webhook in flight when main dies: its row says 'sending' (written beside main, as its sync would).
    const side = createOutbox({ path: join(dataDir, 'outbox.db'), now: Date.now, service: () => LOCAL_SANDBOX });
    const id = side.enqueue({ type: 'webhook', payload: { scan: 1 } });
    side.claim([id], 'req-1', 'webhook');
    side.close();
    // As the app makes it (client.ts): the keyed writes around the socket client.
    const page = new OutboxState(withIdempotentWrites(createWsApi(`ws://127.0.0.1:${port}/ipc`, host.secret)));
    try {
      await page.start();
      expect(page.counts.sending).toBe(1);
      await served.close();
      await main.close();
      // The new main finds the entry interrupted at its start and marks it unsure; no event reaches the page.
      main = await inProcessApi({ dataDir });
      served = await up(main);
      const truth = await main.call('outbox.counts', {});
      expect(truth).toMatchObject({ sending: 0, uncertain: 1 });
      await expect.poll(() => page.counts.uncertain, { timeout: 10_000 }).toBe(1);
      expect(page.counts.sending).toBe(0);
    } finally {
      page.stop();
      await served.close();
      await main.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});
