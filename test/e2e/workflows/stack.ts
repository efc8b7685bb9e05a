import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from '@playwright/test';
import { root, startChild, stopChild } from '../child.js';

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
    sandbox = (await startChild(tsx, [join(root, 'main', 'sandbox', 'cli.ts'), '--port', String(port), '--mode', 'v2', '--db', db], { ready: /listening on/, timeoutMs: 40_000, what: 'the sandbox' })).child;
  };
  await startSandbox();
  const dataDir = join(dir, 'app');
  mkdirSync(dataDir);
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({
    version: 1,
    connection: { kind: 'custom', baseUrl: sandboxUrl, filesUrl: sandboxUrl, eventsUrl: sandboxUrl, mode: 'v2' },
    scanner: {},
    ui: { highContrast: false, sounds: false, fillOrder: 'row-major' },
  }));
  const host = await startChild(tsx, [join(root, 'main', 'host', 'cli.ts'), '--port', '0', '--data-dir', dataDir], { ready: /Benchlink browser host: (\S+)/, timeoutMs: 40_000, what: 'the browser host' });
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

/**
 * One stack for a spec file: its tests run in order against it (they share the service's state),
 * it starts before the first and is closed after the last. Call once at the top of a spec.
 */
export function useStack(options: { timeout?: number } = {}): Stack {
  // Generous by default: these run on shared 2-core machines where a page load can take seconds.
  test.describe.configure({ mode: 'serial', timeout: options.timeout ?? 90_000 });
  let current: Stack | undefined;
  test.beforeAll(async () => {
    current = await startStack();
  });
  test.afterAll(async () => {
    await current?.close();
  });
  const live = (): Stack => {
    if (!current) throw new Error('the stack starts in beforeAll; use it inside a test or a later hook');
    return current;
  };
  return {
    get hostUrl() { return live().hostUrl; },
    get sandboxUrl() { return live().sandboxUrl; },
    stopSandbox: () => live().stopSandbox(),
    startSandbox: () => live().startSandbox(),
    api: (path, body) => live().api(path, body),
    close: () => live().close(),
  };
}
