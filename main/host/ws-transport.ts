import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import type { RawData, WebSocket } from 'ws';
import { wsPing, wsRequest, type WsServerMessage } from '../../shared/ipc/ws-protocol.js';
import type { EventHub } from '../ipc/events.js';
import type { Router } from '../ipc/router.js';
import type { CallContext } from '../ipc/types.js';

/**
 * A socket's calls run this many at a time, and none starts while this many bytes of answers wait for
 * the page to take them; the socket is not read meanwhile (its requests wait in TCP, not in main). A
 * client that stops reading (a stuck page, or a local process with the host key) then stops being served:
 * 60 calls of 800 KB answers grew main by 260 MB a minute, without a bound. Events still go out; a page
 * that takes none of `closeAtBytes` is gone, and its socket is closed. The calls' cap is well above what
 * a page runs at once (its waits for entries are capped at 32 by their handler, which says so): a scan's
 * enqueue must never queue behind a page's slow calls.
 */
export const SOCKET_LIMITS = { callsInFlight: 64, pendingBytes: 8 * 1024 * 1024, closeAtBytes: 64 * 1024 * 1024 };

/**
 * The WebSocket twin of Electron's invoke (shared/ipc/ws-protocol.ts): `{ id, channel, payload }` in,
 * `{ id, result }` out, and a ping answered at once. Serves one authenticated socket until it closes,
 * starting with `ready` (the page sends nothing before it). The router never sees a message that is
 * not JSON.
 */
export function serveSocket(
  ws: WebSocket,
  router: Router,
  events: EventHub,
  limits: typeof SOCKET_LIMITS = SOCKET_LIMITS,
): void {
  let inFlight = 0;
  /** Calls read but not started: what one read of the socket held beyond the limits (it is paused then). */
  const waiting: Array<() => Promise<void>> = [];
  const roomToStart = () => inFlight < limits.callsInFlight && ws.bufferedAmount < limits.pendingBytes;
  /** Starts the calls there is room for; reads the socket again once none waits. */
  const pace = () => {
    if (ws.readyState !== ws.OPEN) return;
    while (waiting.length > 0 && roomToStart()) void waiting.shift()!();
    if (waiting.length > 0 || !roomToStart()) {
      if (!ws.isPaused) ws.pause();
    } else if (ws.isPaused) ws.resume();
  };
  const send = (msg: WsServerMessage) => {
    if (ws.readyState !== ws.OPEN) return;
    if (ws.bufferedAmount >= limits.closeAtBytes) return ws.terminate();
    // Written (taken by TCP) is when room may have come: calls waiting on it start then.
    ws.send(JSON.stringify(msg), () => pace());
  };
  const call = (run: () => Promise<void>) => {
    waiting.push(async () => {
      inFlight += 1;
      try {
        await run();
      } catch {
        ws.terminate();
      } finally {
        inFlight -= 1;
        pace();
      }
    });
    pace();
  };
  // What this socket started (an upload being staged) is abandoned when it closes.
  const closed = new AbortController();
  // One listener per unfinished staging or outbox wait of this socket; both are capped well below this.
  setMaxListeners(64, closed.signal);
  const connection = { id: randomUUID(), closed: closed.signal };
  const ctx: CallContext = { transport: 'ws', connection };
  let removeSink: () => void = () => undefined;
  ws.on('close', () => {
    removeSink();
    closed.abort();
  });
  ws.on('error', () => ws.terminate());

  ws.on('message', (data: RawData, isBinary: boolean) => {
    void (async () => {
      const bytes = rawLength(data);
      if (isBinary)
        return send({
          id: -1,
          result: router.refuse('invalid-message', 'Binary frames are not accepted.', { transport: 'ws' }),
        });
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawText(data));
      } catch {
        return send({ id: -1, result: router.refuse('invalid-message', 'Message is not JSON.', { transport: 'ws' }) });
      }
      const req = wsRequest.safeParse(parsed);
      if (!req.success) {
        // Answered here, not by a handler: the page asks only whether main's event loop is turning. Tried
        // only when the message is not a call, so a scan's enqueue is parsed once, as before pings.
        const ping = wsPing.safeParse(parsed);
        if (ping.success) return send({ pong: ping.data.ping });
        return send({
          id: -1,
          result: router.refuse('invalid-message', 'Message must be { id, channel, payload }.', { transport: 'ws' }),
        });
      }
      const { id, channel, payload } = req.data;
      call(async () => send({ id, result: await router.handle({ channel, payload }, ctx, bytes) }));
    })().catch(() => ws.terminate());
  });
  if (ws.readyState !== ws.OPEN) return; // closed during the handshake: no page to serve
  ws.send(JSON.stringify({ ready: true }));
  // Only now, after `ready`, may events go out: the page reads anything before it as a handshake
  // step. A socket that is closing refuses the event, so what must not be lost stays with main.
  // Named by its connection: the scanner's reads go to one page only, the one the user is at (events.ts).
  removeSink = events.addSink((event, payload) => {
    if (ws.readyState !== ws.OPEN) throw new Error('the page is going away');
    send({ event, payload });
  }, connection.id);
}

function rawLength(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((n, b) => n + b.length, 0);
  return data instanceof ArrayBuffer ? data.byteLength : data.length;
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data instanceof ArrayBuffer ? new Uint8Array(data) : data).toString('utf8');
}
