import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type BenchlinkApp } from '../../main/app.js';
import { startSandbox } from '../../main/sandbox/server.js';
import type { BenchlinkApi } from '../../shared/ipc/api.js';
import type { EventName } from '../../shared/ipc/contract.js';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * The renderer's BenchlinkApi over the real main process in this one: the real router (which
 * validates every message both ways), the real outbox and read cache, the in-process demo sandbox.
 * Renderer logic tested through it meets what it meets in the app, with no IPC transport between.
 */
export async function inProcessApi(): Promise<{ api: BenchlinkApi; app: BenchlinkApp; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'benchlink-renderer-'));
  const app = await createApp({
    dataDir: dir,
    info: { version: 't', shell: 'browser-host', platform: 'linux', nativeDialogs: false },
    log: quiet,
    startSandbox,
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
    async close() {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
