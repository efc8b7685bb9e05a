import type { ChannelName, ChannelRequest, ChannelResponse, EventName, EventPayload } from './contract.js';
import type { IpcResult } from './result.js';

/**
 * The renderer's whole view of main: typed invoke and subscribe, derived from the contract.
 * The Electron preload exposes exactly this as `window.benchlink`; the browser host's WebSocket
 * client implements the same interface.
 */
export interface BenchlinkApi {
  invoke<C extends ChannelName>(channel: C, payload: ChannelRequest<C>): Promise<IpcResult<ChannelResponse<C>>>;
  /** Returns the function that unsubscribes. */
  subscribe<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
  /**
   * `listener` hears a HostSilence when main has stopped answering while calls wait for it, and null
   * when it answers again. Returns the function that stops it. Absent on a page that has no main.
   */
  watchHost?(listener: (silence: HostSilence | null) => void): () => void;
  /**
   * The browser host's client only: the connection attempt under way, if any. A call made now joins
   * it, so a "Try again" pressed meanwhile waits for it: the page says when it started and until when
   * it waits, rather than look as if it tried afresh.
   */
  connecting?(): ConnectAttempt | null;
  /**
   * The browser host's client only: `listener` runs each time the connection is made again after one
   * was lost (a host restarted). Events sent meanwhile never arrived, so state kept from events is read
   * again. Returns the function that stops it.
   */
  onReconnect?(listener: () => void): () => void;
}

/** One attempt to open the connection to main (epoch ms): it started at `since` and is given up at `until`. */
export interface ConnectAttempt {
  since: number;
  until: number;
}

/**
 * Main is not answering: writes made since wait (none is failed for it; reads are, after a while), and
 * nothing came back since `lastHeardAt`.
 */
export interface HostSilence {
  /** When the page last heard anything from main (epoch ms), so the user knows which scans are waiting. */
  lastHeardAt: number;
}

/** Transport names shared by preload and main (Electron) so neither hard-codes a string twice. */
export const IPC_INVOKE = 'benchlink:invoke';
export const IPC_EVENT = 'benchlink:event';
