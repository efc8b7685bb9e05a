import type { BenchlinkApi, WsServerMessage } from '../../../shared/ipc/api.js';
import type { EventName } from '../../../shared/ipc/contract.js';
import type { IpcResult } from '../../../shared/ipc/result.js';
import { createKeyring, startHandshake } from './handshake.js';

type Listener = (payload: unknown) => void;

const lost = (message: string): IpcResult<never> => ({ ok: false, error: { code: 'disconnected', message } });

/**
 * The browser host's twin of the preload bridge: same BenchlinkApi over one WebSocket.
 * Requests made while (re)connecting wait for the socket; a dropped socket fails the calls in
 * flight (the UI shows the error) and reconnects with a growing delay. Each socket is usable only
 * after the handshake (./handshake.ts): the page never sends the key, and sends nothing to a server
 * on the host's port that cannot prove it holds the key.
 */
export function createWsApi(url: string, key: string): BenchlinkApi {
  const hmacKey = createKeyring(key);
  const pending = new Map<number, (r: IpcResult<unknown>) => void>();
  const listeners = new Map<string, Set<Listener>>();
  let nextId = 1;
  let socket: WebSocket | null = null;
  let opened: Promise<WebSocket> | null = null;
  let retryMs = 250;

  function connect(): Promise<WebSocket> {
    if (opened) return opened;
    opened = new Promise<WebSocket>((resolve, reject) => {
      const handshake = startHandshake(url, hmacKey);
      const ws = new WebSocket(handshake.url);
      let ready = false;
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
          if (ws.readyState !== WebSocket.OPEN) return;
          if (next === 'refuse') return ws.close();
          if (next !== 'ready') return ws.send(next.send);
          ready = true;
          socket = ws;
          retryMs = 250;
          resolve(ws);
        });
      };
      ws.onclose = () => {
        socket = null;
        opened = null;
        for (const [, done] of pending) done(lost('Lost the connection to the Benchlink host.'));
        pending.clear();
        reject(new Error('closed'));
        // Keep event subscriptions alive across host restarts.
        if (listeners.size > 0)
          setTimeout(() => void connect().catch(() => undefined), (retryMs = Math.min(retryMs * 2, 5000)));
      };
    });
    return opened;
  }

  function receive(text: string): void {
    let msg: WsServerMessage;
    try {
      msg = JSON.parse(text) as WsServerMessage;
    } catch {
      return;
    }
    if ('event' in msg) {
      for (const l of listeners.get(msg.event) ?? []) l(msg.payload);
    } else {
      pending.get(msg.id)?.(msg.result);
      pending.delete(msg.id);
    }
  }

  return {
    async invoke(channel, payload) {
      let ws: WebSocket;
      try {
        ws = socket ?? (await connect());
      } catch {
        return lost('Cannot reach the Benchlink host. Is `npm start` still running?');
      }
      const id = nextId++;
      // The result's type comes from the contract; main validated it before sending.
      const answer = new Promise<IpcResult<never>>((resolve) =>
        pending.set(id, resolve as (r: IpcResult<unknown>) => void),
      );
      ws.send(JSON.stringify({ id, channel, payload }));
      return answer;
    },
    subscribe(event: EventName, listener) {
      const set = listeners.get(event) ?? new Set<Listener>();
      set.add(listener as Listener);
      listeners.set(event, set);
      void connect().catch(() => undefined);
      return () => set.delete(listener as Listener);
    },
  };
}
