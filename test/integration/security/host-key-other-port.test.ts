import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestHost, type TestHost } from '../../helpers/browser-host.js';

/**
 * Browsers send 127.0.0.1's cookies to every port, so another local process the user's browser is
 * sent to must receive nothing of the host's key: not in a cookie, not in a header, not in a URL.
 * (Security review: the asset cookie used to be the WebSocket key itself.)
 */
let host: TestHost;
let other: Server;
let otherPort = 0;
const received: string[] = [];

beforeAll(async () => {
  host = await startTestHost();
  other = createServer((req, res) => {
    received.push(JSON.stringify({ url: req.url, headers: req.headers }));
    if (req.url === '/collect') return void res.end('ok');
    res.writeHead(200, { 'content-type': 'text/html' });
    // A same-origin request from its own page: same-site for the browser, so SameSite cookies would go too.
    res.end(`<html><body><script>fetch('/collect').then(()=>document.title='done')</script></body></html>`);
  });
  otherPort = await new Promise<number>((res) =>
    other.listen(0, '127.0.0.1', () => res((other.address() as AddressInfo).port)),
  );
});
afterAll(async () => {
  other?.close();
  await host?.close();
});

it('a server on another 127.0.0.1 port that the browser visits after the host receives nothing of the key', async () => {
  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(host.host.url); // the user opens Benchlink as printed
    await page.goto(`http://127.0.0.1:${otherPort}/`); // then the same browser reaches the other process
    await page.waitForFunction(() => document.title === 'done', undefined, { timeout: 10_000 });
  } finally {
    await browser.close();
  }
  expect(received.length).toBeGreaterThanOrEqual(2);
  // Compared as a boolean so a failure does not print the key.
  for (const r of received) expect(r.includes(host.host.secret)).toBe(false);
}, 60_000);
