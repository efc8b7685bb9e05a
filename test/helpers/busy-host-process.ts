import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { BenchlinkApi } from '../../shared/ipc/api.js';
import type { IpcResult } from '../../shared/ipc/result.js';

export interface BusyHost {
  port: number;
  secret: string;
  /**
   * The process's IPC as the preload bridge gives Electron's ipcRenderer.invoke: a call waits for
   * main's answer however long that takes (no timeout of its own), and is handled on main's loop.
   */
  bridge: BenchlinkApi;
  stop(): void;
}

/**
 * A write to send the busy host while its loop is held: unlike a read, it is never given up on (it may
 * still commit), so it waits and is answered.
 */
export const BUSY_WRITE = {
  type: 'row-update',
  labsheet: 'Samples',
  idColumn: 'Sample ID',
  id: 'S-0007',
  changes: { Status: 'thawed' },
} as const;

/**
 * test/helpers/busy-host.ts in a process of its own, so holding its event loop holds nothing of the
 * test's: `app.status` holds it for `busyMs`.
 */
export async function startBusyHost(busyMs: number): Promise<BusyHost> {
  const secret = randomBytes(32).toString('hex');
  const script = fileURLToPath(new URL('./busy-host.ts', import.meta.url));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: { ...process.env, HOST_SECRET: secret, BUSY_MS: String(busyMs) },
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`the busy host exited (${code}) before listening`)));
  });
  const waiting = new Map<number, (r: IpcResult<never>) => void>();
  child.on('message', (m: { id: number; result: IpcResult<never> }) => {
    waiting.get(m.id)?.(m.result);
    waiting.delete(m.id);
  });
  let nextId = 1;
  const bridge: BenchlinkApi = {
    invoke(channel, payload) {
      const id = nextId++;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        child.send({ id, message: { channel, payload } });
      });
    },
    subscribe: () => () => undefined,
  };
  return { port, secret, bridge, stop: () => void child.kill() };
}
