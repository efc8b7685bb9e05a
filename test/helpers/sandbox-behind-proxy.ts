import { startSandbox } from '../../main/sandbox/server.js';
import type { StartSandbox } from '../../main/connection/types.js';
import { startFaultProxy, type FaultProxy } from './fault-proxy.js';

/**
 * main's embedded sandbox reached through a fault proxy (`startSandbox` for the app's options), so a test
 * can take the service away (`offline`) or hold a request in flight (`proxy().setFaults`). Closing the
 * sandbox closes its proxy too.
 */
export function sandboxBehindProxy(): { startSandbox: StartSandbox; proxy: () => FaultProxy; offline: () => void } {
  let proxy: FaultProxy | null = null;
  const started = (): FaultProxy => {
    if (!proxy) throw new Error('the sandbox has not started yet');
    return proxy;
  };
  return {
    startSandbox: async (o) => {
      const sandbox = await startSandbox(o);
      const p = (proxy = await startFaultProxy({ target: sandbox.url }));
      return { ...sandbox, url: p.url, close: () => Promise.all([sandbox.close(), p.close()]).then(() => undefined) };
    },
    proxy: started,
    offline: () => started().setFaults([{ fault: { kind: 'reset-before' } }]),
  };
}
