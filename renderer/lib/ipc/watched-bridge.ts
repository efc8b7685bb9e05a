import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import type { IpcResult } from '../../../shared/ipc/result.js';
import {
  createHostLiveness,
  GIVE_UP_READS_AFTER_MS,
  PING_AFTER_MS,
  SILENT_AFTER_MS,
  watchedCall,
  type HostLivenessOptions,
} from './host-liveness.js';

export type WatchOptions = Partial<Pick<HostLivenessOptions, 'pingAfterMs' | 'silentAfterMs' | 'giveUpReadsAfterMs'>>;

/**
 * Electron's preload bridge with the browser host's watch (./host-liveness.ts): ipcRenderer.invoke
 * waits for ever on a main whose event loop is held, so the page times its calls itself, asks
 * `app.ping` (answered by main's router, so only while its loop turns) when they wait long, says
 * when main is silent, and fails the reads that wait on it. Here rather than in the preload, which
 * stays a bare bridge; a bench whose answers come in milliseconds sends nothing more.
 */
export function withHostWatch(bridge: BenchlinkApi, o: WatchOptions = {}): BenchlinkApi {
  // One ping at a time: a held main would otherwise find a queue of them when its loop turns again.
  let pinging = false;
  const liveness = createHostLiveness({
    ping() {
      if (pinging) return;
      pinging = true;
      const answered = () => {
        pinging = false;
        liveness.heard();
      };
      bridge.invoke('app.ping', {}).then(answered, () => void (pinging = false));
    },
    pingAfterMs: o.pingAfterMs ?? PING_AFTER_MS,
    silentAfterMs: o.silentAfterMs ?? SILENT_AFTER_MS,
    giveUpReadsAfterMs: o.giveUpReadsAfterMs ?? GIVE_UP_READS_AFTER_MS,
  });

  return {
    invoke(channel, payload) {
      return new Promise<IpcResult<never>>((resolve, reject) => {
        let over = false;
        const finish = (r: IpcResult<unknown>) => {
          if (over) return; // a read given up on: main's late answer is dropped
          over = true;
          settled();
          resolve(r as IpcResult<never>);
        };
        const settled = liveness.sent(watchedCall(channel, payload, Date.now(), finish));
        const failed = (err: unknown) => {
          settled();
          reject(err instanceof Error ? err : new Error(String(err)));
        };
        // A bridge that throws before it sends (a payload it cannot copy) leaves no call waiting on main:
        // watched on, it kept the page pinging a main that had never been asked.
        let sent: Promise<IpcResult<unknown>>;
        try {
          sent = bridge.invoke(channel, payload);
        } catch (err) {
          return failed(err);
        }
        sent.then((r) => {
          liveness.heard();
          finish(r);
        }, failed);
      });
    },
    subscribe(event, listener) {
      return bridge.subscribe(event, (payload) => {
        liveness.heard();
        listener(payload);
      });
    },
    watchHost: (listener) => liveness.watch(listener),
  };
}
