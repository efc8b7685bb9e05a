import type { HostSilence } from '../../../shared/ipc/api.js';

export interface HostLivenessOptions {
  /** Whether any call is waiting for main's answer: the watch runs only then. */
  waiting(): boolean;
  /** Asks main "are you there?" (a ws ping); anything main sends counts as its answer. */
  ping(): void;
  pingAfterMs: number;
  silentAfterMs: number;
  now?: () => number;
}

export interface HostLiveness {
  /** A call was sent: starts the watch if it is not running. */
  sent(): void;
  /** Anything came from main: it is there. */
  heard(): void;
  /** The socket is gone: its calls have failed and the connection's own errors say so. */
  reset(): void;
  watch(listener: (silence: HostSilence | null) => void): () => void;
}

/**
 * Tells a main that stopped answering from calls that are merely slow. It looks only while calls wait,
 * and pings only once nothing has come from main for `pingAfterMs`: a bench whose answers come in
 * milliseconds never sends a ping, and a call that waits long on purpose (outbox.await) costs one ping
 * per `pingAfterMs` or so while it waits. After `silentAfterMs` of silence it reports a HostSilence, and null
 * once main is heard again. It fails no call: an enqueue main has not read yet may still commit.
 */
export function createHostLiveness(o: HostLivenessOptions): HostLiveness {
  const now = o.now ?? Date.now;
  const listeners = new Set<(silence: HostSilence | null) => void>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** The later of main's last word and the start of the current wait: an idle hour is not silence. */
  let quietSince = now();
  let silence: HostSilence | null = null;

  const tell = (s: HostSilence | null) => {
    silence = s;
    for (const l of listeners) l(s);
  };
  const stop = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (silence) tell(null);
  };
  const tick = () => {
    timer = null;
    if (!o.waiting()) return stop();
    const quiet = now() - quietSince;
    if (quiet >= o.pingAfterMs) o.ping();
    if (quiet >= o.silentAfterMs && !silence) tell({ lastHeardAt: quietSince });
    timer = setTimeout(tick, o.pingAfterMs / 2);
  };

  return {
    sent() {
      if (timer !== null) return;
      quietSince = now();
      timer = setTimeout(tick, o.pingAfterMs);
    },
    heard() {
      quietSince = now();
      if (silence) tell(null);
    },
    reset: stop,
    watch(listener) {
      listeners.add(listener);
      if (silence) listener(silence);
      return () => void listeners.delete(listener);
    },
  };
}
