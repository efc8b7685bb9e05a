import type { HostSilence } from '../../../shared/ipc/api.js';
import { CHANNELS, type ChannelName } from '../../../shared/ipc/contract.js';
import type { ChannelDef } from '../../../shared/ipc/channel.js';
import type { IpcResult } from '../../../shared/ipc/result.js';

/**
 * How long calls may wait with nothing heard from main before the page pings it. Longer than any
 * ordinary answer (a scan's commit takes milliseconds), so a working bench never sends one.
 */
export const PING_AFTER_MS = 2_000;
/** How long main may say nothing at all, pings unanswered, while calls wait, before the page says so. */
export const SILENT_AFTER_MS = 5_000;
/** How long a read waits on a silent main before the page gives up on it (as on a handshake that never ends). */
export const GIVE_UP_READS_AFTER_MS = 10_000;

export interface HostLivenessOptions {
  /** Asks main "are you there?"; anything main sends counts as its answer (heard). */
  ping(): void;
  pingAfterMs: number;
  silentAfterMs: number;
  giveUpReadsAfterMs: number;
  now?: () => number;
}

/** A call the watch looks after, from when it was sent until its answer comes. */
export interface WatchedCall {
  /** Until then main holds it on purpose (outbox.await's own timeout): it is not waiting for main before. */
  dueAt: number;
  /** Present for a read-only call: fails it once main has been silent giveUpReadsAfterMs while it waited. */
  giveUp?: () => void;
}

export interface HostLiveness {
  /** A call was sent: watched until the function it returns is called (its answer came, or it failed). */
  sent(call: WatchedCall): () => void;
  /** Anything came from main: it is there. */
  heard(): void;
  /** The connection is gone: its calls have failed and the connection's own errors say so. */
  reset(): void;
  watch(listener: (silence: HostSilence | null) => void): () => void;
}

/**
 * Tells a main that stopped answering from calls that are merely slow. It looks only while calls are
 * due (sent, and past any time main holds them on purpose), and pings only once nothing has come from
 * main for `pingAfterMs`: a bench whose answers come in milliseconds never sends a ping, nor does an
 * outbox.await main holds for its own timeout. After `silentAfterMs` of silence it reports a
 * HostSilence, and null once main is heard again. Only reads are failed for it: an enqueue main has
 * not read yet may still commit, so writes wait for main however long it takes.
 */
export function createHostLiveness(o: HostLivenessOptions): HostLiveness {
  const now = o.now ?? Date.now;
  const listeners = new Set<(silence: HostSilence | null) => void>();
  const calls = new Set<WatchedCall>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let timerAt = Infinity;
  let lastHeard = now();
  let silence: HostSilence | null = null;

  const tell = (s: HostSilence | null) => {
    silence = s;
    for (const l of listeners) l(s);
  };
  const schedule = (at: number) => {
    if (at >= timerAt) return;
    if (timer !== null) clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(tick, Math.max(0, at - now()));
  };
  const stop = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    timerAt = Infinity;
    if (silence) tell(null);
  };
  /** Main's silence as a call due since `dueAt` sees it: from the later of main's last word and that. */
  const quietSince = (dueAt: number) => Math.max(lastHeard, dueAt);
  function tick(): void {
    timer = null;
    timerAt = Infinity;
    const t = now();
    for (const c of calls)
      if (c.giveUp && c.dueAt <= t && t - quietSince(c.dueAt) >= o.giveUpReadsAfterMs) {
        calls.delete(c);
        c.giveUp();
      }
    let firstDue = Infinity;
    let nextDue = Infinity;
    for (const c of calls) {
      if (c.dueAt <= t) firstDue = Math.min(firstDue, c.dueAt);
      else nextDue = Math.min(nextDue, c.dueAt);
    }
    if (firstDue === Infinity) {
      // Nothing waits for main now: a call held on purpose is looked at again once it is due.
      if (silence) tell(null);
      if (nextDue !== Infinity) schedule(nextDue + o.pingAfterMs);
      return;
    }
    const since = quietSince(firstDue);
    if (t - since >= o.pingAfterMs) o.ping();
    if (t - since >= o.silentAfterMs && !silence) tell({ lastHeardAt: since });
    schedule(t + o.pingAfterMs / 2);
  }

  return {
    sent(call) {
      calls.add(call);
      schedule(call.dueAt + o.pingAfterMs);
      return () => void calls.delete(call);
    },
    heard() {
      lastHeard = now();
      if (silence) tell(null);
    },
    reset() {
      calls.clear();
      stop();
    },
    watch(listener) {
      listeners.add(listener);
      if (silence) listener(silence);
      return () => void listeners.delete(listener);
    },
  };
}

/**
 * What the contract says about waiting for one call: from when main is due to answer it, and, for a
 * read-only channel, how to fail it with a reason when main stays silent (a write gets no such).
 */
export function watchedCall(
  channel: ChannelName,
  payload: unknown,
  sentAt: number,
  giveUp: (r: IpcResult<never>) => void,
): WatchedCall {
  const def: ChannelDef = CHANNELS[channel];
  const held = def.holdsMs?.(payload) ?? 0;
  return {
    // Infinity (a dialog held until the person is done) is never due; a nonsense hold (NaN) is none.
    dueAt: sentAt + (held > 0 ? held : 0),
    ...(def.readOnly ? { giveUp: () => giveUp(NOT_ANSWERED) } : {}),
  };
}

const NOT_ANSWERED: IpcResult<never> = {
  ok: false,
  error: {
    code: 'disconnected',
    message:
      'Benchlink did not answer in time: it is busy or stuck, so this could not be read. Nothing was changed by it, so trying again is safe.',
  },
};
