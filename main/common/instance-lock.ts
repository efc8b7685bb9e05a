import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * One Benchlink per data folder. Two would share the outbox database: the second's start would put
 * the first's in-flight entries back in the queue, both would send, and both would open the scanner.
 * Electron's single-instance lock only keeps out a second Electron; the browser host (`npm start` in
 * a second terminal) shares the same folder, so the lock is taken where the folder is opened.
 *
 * The lock is a local socket listening at an address made from the folder's path, as VS Code's
 * single-instance check is: the operating system frees it when the process ends, however it ends, so
 * a restart right after a crash is never refused (a lock file judged stale by age, as proper-lockfile
 * does, would refuse it for its stale time). A second start connects and learns the holder's pid.
 */
export class AlreadyRunningError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number | null,
  ) {
    super(
      `Benchlink is already running with this data folder (${dataDir})` +
        `${pid !== null ? `, as process ${pid}` : ''}. Use that one (its address was printed where it ` +
        'started), stop it first, or give this one another folder with --data-dir.',
    );
  }
}

export interface InstanceLock {
  release(): Promise<void>;
}

/** Linux: an abstract socket (no file to leave behind); Windows: a named pipe; elsewhere a socket file. */
export function lockAddress(dataDir: string, platform: NodeJS.Platform = process.platform): string {
  const id = createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 24);
  if (platform === 'win32') return `\\\\.\\pipe\\benchlink-${id}`;
  if (platform === 'linux') return `\0benchlink-${id}`;
  return join(tmpdir(), `benchlink-${id}.sock`);
}

function listen(server: Server, address: string): Promise<void> {
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(address, () => {
      server.off('error', fail);
      ok();
    });
  });
}

/** The holder's pid, or 'nobody' when no process answers at the address (a socket file left by a crash). */
function askHolder(address: string): Promise<number | null | 'nobody'> {
  return new Promise((answer) => {
    const socket = createConnection(address);
    let said = '';
    const done = (v: number | null | 'nobody') => {
      socket.destroy();
      answer(v);
    };
    socket.setTimeout(2_000, () => done(null));
    // A pid is a few digits: whatever else answers there is not read past 32 characters.
    socket.on('data', (d: Buffer) => {
      if (said.length < 32) said += d.toString('utf8').slice(0, 32);
    });
    socket.on('end', () => {
      const pid = Number(/^\d{1,10}$/.test(said.trim()) ? said.trim() : NaN);
      done(Number.isSafeInteger(pid) && pid > 0 ? pid : null);
    });
    socket.on('error', (err: NodeJS.ErrnoException) =>
      done(err.code === 'ECONNREFUSED' || err.code === 'ENOENT' ? 'nobody' : null),
    );
  });
}

/** Takes the data folder for this process, or throws AlreadyRunningError naming the one that has it. */
export async function lockDataDir(
  dataDir: string,
  platform: NodeJS.Platform = process.platform,
): Promise<InstanceLock> {
  const address = lockAddress(dataDir, platform);
  for (let attempt = 0; ; attempt++) {
    // Answers its pid to a second start, and nothing else: it reads nothing.
    const server = createServer((socket) => socket.end(String(process.pid)));
    try {
      await listen(server, address);
      // The app's own work keeps the process alive, not the lock.
      server.unref();
      return {
        release: () => new Promise<void>((done) => server.close(() => done())),
      };
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'EADDRINUSE') throw err;
      const holder = await askHolder(address);
      if (holder !== 'nobody' || attempt > 0)
        throw new AlreadyRunningError(dataDir, holder === 'nobody' ? null : holder);
      // A socket file a crashed process left (not on Linux or Windows, where none is left): take its place.
      if (platform !== 'linux' && platform !== 'win32') rmSync(address, { force: true });
    }
  }
}
