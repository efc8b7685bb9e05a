import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventHub } from '../../../../main/ipc/events.js';
import { startHost, type RunningHost } from '../../../../main/host/server.js';
import { spyRouter } from '../ipc/spy-router.js';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
let host: RunningHost;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'benchlink-host-reset-'));
  writeFileSync(join(dist, 'index.html'), '<html><body>shell</body></html>');
  host = await startHost({ router: spyRouter().router, events: createEventHub(quiet), distDir: dist, log: quiet });
});
afterAll(async () => {
  await host.close();
  rmSync(dist, { recursive: true, force: true });
});

/** A raw upgrade from a local process that the host refuses (a foreign Host header), reset at once by its sender. */
function upgradeThenReset(): Promise<void> {
  return new Promise((resolve) => {
    const s = connect(host.port, '127.0.0.1', () => {
      s.write(
        'GET /ipc HTTP/1.1\r\nHost: evil.example:80\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
      );
      s.resetAndDestroy();
    });
    s.on('error', () => undefined);
    s.on('close', () => resolve());
  });
}

describe('browser host: a refused WebSocket upgrade whose sender resets the connection', () => {
  it('raises no uncaught error in main, and the host still answers', async () => {
    const uncaught: unknown[] = [];
    const heard = (err: unknown) => uncaught.push(err);
    process.on('uncaughtException', heard);
    try {
      for (let round = 0; round < 4; round++) await Promise.all(Array.from({ length: 50 }, upgradeThenReset));
      await new Promise((r) => setTimeout(r, 200));
    } finally {
      process.off('uncaughtException', heard);
    }
    // On the old code: "write ECONNRESET" thrown from the refusal's write, once per reset socket.
    expect(uncaught.map(String)).toEqual([]);
    const page = await fetch(`${host.origin}/`);
    expect(page.status).toBe(200);
  });
});
