/**
 * Outbox and sync figures. Run directly: `npx tsx bench/outbox.ts [enqueue|coalesced|drain|memory]`.
 * - benchEnqueue: single-scan durable commits (WAL + synchronous=FULL), one fsync each.
 * - benchCoalescedSync: a 384-well plate filled offline, synced coalesced vs one request per scan,
 *   side by side against the sandbox behind 50 ms of injected latency (fault proxy).
 * - benchDrain10k: 10,000 mixed pending entries drained against the sandbox.
 * - benchMemory100k: RSS of a fresh process idle, then holding 100,000 pending entries while the
 *   engine keeps trying to drain them (server unreachable).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createOutbox, type Outbox } from '../main/outbox/index.js';
import { createSyncEngine, type SyncTransport } from '../main/sync/index.js';
import { positionsInOrder } from '../shared/layout/positions.js';
import type { Intent, PlateBasis } from '../shared/outbox/intents.js';
import { bundleForNode, PROJECT_ROOT } from '../test/helpers/node-bundle.js';
import { clientFor, startSandboxAndProxy } from '../test/integration/sync/stack.js';
import { percentile, round } from './stats.js';

const PLATE_384 = positionsInOrder({ rows: 16, columns: 24 }, 'row-major');
const sample = (n: number) => `S-${String((n % 300) + 1).padStart(4, '0')}`;
const wellSet = (hrid: string, position: string, n: number, basis?: PlateBasis): Intent => ({
  type: 'well-set',
  manifest: { hrid },
  position,
  sample: { id: sample(n), labsheet: 'Samples' },
  ...(basis ? { basis } : {}),
});

function tempOutbox(name: string): { outbox: Outbox; done: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${name}-`));
  const outbox = createOutbox({ path: path.join(dir, 'outbox.db'), now: Date.now });
  return {
    outbox,
    done: () => {
      outbox.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function benchEnqueue(n = 2000): Promise<{ p50Ms: number; p99Ms: number; commitsPerSec: number }> {
  const { outbox, done } = tempOutbox('enqueue');
  for (let i = 0; i < 50; i++) outbox.enqueue(wellSet('PL-0002', PLATE_384[i % 384]!, i)); // warm-up
  const times: number[] = [];
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    outbox.enqueue(wellSet('PL-0002', PLATE_384[i % 384]!, i));
    times.push(performance.now() - t);
  }
  const seconds = (performance.now() - start) / 1000;
  done();
  return {
    p50Ms: round(percentile(times, 50), 3),
    p99Ms: round(percentile(times, 99), 3),
    commitsPerSec: Math.round(n / seconds),
  };
}

export async function benchCoalescedSync(latencyMs = 50): Promise<{
  coalescedMs: number;
  perScanMs: number;
  speedup: number;
  requestsCoalesced: number;
  plateReads: number;
  requestsPerScan: number;
}> {
  // A service answering as the spec shows; the bench app's changes carry the plate as read when it was
  // opened (as Well fill's do), so each plate batch also pays the engine's "changed elsewhere?" reads.
  const { sandbox, proxy } = await startSandboxAndProxy(undefined, { profile: 'spec' });
  proxy.setFaults([{ fault: { kind: 'latency', ms: latencyMs } }]);
  const client = clientFor(proxy.url, { value: sandbox.demoToken }, 30_000);
  const count = (path = '/manifest/update') => proxy.requests.filter((r) => r.path === path && r.forwarded).length;
  try {
    const open = async () => {
      const m = await client.fetchManifestMetadata({ hrid: 'PL-0002' });
      return { lastUpdate: m.lastUpdate ?? null, emptySpaces: m.emptySpaces ?? null };
    };
    let basis = await open();
    // Coalesced: the plate was filled offline; the engine drains it when the network is back.
    const a = tempOutbox('coalesced');
    a.outbox.enqueueMany(PLATE_384.map((p, i) => wellSet('PL-0002', p, i, basis)));
    const readsBefore = count('/manifest/fetch-metadata');
    const engineA = createSyncEngine({ outbox: a.outbox, transport: client, kickDelayMs: 0 });
    let before = count();
    let t = performance.now();
    await engineA.syncNow();
    const coalescedMs = performance.now() - t;
    const requestsCoalesced = count() - before;
    const plateReads = count('/manifest/fetch-metadata') - readsBefore;
    await engineA.stop();
    a.done();
    // One request per scan: each scan synced on its own before the next (no coalescing), on the plate
    // as it is now (the coalesced run above changed it).
    basis = await open();
    const b = tempOutbox('per-scan');
    const engineB = createSyncEngine({ outbox: b.outbox, transport: client, kickDelayMs: 0 });
    before = count();
    t = performance.now();
    for (const [i, p] of PLATE_384.entries()) {
      b.outbox.enqueue(wellSet('PL-0002', p, i + 1, basis));
      await engineB.syncNow();
    }
    const perScanMs = performance.now() - t;
    const requestsPerScan = count() - before;
    if (b.outbox.counts().done !== PLATE_384.length)
      throw new Error(`per-scan run: ${JSON.stringify(b.outbox.counts())}`);
    await engineB.stop();
    b.done();
    return {
      coalescedMs: round(coalescedMs, 1),
      perScanMs: round(perScanMs, 1),
      speedup: round(perScanMs / coalescedMs, 1),
      requestsCoalesced,
      plateReads,
      requestsPerScan,
    };
  } finally {
    await proxy.close();
    await sandbox.close();
  }
}

export async function benchDrain10k(n = 10_000): Promise<{ entriesPerSec: number; requestsPerSec: number }> {
  const { sandbox, proxy } = await startSandboxAndProxy();
  const client = clientFor(proxy.url, { value: sandbox.demoToken }, 30_000);
  const { outbox, done } = tempOutbox('drain');
  const box = sandbox.store.manifests.find('hrid', 'BX-0001')!.uuid;
  const fridge = sandbox.store.locations.byName('Fridge 4C')[0]!.uuid;
  const intents: Intent[] = [];
  for (let i = 0; i < n; i++) {
    const r = i % 4;
    if (r === 0) intents.push(wellSet('PL-0002', PLATE_384[i % 384]!, i));
    else if (r === 1)
      intents.push({
        type: 'row-update',
        labsheet: 'Samples',
        idColumn: 'Sample ID',
        id: sample(i),
        changes: { Notes: `bench-${i}` },
      });
    else if (r === 2)
      intents.push({
        type: 'location-assign',
        labsheet: 'Samples',
        locationId: i % 8 === 2 ? box : fridge,
        idType: 'ID',
        id: sample(200 + (i % 81)),
        ...(i % 8 === 2 ? { position: positionsInOrder({ rows: 9, columns: 9 }, 'row-major')[i % 81]! } : {}),
      });
    else intents.push(wellSet('PL-0001', positionsInOrder({ rows: 8, columns: 12 }, 'row-major')[i % 96]!, i));
  }
  for (let i = 0; i < n; i += 1000) outbox.enqueueMany(intents.slice(i, i + 1000));
  const engine = createSyncEngine({ outbox, transport: client, kickDelayMs: 0 });
  const t = performance.now();
  await engine.syncNow();
  const seconds = (performance.now() - t) / 1000;
  const c = outbox.counts();
  await engine.stop();
  done();
  const requests = proxy.requests.length;
  await proxy.close();
  await sandbox.close();
  if (c.pending + c.sending > 0) throw new Error(`drain incomplete: ${JSON.stringify(c)}`);
  return { entriesPerSec: Math.round(n / seconds), requestsPerSec: round(requests / seconds, 1) };
}

/**
 * Runs in a fresh child process so other benchmarks' memory does not count, from a compiled bundle
 * (as the app ships) rather than under tsx, whose in-process compiler would be counted too.
 */
export async function benchMemory100k(): Promise<{ idleRssMb: number; with100kRssMb: number }> {
  const outfile = await bundleForNode(fileURLToPath(import.meta.url), 'benchlink-bench', 'outbox-bench.mjs');
  const child = spawn(process.execPath, ['--expose-gc', outfile, 'memory-child'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    cwd: PROJECT_ROOT,
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  await new Promise((r) => child.on('exit', r));
  return JSON.parse(out.trim().split('\n').pop()!) as { idleRssMb: number; with100kRssMb: number };
}

async function memoryChild(): Promise<void> {
  const mb = () => round(process.memoryUsage().rss / 1024 / 1024, 1);
  const { outbox, done } = tempOutbox('memory');
  // An unreachable server: the engine keeps loading batches and backing off, as on a dead network.
  const transport = clientFor('http://127.0.0.1:9', { value: 'x' }, 1_000) as SyncTransport;
  const engine = createSyncEngine({ outbox, transport, backoff: { baseMs: 5, maxMs: 20 } });
  engine.start();
  await new Promise((r) => setTimeout(r, 300));
  global.gc?.();
  const idleRssMb = mb();
  const box = 'box-uuid';
  for (let i = 0; i < 100_000; i += 5000) {
    outbox.enqueueMany(
      Array.from({ length: 5000 }, (_, j): Intent => {
        const k = i + j;
        return k % 2 === 0
          ? wellSet(`PL-${k % 50}`, PLATE_384[k % 384]!, k)
          : { type: 'location-assign', labsheet: 'Samples', locationId: box, idType: 'ID', id: sample(k) };
      }),
    );
  }
  let peak = 0;
  for (let i = 0; i < 20; i++) {
    await engine.syncNow();
    await new Promise((r) => setTimeout(r, 50));
    // Settled RSS: what the process holds with the queue loaded, not garbage awaiting collection.
    global.gc?.();
    peak = Math.max(peak, mb());
  }
  await engine.stop();
  done();
  process.stdout.write(`${JSON.stringify({ idleRssMb, with100kRssMb: peak })}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const which = process.argv[2] ?? 'all';
  if (which === 'memory-child') await memoryChild();
  else {
    // fsync latency and CPU share swing with whatever else runs: print the load beside the figures.
    console.log(
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${os.cpus().length} cores`,
    );
    if (which === 'all' || which === 'enqueue') console.log('benchEnqueue', await benchEnqueue());
    if (which === 'all' || which === 'coalesced') console.log('benchCoalescedSync', await benchCoalescedSync());
    if (which === 'all' || which === 'drain') console.log('benchDrain10k', await benchDrain10k());
    if (which === 'all' || which === 'memory') console.log('benchMemory100k', await benchMemory100k());
  }
}
