/**
 * `npm start -- --data-dir <folder>`: what the instance lock tells a second start to do, and what the
 * README says runs a second Benchlink. The folder must be the one used, not the default one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';

const ROOT = new URL('../../../', import.meta.url).pathname;
const tmp = mkdtempSync(join(tmpdir(), 'start-data-dir-'));
let child: ChildProcess | null = null;

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const gone = new Promise((r) => child!.once('exit', r));
    child.kill('SIGTERM'); // start.mjs forwards it to the host, which closes the sandbox
    await Promise.race([gone, new Promise((r) => setTimeout(r, 5000))]);
  }
  rmSync(tmp, { recursive: true, force: true });
});

it('npm start -- --data-dir runs the browser host on that folder', async () => {
  const chosen = join(tmp, 'second');
  const otherwise = join(tmp, 'default');
  const c = spawn(process.execPath, [join(ROOT, 'scripts', 'start.mjs'), '--port', '0', '--data-dir', chosen], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, BENCHLINK_DATA_DIR: otherwise },
  });
  child = c;
  let out = '';
  c.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  c.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const end = Date.now() + 100_000;
  while (!out.includes('local sandbox started')) {
    if (c.exitCode !== null || Date.now() > end) throw new Error(`npm start did not come up:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(existsSync(join(chosen, 'outbox.db'))).toBe(true);
  expect(existsSync(otherwise)).toBe(false);
  expect(out).toContain('because you gave --data-dir');
}, 120_000);
