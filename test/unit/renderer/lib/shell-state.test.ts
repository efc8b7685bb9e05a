import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import type { BenchlinkApi } from '../../../../shared/ipc/api.js';
import { startHost } from '../../../../main/host/server.js';
import { createWsApi } from '../../../../renderer/lib/ipc/ws-client.js';
import { ShellState } from '../../../../renderer/lib/shell-state.svelte.js';
import { freePort } from '../../../helpers/free-port.js';
import { inProcessApi, type InProcess } from '../../../helpers/in-process-api.js';

/**
 * A page that loads before its host answers (the host still starting, or restarted under an open
 * page) reads the settings again once it can: without them no bench screen is drawn. The real main,
 * the real host and the page's own WebSocket client; Node 20 has no global WebSocket, so the test
 * provides the `ws` one with the Origin a browser would send.
 */
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

const cleanup: Array<() => Promise<void> | void> = [];

/** The page's WebSocket, as a browser's on the host's page: it sends the host's own origin. */
function socketsFromHostPage(port: number): void {
  vi.stubGlobal(
    'WebSocket',
    class extends WebSocket {
      constructor(url: string) {
        super(url, { origin: `http://127.0.0.1:${port}` });
      }
    },
  );
}

/** The real host for `main` on `port`, started now (the page was opened before it). */
async function hostFor(main: InProcess, port: number, secret: string): Promise<void> {
  const dist = mkdtempSync(join(tmpdir(), 'benchlink-shell-'));
  writeFileSync(join(dist, 'index.html'), '<html></html>');
  cleanup.push(() => rmSync(dist, { recursive: true, force: true }));
  const host = await startHost({
    router: main.app.router,
    events: main.app.events,
    distDir: dist,
    log: quiet,
    port,
    secret,
  });
  cleanup.push(() => host.close());
}

afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
  vi.unstubAllGlobals();
});

describe('the shell at start, with the host not answering yet', () => {
  it('says it cannot reach the host, keeps trying, and reads the settings once the host is up', async () => {
    const main = await inProcessApi();
    cleanup.push(() => main.close());
    const port = await freePort();
    const secret = 'b'.repeat(64);
    socketsFromHostPage(port);

    const shell = new ShellState(createWsApi(`ws://127.0.0.1:${port}/ipc`, secret));
    cleanup.push(() => shell.stop());
    await shell.start();
    expect(shell.settings).toBeNull();
    expect(shell.error).toContain('Cannot reach the Benchlink host');
    expect(shell.error).toContain('Trying again');

    await hostFor(main, port, secret);
    await vi.waitFor(() => expect(shell.settings).not.toBeNull(), { timeout: 10_000, interval: 50 });
    expect(shell.service).toBe(await main.service());
    expect(shell.info?.shell).toBe('browser-host');
    expect(shell.error).toBeNull();
  });

  it('stopped while its first read is on its way, it reads no more', async () => {
    const port = await freePort();
    socketsFromHostPage(port);
    const api = createWsApi(`ws://127.0.0.1:${port}/ipc`, 'c'.repeat(64));
    let reads = 0;
    const shell = new ShellState({ ...api, invoke: (channel, payload) => (reads++, api.invoke(channel, payload)) });
    const started = shell.start();
    shell.stop(); // the page is going away while the host is still down
    await started;
    const after = reads;
    await new Promise((r) => setTimeout(r, 1_000)); // past the first retry's 250 ms
    expect(reads).toBe(after);
  });
});

describe('the shell at start, with one read slow to answer', () => {
  it('draws the settings as soon as they are read, without waiting for the status', async () => {
    const main = await inProcessApi();
    cleanup.push(() => main.close());
    // The status takes the keychain's answer (vault.has): a Secret Service asking the user to unlock
    // it answers only when they do. Here it has not yet.
    let answerStatus: () => void = () => undefined;
    const statusHeld = new Promise<void>((resolve) => (answerStatus = resolve));
    cleanup.push(() => answerStatus());
    const api: BenchlinkApi = {
      ...main.api,
      invoke: (async (channel, payload) => {
        if (channel === 'app.status') await statusHeld;
        return main.api.invoke(channel, payload);
      }) as BenchlinkApi['invoke'],
    };
    const shell = new ShellState(api);
    cleanup.push(() => shell.stop());
    const started = shell.start();
    await vi.waitFor(() => expect(shell.settings).not.toBeNull(), { timeout: 5_000, interval: 20 });
    expect(shell.info?.shell).toBe('browser-host');
    answerStatus();
    await started;
    expect(shell.error).toBeNull();
  });
});

describe('the shell at start, with a host that does not answer', () => {
  it('says so, and Try again reads the settings at once when the host answers', async () => {
    const main = await inProcessApi();
    cleanup.push(() => main.close());
    const port = await freePort();
    const secret = 'd'.repeat(64);
    socketsFromHostPage(port);
    // A host that took the connection and went silent: upgraded, then not a word.
    const silent = new WebSocketServer({ port, host: '127.0.0.1' });
    await new Promise((r) => silent.once('listening', r));
    cleanup.push(() => {
      for (const c of silent.clients) c.terminate();
    });

    const shell = new ShellState(createWsApi(`ws://127.0.0.1:${port}/ipc`, secret, { handshakeTimeoutMs: 200 }));
    cleanup.push(() => shell.stop());
    await shell.start();
    expect(shell.settings).toBeNull();
    expect(shell.error).toContain('did not answer in time');
    expect(shell.error).toContain('Trying again');

    await new Promise<void>((r) => silent.close(() => r()));
    await hostFor(main, port, secret);
    await shell.readAgain();
    expect(shell.settings).not.toBeNull();
    expect(shell.error).toBeNull();
  });
});
