import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocketServer } from 'ws';
import { buildCsp } from '../common/csp.js';
import type { EventHub } from '../ipc/events.js';
import type { Router } from '../ipc/router.js';
import type { Logger } from '../common/logger.js';
import { createRefusalLog } from '../ipc/refusal-log.js';
import { readStatic } from '../common/static-files.js';
import { serveSocket } from './ws-transport.js';
import { HANDSHAKE_NONCE_PARAM, HEX_32 } from '../../shared/ipc/host-handshake.js';
import { authenticate } from './handshake.js';
import { allowedOrigins, askedAsLocalhost, hostAllowed, newSecret, originAllowed } from './security.js';

/** Bound on one WebSocket frame; the router applies each channel's own (smaller) bound after. */
export const WS_MAX_PAYLOAD = 1024 * 1024;
export const IPC_PATH = '/ipc';

export interface HostOptions {
  router: Router;
  events: EventHub;
  /** The built renderer (Vite's dist/). */
  distDir: string;
  log: Logger;
  port?: number;
  /** Tests may fix it; otherwise a fresh one per launch. */
  secret?: string;
  /** Open IPC sockets at once (default MAX_SOCKETS); one app window needs one, a few tabs a few. */
  maxSockets?: number;
  /** Sockets still in the handshake at once (default MAX_HANDSHAKES); tests lower it. */
  maxHandshakes?: number;
  /** How long a socket may take to prove the key (default: handshake.ts's HOST_HANDSHAKE_TIMEOUT_MS); tests shorten it. */
  handshakeTimeoutMs?: number;
}

/** Each socket holds an event sink and its own stagings and waits: a page cannot open them without end. */
export const MAX_SOCKETS = 8;
/**
 * Sockets that have not proved the key yet. Kept apart from MAX_SOCKETS, and the oldest dropped when
 * full: any local process can open these without the key, and counted with the page's they kept the
 * page itself out ("too many sockets") for as long as it held them open.
 */
export const MAX_HANDSHAKES = 16;

export interface RunningHost {
  /**
   * The URL to open, key included in its fragment (`#k=`): a browser never sends a fragment to any
   * server, so the key reaches only the page, which keeps it in its own sessionStorage for reloads.
   */
  url: string;
  origin: string;
  port: number;
  secret: string;
  close(): Promise<void>;
}

/**
 * The browser host: the built renderer and the IPC contract over a WebSocket, on 127.0.0.1 only.
 * The renderer's files are served to any request with our host name: they hold nothing secret (they
 * are the same files as in the install, which every local user can read) and do nothing without the
 * key. The key is never in a cookie: browsers send 127.0.0.1's cookies to every port, so any local
 * process the browser visits would receive it. The WebSocket takes our own origin and host name, then
 * a challenge–response on the key that never sends the key itself (shared/ipc/host-handshake.ts).
 */
export async function startHost(o: HostOptions): Promise<RunningHost> {
  const secret = o.secret ?? newSecret();
  const server = createServer();
  const wss = new WebSocketServer({ noServer: true, maxPayload: WS_MAX_PAYLOAD });
  await new Promise<void>((res, rej) => {
    server.once('error', rej);
    server.listen(o.port ?? 0, '127.0.0.1', () => res());
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  const maxSockets = o.maxSockets ?? MAX_SOCKETS;
  const maxHandshakes = o.maxHandshakes ?? MAX_HANDSHAKES;
  /** Sockets that proved the key and are served. */
  let served = 0;
  /** Sockets still in the handshake, oldest first (a Set keeps insertion order). */
  const proving = new Set<Socket>();
  /**
   * Every socket handed to 'upgrade', refused or not: the HTTP server no longer tracks them, and
   * server.close() waits for each, so close() must end them itself.
   */
  const upgraded = new Set<Socket>();
  let closing = false;
  const refusals = createRefusalLog(o.log);
  const csp = buildCsp({ extraConnect: allowedOrigins(port).map((u) => u.replace('http:', 'ws:')) });

  server.on('request', (req, res) => {
    handleHttp(req, res, { ...o, port, csp }).catch((err: unknown) => {
      o.log.error('host request failed', { error: err instanceof Error ? err.message : 'unknown' });
      if (!res.headersSent) res.writeHead(500).end();
    });
  });

  const upgrade = (req: IncomingMessage, socket: Socket, head: Buffer): void => {
    const refuse = (status: keyof typeof REFUSED, why: string) => {
      refusals.warn('host refused websocket', { why });
      // Destroyed once written: a sender that keeps its side open would otherwise hold the socket, and
      // close() with it, for as long as it likes.
      socket.end(`HTTP/1.1 ${status} ${REFUSED[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`, () =>
        socket.destroy(),
      );
    };
    let url: URL;
    try {
      url = new URL(req.url ?? '/', origin);
    } catch {
      return refuse(400, 'url');
    }
    if (url.pathname !== IPC_PATH) return refuse(404, 'path');
    if (!hostAllowed(req, port)) return refuse(403, 'host header');
    if (!originAllowed(req, port)) return refuse(403, 'origin');
    const pageNonce = url.searchParams.get(HANDSHAKE_NONCE_PARAM) ?? '';
    if (!HEX_32.test(pageNonce)) return refuse(403, 'handshake nonce');
    if (served >= maxSockets) return refuse(503, 'too many sockets');
    if (proving.size >= maxHandshakes) {
      // The oldest has had the longest to answer; the page's own answers within milliseconds.
      const oldest = proving.values().next().value;
      if (oldest) {
        proving.delete(oldest);
        oldest.destroy();
      }
      refusals.warn('host refused websocket', { why: 'too many handshakes: dropped the oldest' });
    }
    proving.add(socket);
    socket.once('close', () => proving.delete(socket));
    wss.handleUpgrade(req, socket, head, (ws) => {
      void authenticate(ws, { key: secret, port, pageNonce, timeoutMs: o.handshakeTimeoutMs }).then((ok) => {
        proving.delete(socket);
        if (!ok) return refusals.warn('host refused websocket', { why: 'handshake' });
        // Checked again: other pages' sockets may have proved the key while this one was proving it.
        if (served >= maxSockets) {
          refusals.warn('host refused websocket', { why: 'too many sockets' });
          return ws.terminate();
        }
        served += 1;
        socket.once('close', () => (served -= 1));
        // The page sends its first request only after `ready`, which serveSocket sends in the same
        // turn as its listeners attach, so no request is missed.
        serveSocket(ws, o.router, o.events);
      });
    });
  };

  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    // Node takes its own error listener off a socket it hands to 'upgrade': a sender that resets the
    // connection while it is refused (or mid-handshake) would throw "write ECONNRESET" out of main.
    socket.on('error', () => socket.destroy());
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
    if (closing) return void socket.destroy();
    try {
      upgrade(req, socket, head);
    } catch (err) {
      // Thrown out of here, it reached the last resort and left the socket open, which kept close() waiting.
      o.log.error('host upgrade failed', { error: err instanceof Error ? err.message : 'unknown' });
      socket.destroy();
    }
  });

  return {
    url: `${origin}/#k=${secret}`,
    origin,
    port,
    secret,
    close: () =>
      new Promise<void>((res) => {
        closing = true;
        for (const c of wss.clients) c.terminate();
        for (const s of upgraded) s.destroy();
        wss.close();
        server.closeAllConnections();
        server.close(() => res());
      }),
  };
}

const REFUSED = { 400: 'Bad Request', 403: 'Forbidden', 404: 'Not Found', 503: 'Service Unavailable' } as const;

async function handleHttp(
  req: IncomingMessage,
  res: ServerResponse,
  c: HostOptions & { port: number; csp: string },
): Promise<void> {
  const security = {
    'Content-Security-Policy': c.csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
    'Cache-Control': 'no-store',
  };
  const deny = (status: number, text: string): void => {
    res.writeHead(status, { ...security, 'Content-Type': 'text/plain; charset=utf-8' }).end(text);
  };
  if (req.method !== 'GET' && req.method !== 'HEAD') return deny(405, 'Method not allowed.');
  if (askedAsLocalhost(req, c.port))
    return deny(
      403,
      `Open Benchlink at the address it printed, http://127.0.0.1:${c.port}/ (the whole address, ending in #k=…), not at localhost.`,
    );
  if (!hostAllowed(req, c.port)) return deny(403, 'Forbidden host.');

  const url = new URL(req.url ?? '/', `http://127.0.0.1:${c.port}`);
  const page = url.pathname === '/' || url.pathname === '/index.html';

  const file = await readStatic(c.distDir, page ? '/index.html' : url.pathname);
  if (!file) return deny(404, page ? 'The renderer is not built: run `npm run build`.' : 'Not found.');
  let body = file.body;
  if (page) {
    // The page's meta CSP must also allow this host's exact WebSocket origin (both policies apply).
    const html = body
      .toString('utf8')
      .replace(
        /(http-equiv="Content-Security-Policy"\s+content=")[^"]*(")/,
        `$1${buildCsp({ forMetaTag: true, extraConnect: allowedOrigins(c.port).map((u) => u.replace('http:', 'ws:')) })}$2`,
      );
    body = Buffer.from(html, 'utf8');
  }
  const headers: Record<string, string> = {
    ...security,
    'Content-Type': file.type,
    'Content-Length': String(body.length),
  };
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}
