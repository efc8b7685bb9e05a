import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AlreadyRunningError,
  lockAddress,
  lockDataDir,
  TAKEOVER_MUTEX_NAME,
  type InstanceLock,
} from '../../../../main/common/instance-lock.js';
import { createApp } from '../../../../main/app.js';
import { startSandbox } from '../../../../main/sandbox/server.js';
import { tempDir } from '../outbox/helpers.js';

const holder = fileURLToPath(new URL('../../../helpers/hold-data-dir.ts', import.meta.url));
const mutexHolder = fileURLToPath(new URL('../../../helpers/hold-file-mutex.ts', import.meta.url));
const held: InstanceLock[] = [];
const children: ChildProcess[] = [];
const temps: ReturnType<typeof tempDir>[] = [];

afterEach(async () => {
  for (const l of held.splice(0)) await l.release();
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const t of temps.splice(0)) t.cleanup();
});

function dir(): string {
  const t = tempDir('lock-');
  temps.push(t);
  return t.dir;
}

/** Another process holding `dataDir`; resolves once it says it holds it. */
function otherProcessHolding(dataDir: string, platform?: NodeJS.Platform): Promise<ChildProcess> {
  return processSayingHeld(holder, [dataDir, ...(platform ? [platform] : [])]);
}

async function processSayingHeld(script: string, args: string[]): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  await new Promise<void>((ok, fail) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('held')) ok();
    });
    child.on('exit', (code) => fail(new Error(`the holder exited (${code}) before holding`)));
  });
  return child;
}

async function killed(child: ChildProcess): Promise<void> {
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await gone;
}

describe('one Benchlink per data folder', () => {
  it('a second hold in the same folder is refused and names the holder; another folder is free', async () => {
    const a = dir();
    held.push(await lockDataDir(a));
    const refused = await lockDataDir(a).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AlreadyRunningError);
    expect((refused as AlreadyRunningError).pid).toBe(process.pid);
    expect((refused as Error).message).toContain(a);
    expect((refused as Error).message).toContain('--data-dir');
    held.push(await lockDataDir(dir()));
  });

  it('released, the folder can be taken again', async () => {
    const a = dir();
    await (await lockDataDir(a)).release();
    held.push(await lockDataDir(a));
  });

  it('held by another process, it is refused with that pid; once that process is killed, it is free at once', async () => {
    const a = dir();
    const child = await otherProcessHolding(a);
    await expect(lockDataDir(a)).rejects.toMatchObject({ pid: child.pid });
    await killed(child);
    held.push(await lockDataDir(a));
  });

  it('a socket file left by a killed process is taken over (Linux, here)', async () => {
    const a = dir();
    const child = await otherProcessHolding(a);
    await expect(lockDataDir(a)).rejects.toBeInstanceOf(AlreadyRunningError);
    await killed(child);
    expect(existsSync(lockAddress(a))).toBe(true); // left behind by the kill
    held.push(await lockDataDir(a));
  });

  it('starts racing after a crash: exactly one takes the left socket file, the others are refused naming it', async () => {
    const a = dir();
    await killed(await otherProcessHolding(a));
    expect(existsSync(lockAddress(a))).toBe(true);
    // Each found nobody answering, and each deleted the socket file and bound its own: the later
    // deletes removed the earlier binds' files, so all eight held the folder.
    const starts = await Promise.allSettled(Array.from({ length: 8 }, () => lockDataDir(a)));
    const took = starts.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    held.push(...took);
    expect(took).toHaveLength(1);
    for (const s of starts) {
      if (s.status === 'fulfilled') continue;
      expect(s.reason).toBeInstanceOf(AlreadyRunningError);
      expect((s.reason as AlreadyRunningError).pid).toBe(process.pid);
    }
  });

  it('a start killed while taking the folder keeps no one out: the OS lets go of its lock', async () => {
    const a = dir();
    const child = await processSayingHeld(mutexHolder, [join(resolve(a), TAKEOVER_MUTEX_NAME)]);
    const waiting = lockDataDir(a);
    await new Promise((r) => setTimeout(r, 150));
    await killed(child);
    held.push(await waiting);
  });

  it('where the lock is a socket file (macOS), one left by a killed process is taken over', async () => {
    const a = dir();
    const child = await otherProcessHolding(a, 'darwin');
    await expect(lockDataDir(a, 'darwin')).rejects.toBeInstanceOf(AlreadyRunningError);
    await killed(child);
    expect(existsSync(lockAddress(a, 'darwin'))).toBe(true); // left behind by the kill
    held.push(await lockDataDir(a, 'darwin'));
  });

  it('the app itself holds its folder: a second app on it does not start, and it is free after close', async () => {
    const dataDir = dir();
    const start = () =>
      createApp({
        dataDir,
        info: { version: 't', shell: 'browser-host', platform: 'linux', nativeDialogs: false },
        log: { info: () => undefined, warn: () => undefined, error: () => undefined },
        startSandbox,
      });
    const first = await start();
    try {
      await expect(start()).rejects.toBeInstanceOf(AlreadyRunningError);
    } finally {
      await first.close();
    }
    await (await start()).close();
  });

  it('the lock is a socket file in the data folder, which only its owner can write: no other user can take it first', async () => {
    const a = dir();
    expect(lockAddress(a, 'linux')).toBe(join(resolve(a), 'instance.sock'));
    // Security review: the lock used to be the abstract socket below, which has no permissions, so
    // any local user could listen there first and keep Benchlink from starting (naming any pid).
    const old = `\0benchlink-${createHash('sha256').update(resolve(a)).digest('hex').slice(0, 24)}`;
    const squatter = createServer((s) => s.end('1'));
    await new Promise<void>((r) => squatter.listen(old, () => r()));
    try {
      held.push(await lockDataDir(a, 'linux'));
    } finally {
      squatter.close();
    }
  });

  it('a data folder it creates is owner-only', async () => {
    const fresh = join(dir(), 'new', 'Benchlink');
    held.push(await lockDataDir(fresh));
    expect(statSync(fresh).mode & 0o777).toBe(0o700);
  });

  it("a folder path too long for a socket address uses the user's private runtime folder, or says so", () => {
    const long = `/home/someone/${'very-long-folder-name/'.repeat(5)}Benchlink`;
    expect(lockAddress(long, 'linux', { XDG_RUNTIME_DIR: '/run/user/1000' })).toMatch(
      /^\/run\/user\/1000\/benchlink-[0-9a-f]{24}\.sock$/,
    );
    expect(() => lockAddress(long, 'linux', {})).toThrow('--data-dir');
  });
});
