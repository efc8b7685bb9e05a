import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { root, startChild, stopChild, type StartedChild } from './child.js';
import { transpileMain } from './built-main.js';

/**
 * Starts the app the way a new user does: `npm start` (scripts/start.mjs), which rebuilds the
 * renderer when stale and, without Electron, runs the browser host on the local sandbox with
 * demo data. `--host` keeps it the browser host even on a machine that has Electron; the data
 * directory is a throwaway one. One host per worker (test/e2e/shared-host.ts). Returns the teardown.
 */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  // For the stacks the specs start (workflows/stack.ts, data/second-host.ts): from this run's sources.
  await transpileMain();
  const dirs: string[] = [];
  const start = (): Promise<StartedChild> => {
    const dataDir = mkdtempSync(join(tmpdir(), 'benchlink-e2e-'));
    dirs.push(dataDir);
    return startChild(process.execPath, [join(root, 'scripts', 'start.mjs'), '--host', '--port', '0'], {
      ready: /Benchlink browser host: (\S+)/,
      timeoutMs: 90_000,
      what: 'npm start',
      env: { ...process.env, BENCHLINK_DATA_DIR: dataDir },
    });
  };
  // The first may rebuild the renderer; the others start once it is built, so none builds beside another.
  const first = await start();
  const rest = await Promise.all(Array.from({ length: Math.max(0, config.workers - 1) }, start));
  const hosts = [first, ...rest];
  process.env['BENCHLINK_E2E_URLS'] = JSON.stringify(hosts.map((h) => h.match[1]!));
  process.env['BENCHLINK_E2E_START_OUTPUT'] = first.output;

  return async () => {
    // start.mjs forwards SIGTERM to the host, which closes the sandbox
    await Promise.all(hosts.map((h) => stopChild(h.child)));
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  };
}
