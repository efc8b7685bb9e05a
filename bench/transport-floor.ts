/**
 * The floor under the scan → DOM figures: what this machine charges for the same three trips (main →
 * page, page → main, main → page) through the same Chromium and a WebSocket on loopback when neither
 * side does any work, at the same pace (4 reads/s, 160 reads); the same with the one thing durable
 * before visible cannot skip (a 4 KB write and fdatasync before the answer, as the outbox's commit
 * appends to its WAL); and what it charges to wake an idle thread at all. A scan → DOM p99 far above
 * the durable floor is the app's; one close to it is the machine's.
 * Runnable directly: `npx tsx bench/transport-floor.ts`.
 */
import { closeSync, fdatasyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { WebSocketServer, type WebSocket } from 'ws';
import { openQuietPage } from './quiet-page.js';
import { percentile, round } from './stats.js';

const READS = 160;
const PACE_MS = 250;

/**
 * The page answers a "read" with an "enqueue", and on the "answer" changes a visible element's
 * colour and stamps the time, as the well-fill screen does (minus everything in between).
 */
const PAGE = `<!doctype html><html><body><div id="well" style="width:40px;height:40px;background:#ccc"></div><script>
window.__at = {};
const ws = new WebSocket('ws://' + location.host + '/ipc');
ws.onmessage = (m) => {
  const x = JSON.parse(m.data);
  if (x.kind === 'read') ws.send(JSON.stringify({ kind: 'enqueue', n: x.n }));
  else {
    const well = document.getElementById('well');
    well.setAttribute('data-sample', String(x.n));
    well.style.background = x.n % 2 ? '#4a4' : '#a44';
    window.__at[x.n] = performance.timeOrigin + performance.now();
  }
};
</script></body></html>`;

async function threeTrips(durable: boolean): Promise<number[]> {
  const dir = mkdtempSync(join(tmpdir(), 'benchlink-floor-'));
  const fd = openSync(join(dir, 'wal'), 'w');
  const page4k = Buffer.alloc(4096, 1);
  const server = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end(PAGE));
  const wss = new WebSocketServer({ noServer: true });
  const connected = new Promise<WebSocket>((resolve) =>
    server.on('upgrade', (req, s, head) =>
      wss.handleUpgrade(req, s, head, (ws) => {
        ws.on('message', (d) => {
          if (durable) {
            writeSync(fd, page4k);
            fdatasyncSync(fd);
          }
          ws.send(JSON.stringify({ kind: 'answer', n: (JSON.parse(String(d)) as { n: number }).n }));
        });
        resolve(ws);
      }),
    ),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  const page = await openQuietPage(`http://127.0.0.1:${port}/`, {
    width: 800,
    height: 600,
  });
  const giveUp = new AbortController();
  try {
    const ws = await Promise.race([
      connected,
      sleep(30_000, null, { signal: giveUp.signal }).then(() => {
        throw new Error('the floor page never opened its socket');
      }),
    ]);
    await sleep(1000);
    const sentAt: number[] = [];
    for (let n = 0; n < READS; n++) {
      sentAt[n] = performance.timeOrigin + performance.now();
      ws.send(JSON.stringify({ kind: 'read', n }));
      await sleep(PACE_MS);
    }
    const at = await page.evaluate<Record<string, number>>('window.__at');
    const lat = Object.entries(at).map(([n, t]) => t - sentAt[Number(n)]!);
    if (lat.length < READS * 0.95) throw new Error(`only ${lat.length} of ${READS} floor reads came back`);
    return lat;
  } finally {
    giveUp.abort();
    await page.close();
    for (const c of wss.clients) c.terminate();
    wss.close();
    await new Promise<void>((r) => server.close(() => r()));
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * One idle thread woken by a message: the wake-up every trip above pays at least once. 100 ms apart is
 * idle enough (the thread sleeps within microseconds) and keeps the bench short.
 */
async function wakeUps(): Promise<number[]> {
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads');
     parentPort.on('message', (sentAt) => parentPort.postMessage(performance.timeOrigin + performance.now() - sentAt));`,
    { eval: true },
  );
  try {
    const lat: number[] = [];
    for (let n = 0; n < READS; n++) {
      const answer = new Promise<number>((r) => worker.once('message', r));
      worker.postMessage(performance.timeOrigin + performance.now());
      lat.push(await answer);
      await sleep(100);
    }
    return lat;
  } finally {
    await worker.terminate();
  }
}

export interface TransportFloorFigures {
  threeTripsP50Ms: number;
  threeTripsP99Ms: number;
  durableTripsP50Ms: number;
  durableTripsP99Ms: number;
  wakeUpP99Ms: number;
}

export async function benchTransportFloor(): Promise<TransportFloorFigures> {
  const trips = await threeTrips(false);
  const durable = await threeTrips(true);
  const wakes = await wakeUps();
  return {
    threeTripsP50Ms: round(percentile(trips, 50), 2),
    threeTripsP99Ms: round(percentile(trips, 99), 2),
    durableTripsP50Ms: round(percentile(durable, 50), 2),
    durableTripsP99Ms: round(percentile(durable, 99), 2),
    wakeUpP99Ms: round(percentile(wakes, 99), 2),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchTransportFloor(), null, 2));
  process.exit(0);
}
