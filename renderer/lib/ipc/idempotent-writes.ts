import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import type { ChannelName, ChannelRequest } from '../../../shared/ipc/contract.js';
import type { IpcResult } from '../../../shared/ipc/result.js';

/** Writes that commit to the outbox: each carries an idempotency key from the page. */
const KEYED: ReadonlySet<ChannelName> = new Set<ChannelName>([
  'outbox.enqueue',
  'outbox.enqueueMany',
  'upload.enqueue',
]);

export interface ResendPolicy {
  newKey(): string;
  sleep(ms: number): Promise<void>;
  now(): number;
  /** How long a write waits for main to come back before the page reports it not recorded. */
  giveUpAfterMs: number;
}

export const DEFAULT_RESEND: ResendPolicy = {
  newKey: () => crypto.randomUUID(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: () => performance.now(),
  giveUpAfterMs: 20_000,
};

/**
 * Every enqueue from the page carries an idempotency key, and one cut off by a lost connection
 * (the host restarting between its commit and its answer) is asked again, with the same key, once
 * main is back: main answers the entry the first call committed, so a saved scan shows as saved
 * and nothing is entered twice. Only 'disconnected' is resent; any answer from main is final.
 */
export function withIdempotentWrites(api: BenchlinkApi, policy: ResendPolicy = DEFAULT_RESEND): BenchlinkApi {
  return {
    subscribe: (event, listener) => api.subscribe(event, listener),
    ...(api.watchHost ? { watchHost: api.watchHost.bind(api) } : {}),
    ...(api.connecting ? { connecting: api.connecting.bind(api) } : {}),
    ...(api.onReconnect ? { onReconnect: api.onReconnect.bind(api) } : {}),
    async invoke(channel, payload) {
      if (!KEYED.has(channel)) return api.invoke(channel, payload);
      const withKey = payload as ChannelRequest<'outbox.enqueue'>;
      const keyed = { ...withKey, key: withKey.key ?? policy.newKey() } as typeof payload;
      const started = policy.now();
      let delay = 200;
      for (;;) {
        const r: IpcResult<unknown> = await api.invoke(channel, keyed);
        if (r.ok || r.error.code !== 'disconnected' || policy.now() - started >= policy.giveUpAfterMs)
          return r as Awaited<ReturnType<typeof api.invoke<typeof channel>>>;
        await policy.sleep(delay);
        delay = Math.min(delay * 2, 2000);
      }
    },
  };
}
