import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type AppOptions, type BenchlinkApp } from '../../main/app.js';
import { startSandbox } from '../../main/sandbox/server.js';
import type { BenchlinkApi } from '../../shared/ipc/api.js';
import { serviceIdentity } from '../../shared/ipc/service-identity.js';
import type { ChannelName, ChannelRequest, ChannelResponse, EventName } from '../../shared/ipc/contract.js';

/** The service an in-process app uses unless a test switches it: the embedded sandbox, API v2. */
export const LOCAL_SANDBOX = serviceIdentity({ kind: 'local-sandbox', mode: 'v2' });

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

export interface InProcess {
  api: BenchlinkApi;
  app: BenchlinkApp;
  /** Main's data folder (its outbox.db), the one given or a fresh one: for a test that damages what main stored. */
  dataDir: string;
  /** invoke, unwrapped: the value, or a throw naming the channel and main's message. */
  call<C extends ChannelName>(channel: C, payload: ChannelRequest<C>): Promise<ChannelResponse<C>>;
  /** The service in use now (`serviceIdentity` of the saved connection), as the page's ShellState has it. */
  service(): Promise<string>;
  close(): Promise<void>;
}

/**
 * The real main process in this one, in `options.dataDir` or else a fresh data dir, on the in-process
 * demo sandbox: the real router (which validates every message both ways), outbox and read cache.
 * `api` is the renderer's BenchlinkApi over it, so renderer logic meets what it meets in the app,
 * with no transport between.
 */
export async function inProcessApi(options: Partial<AppOptions> = {}): Promise<InProcess> {
  // A folder the test gives is the test's: main opens it again after a close, so close leaves it.
  const given = options.dataDir;
  const dir = given ?? mkdtempSync(join(tmpdir(), 'benchlink-app-'));
  const app = await createApp({
    info: { version: 't', shell: 'browser-host', platform: 'linux', nativeDialogs: false },
    log: quiet,
    startSandbox,
    ...options,
    dataDir: dir,
  });
  const api: BenchlinkApi = {
    // The router answers the union of every channel's response; this channel's is the one it sent.
    invoke: (async (channel: string, payload: unknown) =>
      app.router.handle({ channel, payload }, { transport: 'test' })) as BenchlinkApi['invoke'],
    subscribe: (event: EventName, listener) =>
      app.events.addSink((e, payload) => {
        if (e === event) (listener as (p: unknown) => void)(payload);
      }),
  };
  return {
    api,
    app,
    dataDir: dir,
    async call(channel, payload) {
      const r = await api.invoke(channel, payload);
      if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
      return r.value;
    },
    async service() {
      const r = await api.invoke('settings.get', {});
      if (!r.ok) throw new Error(`settings.get: ${r.error.message}`);
      return serviceIdentity(r.value.connection);
    },
    async close() {
      await app.close();
      if (given === undefined) rmSync(dir, { recursive: true, force: true });
    },
  };
}
