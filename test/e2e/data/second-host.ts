import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ExtraHost {
  url: string;
  close(): Promise<void>;
}

/**
 * A second browser host whose local sandbox loads a fixture, for states the demo lab does not have
 * (the service offers no way to create a folder, so duplicate folder names must come from data).
 * Started the same way as test/e2e/global-setup.ts, and stopped by its own pid.
 */
export async function startHostWithFixture(fixture: string): Promise<ExtraHost> {
  const root = process.cwd();
  const dataDir = mkdtempSync(join(tmpdir(), 'benchlink-e2e-data-'));
  const child = spawn(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'main', 'host', 'cli.ts'), '--port', '0', '--data-dir', dataDir, '--fixture', fixture], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`fixture host did not start in 30 s:\n${stderr}`)), 30_000);
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
      reject(new Error(`fixture host exited (${code}):\n${stderr}`));
    });
  });
  return {
    url,
    async close() {
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
