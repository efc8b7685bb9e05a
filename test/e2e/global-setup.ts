import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = process.cwd();

/**
 * Starts the app the way a new user does: `npm start` (scripts/start.mjs), which rebuilds the
 * renderer when stale and, without Electron, runs the browser host on the local sandbox with
 * demo data. `--host` keeps it the browser host even on a machine that has Electron; the data
 * directory is a throwaway one. Returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'benchlink-e2e-'));
  const child = spawn(process.execPath, [join(root, 'scripts', 'start.mjs'), '--host', '--port', '0'], {
    cwd: root,
    env: { ...process.env, BENCHLINK_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not print the host URL in 90 s:\n${out}\n${stderr}`)), 90_000);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /Benchlink browser host: (\S+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited (${code}):\n${out}\n${stderr}`));
    });
  });
  process.env['BENCHLINK_E2E_URL'] = url;
  process.env['BENCHLINK_E2E_START_OUTPUT'] = out;

  return async () => {
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGTERM'); // start.mjs forwards it to the host, which closes the sandbox
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
