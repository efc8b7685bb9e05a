import { createHash } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { MutexBusyError, withFileMutex } from './sqlite/file-mutex.js';

/**
 * One Benchlink per data folder. Two would share the outbox database: the second's start would put
 * the first's in-flight entries back in the queue, both would send, and both would open the scanner.
 * Electron's single-instance lock only keeps out a second Electron; the browser host (`npm start` in
 * a second terminal) shares the same folder, so the lock is taken where the folder is opened.
 *
 * The lock is a local socket listening at an address made from the folder's path, as VS Code's
 * single-instance check is: the process's end frees it, however it ends (a socket file left by a
 * crash answers no one and is taken over), so a restart right after a crash is never refused (a lock
 * file judged stale by age, as proper-lockfile does, would refuse it for its stale time). A second
 * start connects and learns the holder's pid.
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

/** The lock's socket file inside the data folder. */
export const LOCK_SOCKET_NAME = 'instance.sock';
/** Bytes a socket file's path may have: macOS's sun_path holds 104 with the NUL (Linux's 108). */
const MAX_SOCKET_PATH = 103;

/**
 * Where the lock listens. Not a name anyone can take: a Linux abstract socket (the old choice) has no
 * permissions, so any local user could listen there first and keep Benchlink from starting. A socket
 * file inside the data folder is guarded by the folder's own permissions (only its owner can create
 * files there). A folder path too long for a socket address falls back to a private folder of this
 * user's (XDG_RUNTIME_DIR on Linux, the per-user TMPDIR on macOS). Windows: a named pipe.
 */
export function lockAddress(
  dataDir: string,
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const id = createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 24);
  if (platform === 'win32') return `\\\\.\\pipe\\benchlink-${id}`;
  const inFolder = join(resolve(dataDir), LOCK_SOCKET_NAME);
  if (Buffer.byteLength(inFolder) <= MAX_SOCKET_PATH) return inFolder;
  const privateDir = platform === 'linux' ? env['XDG_RUNTIME_DIR'] : platform === 'darwin' ? tmpdir() : undefined;
  if (privateDir) return join(privateDir, `benchlink-${id}.sock`);
  throw new Error(
    `The data folder's path is too long for its instance lock (${dataDir}): choose a shorter one with --data-dir.`,
  );
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

/** The file whose lock makes one start at a time judge and take the socket (see lockDataDir). */
export const TAKEOVER_MUTEX_NAME = 'instance.lock';

/** Takes the data folder for this process, or throws AlreadyRunningError naming the one that has it. */
export async function lockDataDir(
  dataDir: string,
  platform: NodeJS.Platform = process.platform,
): Promise<InstanceLock> {
  // The lock lives in the folder, so the folder comes first; owner-only when we create it, as the
  // outbox and cache inside it are nobody else's to read.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const address = lockAddress(dataDir, platform);
  // Judging a socket file stale and taking its place is two steps: two starts after a crash both
  // found nobody answering, and the later one's delete removed the socket the earlier had just
  // bound, so both ran on one outbox. One start at a time takes those steps, under an OS file lock
  // that a crash lets go of.
  try {
    return await withFileMutex(join(resolve(dataDir), TAKEOVER_MUTEX_NAME), () =>
      takeSocket(dataDir, address, platform),
    );
  } catch (err) {
    if (err instanceof MutexBusyError) throw new AlreadyRunningError(dataDir, null);
    throw err;
  }
}

async function takeSocket(dataDir: string, address: string, platform: NodeJS.Platform): Promise<InstanceLock> {
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
      // A socket file a crashed process left (Windows leaves no pipe behind): take its place.
      if (platform !== 'win32') rmSync(address, { force: true });
    }
  }
}
