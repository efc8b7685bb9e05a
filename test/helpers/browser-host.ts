import { afterAll, beforeAll } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type WebSocket from 'ws';
import { createApp, type AppOptions, type BenchlinkApp } from '../../main/app.js';
import { startHost, type RunningHost } from '../../main/host/server.js';
import type { Logger } from '../../main/common/logger.js';
import type { IpcResult } from '../../shared/ipc/result.js';
import { openHostSocket } from './host-socket.js';

/** One authenticated WebSocket to the browser host, speaking the IPC contract like the renderer does. */
export interface HostSocket {
  ws: WebSocket;
  call(channel: string, payload: unknown): Promise<IpcResult<unknown>>;
  /** Like call, but throws on an error result and answers the value. */
  value<T>(channel: string, payload: unknown): Promise<T>;
  close(): Promise<void>;
}

export interface TestHost {
  app: BenchlinkApp;
  host: RunningHost;
  dataDir: string;
  connect(): Promise<HostSocket>;
  close(): Promise<void>;
}

/**
 * The real app behind the real browser host, on 127.0.0.1 with a free port, reached through the same
 * door a page uses: a WebSocket from our own Origin that proves the per-launch key.
 */
export async function startTestHost(o: Partial<AppOptions> & { log?: Logger } = {}): Promise<TestHost> {
  const dataDir = o.dataDir ?? mkdtempSync(join(tmpdir(), 'benchlink-host-'));
  const dist = mkdtempSync(join(tmpdir(), 'benchlink-host-dist-'));
  writeFileSync(join(dist, 'index.html'), '<html><body>test</body></html>');
  const log = o.log ?? { info: () => undefined, warn: () => undefined, error: () => undefined };
  const app = await createApp({
    info: { version: 't', shell: 'browser-host', platform: 'linux', nativeDialogs: false },
    ...o,
    dataDir,
    log,
  });
  const host = await startHost({ router: app.router, events: app.events, distDir: dist, log });
  const sockets = new Set<HostSocket>();

  async function connect(): Promise<HostSocket> {
    const opened = await openHostSocket(host.port, host.secret, { origin: host.origin });
    if (opened.outcome !== 'open')
      throw new Error(
        typeof opened.outcome === 'number' ? `upgrade refused: ${opened.outcome}` : 'handshake failed: socket closed',
      );
    const ws = opened.ws;
    let next = 1;
    const waiting = new Map<number, (r: IpcResult<unknown>) => void>();
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as { id?: number; result?: IpcResult<unknown> };
      if (typeof msg.id === 'number' && msg.result) waiting.get(msg.id)?.(msg.result);
    });
    const call = (channel: string, payload: unknown) =>
      new Promise<IpcResult<unknown>>((res) => {
        const id = next++;
        waiting.set(id, res);
        ws.send(JSON.stringify({ id, channel, payload }));
      });
    const s: HostSocket = {
      ws,
      call,
      async value<T>(channel: string, payload: unknown) {
        const r = await call(channel, payload);
        if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
        return r.value as T;
      },
      close: () =>
        new Promise<void>((res) => {
          sockets.delete(s);
          if (ws.readyState === ws.CLOSED) return res();
          ws.once('close', () => res());
          ws.close();
        }),
    };
    sockets.add(s);
    return s;
  }

  return {
    app,
    host,
    dataDir,
    connect,
    async close() {
      for (const s of [...sockets]) await s.close();
      await host.close();
      await app.close();
      rmSync(dist, { recursive: true, force: true });
      if (!o.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One test host and one connected page shared by every test of the file: started before the first
 * test, closed after the last. Read `host` and `page` inside a test.
 */
export function hostAndPageForSuite(o: Partial<AppOptions> & { log?: Logger } = {}) {
  let host: TestHost | null = null;
  let page: HostSocket | null = null;
  beforeAll(async () => {
    host = await startTestHost(o);
    page = await host.connect();
  });
  afterAll(async () => {
    await host?.close();
  });
  return {
    get host(): TestHost {
      if (!host) throw new Error('the test host runs only inside the tests of its suite');
      return host;
    },
    get page(): HostSocket {
      if (!page) throw new Error('the test host runs only inside the tests of its suite');
      return page;
    },
  };
}
