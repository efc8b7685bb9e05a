import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = process.cwd();
const tsx = join(root, 'node_modules', '.bin', 'tsx');
export const DEMO_TOKEN = '5b2c8f0e-7a41-4c3e-9d2a-1f6e8b4c7a90';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

function startChild(args: string[], ready: RegExp): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  const child = spawn(tsx, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`did not start in 40 s: ${args.join(' ')}\n${err}`)), 40_000);
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = ready.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, match: m });
      }
    });
    child.once('exit', (code) => reject(new Error(`exited (${code}): ${args.join(' ')}\n${err}`)));
  });
}

async function stopChild(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
}

/**
 * A browser host whose connection points at a sandbox in its own process, so a test can take
 * the service away (stop) and bring it back with the same data (start): the "network drop".
 */
export interface Stack {
  hostUrl: string;
  sandboxUrl: string;
  stopSandbox(): Promise<void>;
  startSandbox(): Promise<void>;
  /** A call to the sandbox with the demo token, to check the final state as the server has it. */
  api(path: string, body?: unknown): Promise<unknown>;
  close(): Promise<void>;
}

export async function startStack(): Promise<Stack> {
  const dir = mkdtempSync(join(tmpdir(), 'benchlink-wf-'));
  const port = await freePort();
  const sandboxUrl = `http://127.0.0.1:${port}`;
  const db = join(dir, 'service.db');
  let sandbox: ChildProcess | null = null;
  const startSandbox = async () => {
    sandbox = (await startChild([join(root, 'main', 'sandbox', 'cli.ts'), '--port', String(port), '--mode', 'v2', '--db', db], /listening on/)).child;
  };
  await startSandbox();
  const dataDir = join(dir, 'app');
  const { mkdirSync } = await import('node:fs');
  mkdirSync(dataDir);
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({
    version: 1,
    connection: { kind: 'custom', baseUrl: sandboxUrl, filesUrl: sandboxUrl, eventsUrl: sandboxUrl, mode: 'v2' },
    scanner: {},
    ui: { highContrast: false, sounds: false, fillOrder: 'row-major' },
  }));
  const host = await startChild([join(root, 'main', 'host', 'cli.ts'), '--port', '0', '--data-dir', dataDir], /Benchlink browser host: (\S+)/);
  return {
    hostUrl: host.match[1]!,
    sandboxUrl,
    stopSandbox: () => stopChild(sandbox),
    startSandbox,
    async api(path, body) {
      const res = await fetch(`${sandboxUrl}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${DEMO_TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return res.json();
    },
    async close() {
      await stopChild(host.child);
      await stopChild(sandbox);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
