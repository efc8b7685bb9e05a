import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import type { RawData, WebSocket } from 'ws';
import { wsPing, wsRequest, type WsServerMessage } from '../../shared/ipc/ws-protocol.js';
import type { EventHub } from '../ipc/events.js';
import type { Router } from '../ipc/router.js';
import type { CallContext } from '../ipc/types.js';

/**
 * The WebSocket twin of Electron's invoke (shared/ipc/ws-protocol.ts): `{ id, channel, payload }` in,
 * `{ id, result }` out, and a ping answered at once. Serves one authenticated socket until it closes,
 * starting with `ready` (the page sends nothing before it). The router never sees a message that is
 * not JSON.
 */
export function serveSocket(ws: WebSocket, router: Router, events: EventHub): void {
  const send = (msg: WsServerMessage) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
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
      const result = await router.handle({ channel: req.data.channel, payload: req.data.payload }, ctx, bytes);
      send({ id: req.data.id, result });
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
