import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HostSilence } from '../../../../../shared/ipc/api.js';
import { withHostWatch } from '../../../../../renderer/lib/ipc/watched-bridge.js';
import { BUSY_WRITE, startBusyHost, type BusyHost } from '../../../../helpers/busy-host-process.js';

/**
 * Electron's path without Electron: main is the busy host in a process of its own, its loop really
 * held, and the bridge is that process's IPC, which (as ipcRenderer.invoke) has no timeout of its own.
 */

describe('Electron bridge with the host watch, main whose event loop is held', () => {
  let busy: BusyHost;
  beforeAll(async () => {
    busy = await startBusyHost(3000);
  });
  afterAll(() => busy.stop());

  it('says main is not answering within seconds, fails the reads with a reason, and the write waits and is answered', async () => {
    const api = withHostWatch(busy.bridge, { pingAfterMs: 300, silentAfterMs: 800, giveUpReadsAfterMs: 1200 });
    expect(await api.invoke('app.info', {})).toMatchObject({ ok: true });
    const heard: Array<{ silence: HostSilence | null; at: number }> = [];
    api.watchHost?.((silence) => heard.push({ silence, at: Date.now() }));

    const asked = Date.now();
    const settled: string[] = [];
    const track = <T>(what: string, p: Promise<T>) => p.finally(() => settled.push(what));
    // app.status holds main's event loop for 3 s.
    const status = track('status', api.invoke('app.status', {}));
    const bare = track('bare read', busy.bridge.invoke('app.info', {}));
    const write = track('write', api.invoke('outbox.enqueue', { intent: BUSY_WRITE, key: 'host-watch-0002' }));

    await vi.waitFor(() => expect(heard).toHaveLength(1), { timeout: 2500, interval: 50 });
    expect(heard[0]!.at - asked).toBeLessThan(2000);
    expect(await status).toMatchObject({
      ok: false,
      error: { code: 'disconnected', message: /did not answer in time.*trying again is safe/ },
    });
    expect(Date.now() - asked).toBeLessThan(2500);
    // The bridge alone would still be waiting; so is the write, which main may yet commit.
    expect(settled).toEqual(['status']);

    expect(await write).toMatchObject({ ok: true, value: { id: 1 } });
    expect(await bare).toMatchObject({ ok: true });
    await vi.waitFor(() => expect(heard.map((h) => h.silence)).toEqual([expect.anything(), null]), { timeout: 1000 });
  }, 15_000);

  it('a slow call on a main whose loop turns is no silence: it answers app.ping, and nothing is failed', async () => {
    const api = withHostWatch(busy.bridge, { pingAfterMs: 300, silentAfterMs: 800, giveUpReadsAfterMs: 1200 });
    const heard: Array<HostSilence | null> = [];
    api.watchHost?.((s) => heard.push(s));
    // token.status is answered after 3 s while main's loop turns (a keychain waiting to be unlocked).
    expect(await api.invoke('token.status', {})).toMatchObject({ ok: true });
    expect(heard).toEqual([]);
  }, 15_000);

  it('a file dialog left open is no silence of main: no ping, no "not answering", and the pick is never given up', async () => {
    const sent: string[] = [];
    const counting = {
      ...busy.bridge,
      invoke: ((c, p) => (sent.push(c), busy.bridge.invoke(c, p))) as typeof busy.bridge.invoke,
    };
    const api = withHostWatch(counting, { pingAfterMs: 300, silentAfterMs: 800, giveUpReadsAfterMs: 1200 });
    const heard: Array<HostSilence | null> = [];
    api.watchHost?.((s) => heard.push(s));
    const asked = Date.now();
    // The person takes 3 s over the dialog (main's loop held meanwhile): well past every bound above.
    expect(await api.invoke('files.pickForUpload', { multiple: true })).toMatchObject({
      ok: true,
      value: { cancelled: true, files: [] },
    });
    expect(Date.now() - asked).toBeGreaterThanOrEqual(2800);
    expect(sent).toEqual(['files.pickForUpload']);
    expect(heard).toEqual([]);
  }, 15_000);

  it('a bench whose answers come at once sends no ping', async () => {
    const sent: string[] = [];
    const counting = {
      ...busy.bridge,
      invoke: ((c, p) => (sent.push(c), busy.bridge.invoke(c, p))) as typeof busy.bridge.invoke,
    };
    // Thresholds well above an answer's time on a loaded two-core machine (40 ms was met by a CI run that
    // shared the machine): the test is that answers in time send no ping, not how fast they are.
    const api = withHostWatch(counting, { pingAfterMs: 400, silentAfterMs: 800, giveUpReadsAfterMs: 1200 });
    for (let i = 0; i < 20; i++) {
      expect(await api.invoke('app.info', {})).toMatchObject({ ok: true });
      await new Promise((r) => setTimeout(r, 10));
    }
    await new Promise((r) => setTimeout(r, 500));
    expect(sent.filter((c) => c === 'app.ping')).toEqual([]);
    expect(sent).toHaveLength(20);
  });
});
