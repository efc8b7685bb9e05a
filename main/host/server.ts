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
import { allowedOrigins, hostAllowed, newSecret, originAllowed } from './security.js';

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
}

/** Each socket holds an event sink and its own stagings and waits: a page cannot open them without end. */
export const MAX_SOCKETS = 8;

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
  // Upgrades counted from the moment they pass the checks, so parallel handshakes cannot overshoot.
  let open = 0;
  const refusals = createRefusalLog(o.log);
  const csp = buildCsp({ extraConnect: allowedOrigins(port).map((u) => u.replace('http:', 'ws:')) });

  server.on('request', (req, res) => {
    handleHttp(req, res, { ...o, port, csp }).catch((err: unknown) => {
      o.log.error('host request failed', { error: err instanceof Error ? err.message : 'unknown' });
      if (!res.headersSent) res.writeHead(500).end();
    });
  });

  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    // Node takes its own error listener off a socket it hands to 'upgrade': a sender that resets the
    // connection while it is refused (or mid-handshake) would throw "write ECONNRESET" out of main.
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', origin);
    const refuse = (status: 403 | 404 | 503, why: string) => {
      refusals.warn('host refused websocket', { why });
      const text = { 403: 'Forbidden', 404: 'Not Found', 503: 'Service Unavailable' }[status];
      socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    if (url.pathname !== IPC_PATH) return refuse(404, 'path');
    if (!hostAllowed(req, port)) return refuse(403, 'host header');
    if (!originAllowed(req, port)) return refuse(403, 'origin');
    const pageNonce = url.searchParams.get(HANDSHAKE_NONCE_PARAM) ?? '';
    if (!HEX_32.test(pageNonce)) return refuse(403, 'handshake nonce');
    if (open >= maxSockets) return refuse(503, 'too many sockets');
    // Counted until closed, handshake included: a page cannot hold many half-open sockets either.
    open += 1;
    socket.once('close', () => (open -= 1));
    wss.handleUpgrade(req, socket, head, (ws) => {
      void authenticate(ws, { key: secret, port, pageNonce }).then((ok) => {
        if (!ok) return refusals.warn('host refused websocket', { why: 'handshake' });
        // The page sends its first request only after `ready`, which serveSocket sends in the same
        // turn as its listeners attach, so no request is missed.
        serveSocket(ws, o.router, o.events);
      });
    });
  });

  return {
    url: `${origin}/#k=${secret}`,
    origin,
    port,
    secret,
    close: () =>
      new Promise<void>((res) => {
        for (const c of wss.clients) c.terminate();
        wss.close();
        server.closeAllConnections();
        server.close(() => res());
      }),
  };
}

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
