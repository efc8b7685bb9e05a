/** The DESIGN.md command line, run as a real child process: ready line, serving, bad arguments, signals. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SandboxStore } from '../../../main/sandbox/store/index.js';
import { sharedDoc } from '../../helpers/shared-docs.js';

const ROOT = new URL('../../../', import.meta.url).pathname;
const EXAMPLE = sharedDoc('sandbox-fixture.example.json');
const tmp = mkdtempSync(join(tmpdir(), 'sandbox-cli-test-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.pid) process.kill(c.pid, 'SIGKILL');
  rmSync(tmp, { recursive: true, force: true });
});

function run(args: string[]): {
  child: ChildProcess;
  out: () => string;
  err: () => string;
  exited: Promise<number | null>;
} {
  // `node --import tsx` rather than the tsx wrapper: one process, so the pid we signal is the sandbox itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'main/sandbox/cli.ts', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr!.on('data', (d: Buffer) => {
    err += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, out: () => out, err: () => err, exited };
}

async function waitFor(check: () => RegExpMatchArray | null, ms = 20_000): Promise<RegExpMatchArray> {
  const until = Date.now() + ms;
  for (;;) {
    const m = check();
    if (m) return m;
    if (Date.now() > until) throw new Error('timed out waiting for CLI output');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('sandbox CLI', () => {
  it.concurrent(
    'with the example fixture on port 0: prints the real URL, serves the fixture data, exits cleanly on SIGTERM',
    async () => {
      const p = run(['--port', '0', '--mode', 'legacy', '--fixture', EXAMPLE]);
      const [, url] = await waitFor(() => p.out().match(/(http:\/\/127\.0\.0\.1:\d+)/));
      expect(p.out()).not.toMatch(/demo token/);
      const res = await fetch(`${url}/manifest/fetch-metadata?hrid=PL-0001`, {
        headers: { authorization: 'Bearer 6f1c9a52-3d1e-4b7a-9a51-0c2f4e8d7b10' },
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ name: 'QC Plate 1', barcode: 'PLT000001' });
      const rows = await fetch(`${url}/labsheets/fetch-list-rows?labsheet=Samples&archived=unarchived`, {
        headers: { authorization: 'Bearer a3e2b7c4-5f60-4d1a-8e2b-9c7d6f5e4a31' },
      });
      expect(((await rows.json()) as { total: number }).total).toBe(2);
      process.kill(p.child.pid!, 'SIGTERM');
      expect(await p.exited).toBe(0);
    },
    30_000,
  );

  it.concurrent(
    'without --fixture: the demo data and its token are printed; --db writes to the file',
    async () => {
      const db = join(tmp, 'lab.db');
      const first = run(['--port=0', '--mode=v2', '--db', db]);
      const [, url] = await waitFor(() => first.out().match(/(http:\/\/127\.0\.0\.1:\d+)/));
      const [, token] = await waitFor(() => first.out().match(/demo token[^:]*: ([0-9a-f-]{36})/));
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const created = await fetch(`${url}/labsheets/create`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Persisted', columns: [{ name: 'ID', type: 'ID' }] }),
      });
      expect(created.status).toBe(201);
      process.kill(first.child.pid!, 'SIGINT');
      expect(await first.exited).toBe(0);
      // The file outlives the process (reopening through startSandbox is covered in fixture-and-args.test.ts).
      const store = SandboxStore.open(db);
      expect(store.labsheets.byName('Persisted')).not.toBeNull();
      store.close();
    },
    40_000,
  );

  // Argument and fixture failures run in-process through runCli (fixture-and-args.test.ts):
  // each spawn costs seconds of start-up on shared cores, so only the real-process checks spawn.
});
