import type { BenchlinkApi, ConnectAttempt } from '../../../shared/ipc/api.js';
import type { EventName } from '../../../shared/ipc/contract.js';
import type { IpcResult } from '../../../shared/ipc/result.js';
import { HANDSHAKE_TIMEOUT_MS } from '../../../shared/ipc/host-handshake.js';
import type { WsPing, WsRequest, WsServerMessage } from '../../../shared/ipc/ws-protocol.js';
import { createKeyring, startHandshake } from './handshake.js';
import {
  createHostLiveness,
  GIVE_UP_READS_AFTER_MS,
  PING_AFTER_MS,
  SILENT_AFTER_MS,
  watchedCall,
} from './host-liveness.js';

type Listener = (payload: unknown) => void;

const lost = (message: string): IpcResult<never> => ({ ok: false, error: { code: 'disconnected', message } });

const UNREACHABLE = 'Cannot reach the Benchlink host. Is `npm start` still running?';
const NO_ANSWER =
  'The Benchlink host did not answer in time: it may be busy or stuck. Check that `npm start` is still running.';

export interface WsApiOptions {
  /** How long a socket may take from opening to `ready` before the page gives up on it. */
  handshakeTimeoutMs?: number;
  /** How long calls may wait with nothing from the host before it is pinged (tests shorten it). */
  pingAfterMs?: number;
  /** How long the host may say nothing while calls wait before watchHost hears of it. */
  silentAfterMs?: number;
  /** How long a read-only call waits on a host that says nothing before it fails. */
  giveUpReadsAfterMs?: number;
}

/**
 * The browser host's twin of the preload bridge: same BenchlinkApi over one WebSocket.
 * Requests made while (re)connecting wait for the socket; a dropped socket fails the calls in
 * flight (the UI shows the error) and reconnects with a growing delay. A host that stops answering
 * with its socket still open is told to watchHost (./host-liveness.ts) while its writes keep waiting
 * for it (one that comes back answers them) and its reads fail after a while. Each socket is usable only
 * after the handshake (./handshake.ts): the page never sends the key, and sends nothing to a server
 * on the host's port that cannot prove it holds the key.
 */
export function createWsApi(url: string, key: string, o: WsApiOptions = {}): BenchlinkApi {
  const hmacKey = createKeyring(key);
  const handshakeTimeoutMs = o.handshakeTimeoutMs ?? HANDSHAKE_TIMEOUT_MS;
  const pending = new Map<number, (r: IpcResult<unknown>) => void>();
  const listeners = new Map<string, Set<Listener>>();
  let nextId = 1;
  let socket: WebSocket | null = null;
  let opened: Promise<WebSocket> | null = null;
  /** When the handshake `opened` waits for started, and when it is given up; null once ready. */
  let underWay: ConnectAttempt | null = null;
  let retryMs = 250;
  let nextPing = 1;
  const liveness = createHostLiveness({
    ping: () => socket?.send(JSON.stringify({ ping: nextPing++ } satisfies WsPing)),
    pingAfterMs: o.pingAfterMs ?? PING_AFTER_MS,
    silentAfterMs: o.silentAfterMs ?? SILENT_AFTER_MS,
    giveUpReadsAfterMs: o.giveUpReadsAfterMs ?? GIVE_UP_READS_AFTER_MS,
  });

  /**
   * Forgets the socket `attempt` opened, if it is still the current one: the calls on it fail, the
   * next call opens another, and event subscriptions reconnect by themselves.
   */
  function drop(attempt: Promise<WebSocket>): void {
    if (opened !== attempt) return;
    socket = null;
    opened = null;
    underWay = null;
    for (const [, done] of pending) done(lost('Lost the connection to the Benchlink host.'));
    pending.clear();
    liveness.reset();
    // Keep event subscriptions alive across host restarts.
    if (listeners.size > 0)
      setTimeout(() => void connect().catch(() => undefined), (retryMs = Math.min(retryMs * 2, 5000)));
  }

  function connect(): Promise<WebSocket> {
    if (opened) return opened;
    const attempt: Promise<WebSocket> = new Promise<WebSocket>((resolve, reject) => {
      const handshake = startHandshake(url, hmacKey);
      const ws = new WebSocket(handshake.url);
      let ready = false;
      // Every call made meanwhile waits on this handshake: one that never ends (a host that hangs, a
      // connection gone silent) must fail them with a reason, not leave them (and the screens drawn
      // from them) waiting for ever. Closing may itself take long on a dead connection, so the socket
      // is forgotten at once and the next call opens another.
      const deadline = setTimeout(() => {
        reject(new Error(NO_ANSWER));
        drop(attempt);
        ws.close();
      }, handshakeTimeoutMs);
      // Handshake messages are handled one at a time, in order (each step awaits Web Crypto).
      let steps = Promise.resolve();
      // A refused or dropped socket reports `error` then `close`; all handling is in onclose.
      ws.onerror = () => undefined;
      ws.onmessage = (ev) => {
        const text = typeof ev.data === 'string' ? ev.data : '';
        if (ready) return receive(text);
        steps = steps.then(async () => {
          // Main may send an event right behind `ready` (a scanner read kept while the page was
          // away): it arrives while `ready` is still being checked, and is an event, not a step.
          if (ready) return receive(text);
          const next = await handshake.step(text).catch(() => 'refuse' as const);
          if (ws.readyState !== WebSocket.OPEN || opened !== attempt) return;
          if (next === 'refuse') return ws.close();
          if (next !== 'ready') return ws.send(next.send);
          clearTimeout(deadline);
          ready = true;
          underWay = null;
          socket = ws;
          retryMs = 250;
          resolve(ws);
          // After the first, each connection follows a lost one: what was said meanwhile is read again.
          if (connectedBefore) for (const l of [...reconnectListeners]) l();
          connectedBefore = true;
        });
      };
      ws.onclose = () => {
        clearTimeout(deadline);
        reject(new Error(UNREACHABLE));
        drop(attempt);
      };
    });
    opened = attempt;
    const since = Date.now();
    underWay = { since, until: since + handshakeTimeoutMs };
    return attempt;
  }

  let connectedBefore = false;
  const reconnectListeners = new Set<() => void>();

  function receive(text: string): void {
    liveness.heard();
    let msg: WsServerMessage;
    try {
      msg = JSON.parse(text) as WsServerMessage;
    } catch {
      return;
    }
    if ('pong' in msg) return;
    if ('event' in msg) {
      for (const l of listeners.get(msg.event) ?? []) l(msg.payload);
    } else {
      pending.get(msg.id)?.(msg.result);
    }
  }

  return {
    async invoke(channel, payload) {
      let ws: WebSocket;
      try {
        ws = socket ?? (await connect());
      } catch (err) {
        return lost(err instanceof Error ? err.message : UNREACHABLE);
      }
      const id = nextId++;
      // The result's type comes from the contract; main validated it before sending.
      const answer = new Promise<IpcResult<never>>((resolve) => {
        const done = (r: IpcResult<unknown>) => {
          pending.delete(id);
          settled();
          resolve(r as IpcResult<never>);
        };
        // A read given up on is forgotten: its answer, if main ever sends one, is dropped.
        const settled = liveness.sent(watchedCall(channel, payload, Date.now(), done));
        pending.set(id, done);
      });
      ws.send(JSON.stringify({ id, channel, payload } satisfies WsRequest));
      return answer;
    },
    subscribe(event: EventName, listener) {
      const set = listeners.get(event) ?? new Set<Listener>();
      set.add(listener as Listener);
      listeners.set(event, set);
      void connect().catch(() => undefined);
      return () => set.delete(listener as Listener);
    },
    watchHost: (listener) => liveness.watch(listener),
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
    connecting: () => underWay,
  };
}
