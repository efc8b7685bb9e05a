/**
 * Upload throughput and memory: streams a 200 MB file through the API client and samples this
 * process's RSS meanwhile. A client that buffered the file would grow by ~200 MB; a streaming
 * one stays flat. Run directly: `npx tsx bench/upload-memory.ts [--sink] [--mb N]`.
 */
import { randomBytes } from 'node:crypto';
import { open, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { round } from './stats.js';
import { createLabClient } from '../main/api/client.js';

export interface UploadBenchResult {
  mb: number;
  seconds: number;
  mbPerSec: number;
  peakRssGrowthMb: number;
  /** What received the upload: the in-process sandbox, or a bare sink when the sandbox is unavailable. */
  target: 'sandbox' | 'sink';
}

interface Target {
  url: string;
  token: string;
  kind: 'sandbox' | 'sink';
  close(): Promise<void>;
}

const MiB = 1024 * 1024;

async function writeTempFile(dir: string, mb: number): Promise<string> {
  const path = join(dir, `bench-${mb}mb-${Date.now()}.zip`);
  const chunk = randomBytes(MiB);
  const handle = await open(path, 'w');
  try {
    for (let i = 0; i < mb; i += 1) await handle.write(chunk);
  } finally {
    await handle.close();
  }
  return path;
}

/** Counts bytes and answers one QUEUED result, holding nothing: measures the client alone. */
async function startSink(): Promise<Target> {
  const server = http.createServer((req, res) => {
    let bytes = 0;
    req.on('data', (c: Buffer) => {
      bytes += c.length;
    });
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify([
          { fileName: 'bench.zip', fileId: `sink-${bytes}`, ticketId: 't', status: 'QUEUED', message: '' },
        ]),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, token: 'bench-token', kind: 'sink', close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The sandbox is another engineer's module; load it by a runtime specifier so the bench still runs without it. */
async function startSandboxTarget(): Promise<Target | null> {
  const specifier = '../main/sandbox/server.js';
  try {
    const mod = (await import(specifier)) as {
      startSandbox?: (o: {
        port: number;
        mode: 'v2';
      }) => Promise<{ url: string; demoToken: string; close(): Promise<void> }>;
    };
    if (typeof mod.startSandbox !== 'function') return null;
    const sandbox = await mod.startSandbox({ port: 0, mode: 'v2' });
    return { url: sandbox.url, token: sandbox.demoToken, kind: 'sandbox', close: () => sandbox.close() };
  } catch {
    return null;
  }
}

export async function benchUpload(opts: { mb?: number; target?: 'auto' | 'sink' } = {}): Promise<UploadBenchResult> {
  const mb = opts.mb ?? 200;
  const dir = await mkdtemp(join(tmpdir(), 'benchlink-bench-'));
  const target = (opts.target === 'sink' ? null : await startSandboxTarget()) ?? (await startSink());
  try {
    const file = await writeTempFile(dir, mb);
    const connection = { baseUrl: target.url, filesUrl: target.url, eventsUrl: target.url, mode: 'v2' as const };
    const client = createLabClient({ connection, token: async () => target.token });

    // Warm up with a small file first: lazy module loading, JIT and socket set-up are a fixed cost
    // (~40 MB measured) that says nothing about whether the upload itself buffers.
    const warmup = await writeTempFile(dir, 1);
    await client.storeAndEmbedFiles({ files: [{ path: warmup }] });

    // Settle before the baseline so earlier garbage (the write loop's) is not counted as upload growth.
    (globalThis as { gc?: () => void }).gc?.();
    await new Promise((r) => setTimeout(r, 200));
    const baseline = process.memoryUsage.rss();
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 10);

    const started = process.hrtime.bigint();
    try {
      const results = await client.storeAndEmbedFiles({ files: [{ path: file }] });
      if (results.length !== 1) throw new Error(`expected one result, got ${results.length}`);
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage.rss());
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    return {
      mb,
      seconds: round(seconds, 1),
      mbPerSec: round(mb / seconds, 1),
      peakRssGrowthMb: round((peak - baseline) / MiB, 1),
      target: target.kind,
    };
  } finally {
    await target.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const mbArg = args.indexOf('--mb');
  const result = await benchUpload({
    ...(mbArg >= 0 ? { mb: Number(args[mbArg + 1]) } : {}),
    target: args.includes('--sink') ? 'sink' : 'auto',
  });
  console.log(
    `upload ${result.mb} MB to ${result.target}: ${result.seconds} s, ${result.mbPerSec} MB/s, peak RSS growth ${result.peakRssGrowthMb} MB`,
  );
}
