import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = process.cwd();

/** Newest source file under renderer/ and shared/, to tell whether dist/ is stale. */
function newestSource(dir: string): number {
  let max = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    max = Math.max(max, e.isDirectory() ? newestSource(p) : statSync(p).mtimeMs);
  }
  return max;
}

/**
 * Starts the browser host exactly as `npm start` does on a machine without Electron (local
 * sandbox with demo data), in a throwaway data directory. Returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const built = join(root, 'dist', 'index.html');
  const stale = !existsSync(built) || Math.max(newestSource(join(root, 'renderer')), newestSource(join(root, 'shared'))) > statSync(built).mtimeMs;
  if (stale) {
    const r = spawnSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error('renderer build failed');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'benchlink-e2e-'));
  const child = spawn(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'main', 'host', 'cli.ts'), '--port', '0', '--data-dir', dataDir], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`browser host did not start in 30 s:\n${stderr}`)), 30_000);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /Benchlink browser host: (\S+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.on('exit', (code) => reject(new Error(`browser host exited (${code}):\n${stderr}`)));
  });
  process.env['BENCHLINK_E2E_URL'] = url;

  return async () => {
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
