import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, startChild, stopChild } from './child.js';

/**
 * Starts the app the way a new user does: `npm start` (scripts/start.mjs), which rebuilds the
 * renderer when stale and, without Electron, runs the browser host on the local sandbox with
 * demo data. `--host` keeps it the browser host even on a machine that has Electron; the data
 * directory is a throwaway one. Returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'benchlink-e2e-'));
  const { child, match, output } = await startChild(
    process.execPath,
    [join(root, 'scripts', 'start.mjs'), '--host', '--port', '0'],
    {
      ready: /Benchlink browser host: (\S+)/,
      timeoutMs: 90_000,
      what: 'npm start',
      env: { ...process.env, BENCHLINK_DATA_DIR: dataDir },
    },
  );
  process.env['BENCHLINK_E2E_URL'] = match[1]!;
  process.env['BENCHLINK_E2E_START_OUTPUT'] = output;

  return async () => {
    await stopChild(child); // start.mjs forwards SIGTERM to the host, which closes the sandbox
    rmSync(dataDir, { recursive: true, force: true });
  };
}
