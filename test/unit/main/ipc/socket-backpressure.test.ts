import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { serveSocket } from '../../../../main/host/ws-transport.js';
import type { Router } from '../../../../main/ipc/router.js';
import { inProcessApi } from '../../../helpers/in-process-api.js';

/**
 * A client of the browser host that floods it with calls and stops reading its answers is served a few
 * calls at a time, and not read meanwhile: its requests wait in TCP, not in main's memory. On the old code
 * every call read ran at once, each answer buffered for a client not reading (60 calls of 800 KB answers:
 * main 207 → 468 MB in a minute). Once it reads again, every call is answered: nothing is dropped. The
 * real main's router behind the real socket serving, a raw `ws` client on loopback.
 */
const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

describe('a browser-host socket flooded with calls by a client that stops reading', () => {
  it('runs a few calls at a time, reads no more meanwhile, and answers every call once it reads again', async () => {
    const main = await inProcessApi();
    cleanup.push(() => main.close());
    let handled = 0;
    let running = 0;
    let most = 0;
    const router: Router = {
      ...main.app.router,
      handle: async (...args: Parameters<Router['handle']>) => {
        handled += 1;
        most = Math.max(most, (running += 1));
        try {
          return await main.app.router.handle(...args);
        } finally {
          running -= 1;
        }
      },
    };
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    cleanup.push(() => new Promise<void>((r) => wss.close(() => r())));
    await new Promise<void>((r) => wss.once('listening', () => r()));
    wss.on('connection', (ws) =>
      serveSocket(ws, router, main.app.events, {
        callsInFlight: 4,
        pendingBytes: 1024 * 1024,
        closeAtBytes: 1024 * 1024 * 1024,
      }),
    );
    const client = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`);
    cleanup.push(() => client.terminate());
    let answered = 0;
    client.on('message', (data) => {
      const msg = JSON.parse(String(data)) as { id?: number };
      if (typeof msg.id === 'number' && msg.id > 0) answered += 1;
    });
    await new Promise<void>((r) => client.once('message', () => r())); // `ready`
    client.pause();
    const calls = 60;
    for (let id = 1; id <= calls; id++)
      client.send(
        JSON.stringify({ id, channel: 'scanner.commandSheet', payload: { positions: { rows: 8, columns: 12 } } }),
      );
    await vi.waitFor(() => expect(handled).toBeGreaterThan(8), { timeout: 30_000 });
    // On the old code every call read ran at once: 60 at a time, each answer buffered for a page not reading.
    expect(most).toBeLessThanOrEqual(4);
    client.resume();
    await vi.waitFor(() => expect(answered).toBe(calls), { timeout: 60_000 });
    expect(handled).toBe(calls);
    expect(most).toBeLessThanOrEqual(4);
  }, 90_000);
});
