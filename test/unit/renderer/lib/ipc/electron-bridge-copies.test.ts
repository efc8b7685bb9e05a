import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BenchlinkApi } from '../../../../../shared/ipc/api.js';
import { connectIpc } from '../../../../../renderer/lib/ipc/client.js';
import { withHostWatch } from '../../../../../renderer/lib/ipc/watched-bridge.js';
import { inProcessApi, type InProcess } from '../../../../helpers/in-process-api.js';

/**
 * The page in Electron, on the real main in-process: the preload's bridge as contextBridge treats a
 * call's arguments, copied with the structured clone algorithm (which refuses a Proxy, synchronously,
 * before anything reaches main). Svelte's `$state` objects are Proxies in the page's client build.
 */
describe("Electron's bridge: payloads holding the page's reactive state", () => {
  let env: InProcess;
  beforeAll(async () => {
    env = await inProcessApi();
  });
  afterAll(() => env.close());

  const cloningBridge = (): BenchlinkApi => ({
    invoke: ((channel, payload) => env.api.invoke(channel, structuredClone(payload))) as BenchlinkApi['invoke'],
    subscribe: env.api.subscribe,
  });
  const electronPage = () => connectIpc({ benchlink: cloningBridge() } as unknown as Window);

  it('a well change whose plate basis is $state (a Proxy) reaches main and is queued', async () => {
    const api = electronPage();
    const reactive = <T extends object>(o: T): T => new Proxy(o, {});
    const before = await env.call('outbox.counts', {});
    const r = await api.invoke('outbox.enqueue', {
      intent: reactive({
        type: 'row-update',
        labsheet: 'Samples',
        idColumn: 'Sample ID',
        id: 'S-0001',
        changes: reactive({ Notes: 'thawed' }),
      }),
      key: 'electron-proxy-0001',
    });
    // On the old code: DataCloneError thrown from invoke, nothing queued.
    expect(r).toMatchObject({ ok: true });
    const after = await env.call('outbox.counts', {});
    expect(after.pending + after.sending + after.done).toBe(before.pending + before.sending + before.done + 1);
  });

  it('a token save whose connection is $state (a Proxy) reaches main and is stored', async () => {
    const api = electronPage();
    const { connection } = await env.call('settings.get', {});
    const r = await api.invoke('token.set', { token: 'bench-token-0001', connection: new Proxy(connection, {}) });
    expect(r).toMatchObject({ ok: true, value: { set: true, source: 'user' } });
  });

  it('a call the bridge refuses before sending fails with its reason, and leaves nothing watched: no ping of main follows', async () => {
    const sent: string[] = [];
    const refusing: BenchlinkApi = {
      invoke: ((channel, payload) => {
        sent.push(channel);
        if (channel !== 'app.ping') throw new Error('An object could not be cloned.');
        return env.api.invoke(channel, payload);
      }) as BenchlinkApi['invoke'],
      subscribe: env.api.subscribe,
    };
    const api = withHostWatch(refusing, { pingAfterMs: 30, silentAfterMs: 60, giveUpReadsAfterMs: 90 });
    await expect(api.invoke('app.info', {})).rejects.toThrow('An object could not be cloned.');
    await new Promise((r) => setTimeout(r, 200));
    // On the old code the refused call stayed watched: the page pinged main for it.
    expect(sent).toEqual(['app.info']);
  });
});
