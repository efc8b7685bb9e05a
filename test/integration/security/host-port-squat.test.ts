import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright';
import { WebSocketServer } from 'ws';
import { expect, it } from 'vitest';
import { createApp } from '../../../main/app.js';
import { loadOrCreateHostKey } from '../../../main/host/host-key.js';
import { startHost } from '../../../main/host/server.js';
import { freePort } from '../../helpers/free-port.js';

/**
 * On a fixed port (`--port`) the host keeps its key across restarts and the open page reconnects by
 * itself. While the host is down, any local process can take the port and wait for that page: it
 * must receive nothing it could use on the real host — no key, and not even a proof, since it cannot
 * prove the key first. (Security review: the page used to reconnect with `?k=<key>` in the URL.)
 * Runs the real renderer (npm test builds it first) in the real Chromium.
 */
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const dist = resolve('dist');

it('an impostor on the fixed port while the host restarts gets nothing from the page; the page reconnects to the real host', async () => {
  expect(existsSync(join(dist, 'index.html')), 'run `npm run build` first').toBe(true);
  const dataDir = mkdtempSync(join(tmpdir(), 'benchlink-squat-'));
  const port = await freePort();
  const info = { version: 't', shell: 'browser-host', platform: 'linux', nativeDialogs: false } as const;
  const secret = await loadOrCreateHostKey(dataDir);
  let app = await createApp({ dataDir, info, log: quiet });
  let host = await startHost({ router: app.router, events: app.events, distDir: dist, log: quiet, port, secret });
  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    // Sockets of the page that something answered on.
    let answered = 0;
    page.on('websocket', (ws) => ws.once('framereceived', () => (answered += 1)));
    await page.goto(host.url);
    await expect.poll(() => answered, { timeout: 20_000 }).toBe(1);

    // The host stops (restart, update, crash) and a local process takes its port.
    await host.close();
    await app.close();
    const seen: string[] = [];
    const http = createServer((req, res) => {
      seen.push(`${req.url} ${JSON.stringify(req.headers)}`);
      res.end();
    });
    const wss = new WebSocketServer({ server: http });
    // Until the page hangs up, or 3 s: long enough for anything the page would send after the hello.
    const pageCame = new Promise<void>((done) =>
      wss.on('connection', (ws, req) => {
        seen.push(`${req.url} ${JSON.stringify(req.headers)}`);
        ws.on('message', (d) => seen.push(`message ${String(d)}`));
        ws.on('close', () => done());
        setTimeout(done, 3000);
        // It plays the host as best it can: a hello, with a proof it cannot make right.
        const fake = () => randomBytes(32).toString('hex');
        ws.send(JSON.stringify({ hello: { nonce: fake(), proof: fake() } }));
      }),
    );
    await new Promise<void>((r) => http.listen(port, '127.0.0.1', () => r()));
    await pageCame; // the page comes back within its ≤5 s retry
    for (const c of wss.clients) c.terminate();
    wss.close();
    http.closeAllConnections();
    await new Promise<void>((r) => http.close(() => r()));

    expect(seen.length).toBeGreaterThan(0);
    // Compared as booleans so a failure does not print the key.
    for (const s of seen) expect(s.includes(secret)).toBe(false);
    // The page sent no message at all: no proof the impostor could relay or replay.
    expect(seen.filter((s) => s.startsWith('message '))).toEqual([]);

    // The real host comes back on its port with its saved key: the page reconnects by itself.
    const before = answered;
    app = await createApp({ dataDir, info, log: quiet });
    host = await startHost({
      router: app.router,
      events: app.events,
      distDir: dist,
      log: quiet,
      port,
      secret: await loadOrCreateHostKey(dataDir),
    });
    await expect.poll(() => answered - before, { timeout: 20_000 }).toBeGreaterThan(0);
  } finally {
    await browser.close();
    await host.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 60_000);
