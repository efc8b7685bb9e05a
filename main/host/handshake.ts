import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { RawData, WebSocket } from 'ws';
import { pageAuth, proofInput, type HostHello } from '../../shared/ipc/host-handshake.js';

/**
 * How long the host waits for the page's proof after its hello. The page answers in one turn of its
 * event loop and two Web Crypto calls (milliseconds), so this leaves room for a slow machine's busy tab
 * while a socket that never answers (any local process can open one) is not kept long. Shorter than the
 * page's own wait (HANDSHAKE_TIMEOUT_MS), which also covers opening the socket.
 */
export const HOST_HANDSHAKE_TIMEOUT_MS = 5_000;

const hmacHex = (key: string, input: string): string => createHmac('sha256', key).update(input).digest('hex');

export interface HandshakeOptions {
  key: string;
  port: number;
  /** The nonce from the page's upgrade URL, already checked against HEX_32. */
  pageNonce: string;
  timeoutMs?: number;
}

/**
 * The host's half of shared/ipc/host-handshake.ts on a freshly upgraded socket: proves it holds the
 * key, then waits for the page's proof. Resolves true once the page proved it (the socket is then
 * the caller's to serve), false after dropping a socket that did not, or did not in time.
 */
export function authenticate(ws: WebSocket, o: HandshakeOptions): Promise<boolean> {
  const hostNonce = randomBytes(32).toString('hex');
  const expected = Buffer.from(hmacHex(o.key, proofInput('page', o.port, o.pageNonce, hostNonce)));
  return new Promise<boolean>((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      ws.off('message', onMessage);
      ws.off('close', onClose);
      ws.off('error', onError);
      // Dropped, not closed: close() waits up to 30 s for the peer's reply, and a peer that never sends
      // one (it never had the key) would hold the socket all that time.
      if (!ok) ws.terminate();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), o.timeoutMs ?? HOST_HANDSHAKE_TIMEOUT_MS);
    const onClose = () => done(false);
    const onMessage = (data: RawData, isBinary: boolean) => {
      let msg: unknown;
      try {
        msg = isBinary ? null : JSON.parse(String(data));
      } catch {
        msg = null;
      }
      const auth = pageAuth.safeParse(msg);
      // Both are 64 hex characters by the schema, so timingSafeEqual compares equal lengths.
      done(auth.success && timingSafeEqual(Buffer.from(auth.data.auth), expected));
    };
    // A frame over the size cap or not UTF-8 before the proof: ws emits 'error', which with no listener
    // is thrown out of main (the transport's own listener comes only after the handshake).
    const onError = () => {
      ws.terminate();
      done(false);
    };
    ws.on('message', onMessage);
    ws.once('close', onClose);
    ws.on('error', onError);
    const hello: HostHello = {
      hello: { nonce: hostNonce, proof: hmacHex(o.key, proofInput('host', o.port, o.pageNonce, hostNonce)) },
    };
    ws.send(JSON.stringify(hello));
  });
}
