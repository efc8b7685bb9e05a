/**
 * A fault-injecting HTTP proxy for tests of the API client and the outbox/sync engine. It sits
 * between a client and a real server (the sandbox) on loopback and, per rule, delays, resets,
 * answers errors instead of the server, or mangles the server's answer.
 *
 * Plain node:http, no dependencies. Loopback only (it refuses other targets and binds 127.0.0.1)
 * and bounded (request log and buffered bodies are capped) so a runaway test cannot eat memory.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Fault =
  /** Wait this long, then forward normally. */
  | { kind: 'latency'; ms: number }
  /** Drop the connection without forwarding: the server never sees the request. */
  | { kind: 'reset-before' }
  /** Forward, let the server answer, then drop the connection: applied, but the answer is lost. */
  | { kind: 'reset-after' }
  /** Answer this status instead of the server (or after it, with `forward`). */
  | { kind: 'status'; status: 429 | 500 | 502 | 503 | 504; retryAfter?: string; forward?: boolean }
  /** Forward, then send only the first `keep` fraction (default 0.5) of the JSON answer. */
  | { kind: 'truncate'; keep?: number }
  /** Forward, then replace the answer with text that is not JSON. */
  | { kind: 'malformed' }
  /** Forward, then replace the value at `field` (dot path, e.g. `items.0.name`) with a wrongly typed one. */
  | { kind: 'wrong-type'; field: string }
  /** Forward (the server acts on it), then answer this JSON text in place of the server's answer, same status. */
  | { kind: 'replace'; body: string }
  /**
   * Forward, then answer what `edit` makes of the server's JSON answer, same status: a service that
   * answers within the spec's wording otherwise than the sandbox does (a field left out, `A01`).
   */
  | { kind: 'rewrite'; edit: (answer: unknown) => unknown };

export interface FaultRule {
  fault: Fault;
  /** Exact path (without query) or a pattern; all paths when absent. */
  path?: string | RegExp;
  method?: string;
  /** Chance in [0, 1] that a matching request gets the fault (default 1), drawn from the proxy's random. */
  probability?: number;
  /** Apply to at most this many matching requests, then stop (default unlimited). */
  count?: number;
}

export interface ProxiedRequest {
  method: string;
  path: string;
  /** The path with its query string, as the client sent it. */
  url: string;
  /** Status the client saw; 0 when the connection was reset. */
  status: number;
  fault: Fault['kind'] | null;
  /** Whether the target server received the request. */
  forwarded: boolean;
}

export interface FaultProxy {
  url: string;
  setFaults(plan: FaultRule[]): void;
  /** Newest last; capped at `maxLog` entries. */
  requests: ProxiedRequest[];
  close(): Promise<void>;
}

export interface FaultProxyOptions {
  target: string;
  /** Seeded random for probabilities; see test/helpers/seeded-random.ts. Default Math.random. */
  random?: () => number;
  maxLog?: number;
  /** Largest answer body buffered for mangling; bigger answers pass through unchanged. */
  maxBufferBytes?: number;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

interface ActiveRule extends FaultRule {
  used: number;
}

export async function startFaultProxy(opts: FaultProxyOptions): Promise<FaultProxy> {
  const target = new URL(opts.target);
  if (!LOOPBACK.has(target.hostname) || target.protocol !== 'http:') {
    throw new Error(`fault proxy only forwards to http on loopback, not ${target.origin}`);
  }
  const random = opts.random ?? Math.random;
  const maxLog = opts.maxLog ?? 1000;
  const maxBuffer = opts.maxBufferBytes ?? 8 * 1024 * 1024;
  let rules: ActiveRule[] = [];
  const requests: ProxiedRequest[] = [];
  const sockets = new Set<Socket>();
  // Our own agent, so close() can drop kept-alive upstream sockets too.
  const agent = new http.Agent({ keepAlive: false });

  const record = (entry: ProxiedRequest): void => {
    requests.push(entry);
    if (requests.length > maxLog) requests.splice(0, requests.length - maxLog);
  };

  const pick = (method: string, path: string): Fault | null => {
    for (const rule of rules) {
      if (rule.method && rule.method.toUpperCase() !== method) continue;
      if (rule.path !== undefined && !(typeof rule.path === 'string' ? rule.path === path : rule.path.test(path)))
        continue;
      if (rule.count !== undefined && rule.used >= rule.count) continue;
      if (rule.probability !== undefined && random() >= rule.probability) continue;
      rule.used += 1;
      return rule.fault;
    }
    return null;
  };

  const server = http.createServer((req, res) => {
    const method = req.method ?? 'GET';
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const fault = pick(method, path);
    const log = (status: number, forwarded: boolean): void =>
      record({ method, path, url: req.url ?? path, status, fault: fault?.kind ?? null, forwarded });
    const reset = (): void => {
      // An RST rather than a FIN: what a client sees when a middlebox or the server dies.
      req.socket.resetAndDestroy();
    };

    if (fault?.kind === 'reset-before') {
      // Read the whole request first: the client has sent everything and cannot know it was dropped.
      req.resume();
      req.on('end', () => {
        log(0, false);
        reset();
      });
      return;
    }
    if (fault?.kind === 'status' && !fault.forward) {
      req.resume();
      req.on('end', () => {
        sendStatus(res, fault.status, fault.retryAfter);
        log(fault.status, false);
      });
      return;
    }

    const forward = (): void => {
      const headers = { ...req.headers, host: target.host };
      const upstream = http.request(
        { host: target.hostname.replace(/^\[|\]$/g, ''), port: target.port, method, path: req.url, headers, agent },
        (up) => {
          const status = up.statusCode ?? 502;
          if (fault?.kind === 'status') {
            up.resume();
            up.on('end', () => {
              sendStatus(res, fault.status, fault.retryAfter);
              log(fault.status, true);
            });
            return;
          }
          if (!fault || fault.kind === 'latency') {
            res.writeHead(status, up.headers);
            up.pipe(res);
            up.on('end', () => log(status, true));
            return;
          }
          bufferBody(up, maxBuffer, (body) => {
            if (fault.kind === 'reset-after') {
              log(0, true);
              reset();
              return;
            }
            if (body === null) {
              // Too big to mangle: fail loudly rather than silently skipping the fault.
              res.writeHead(500, { 'content-type': 'text/plain' });
              res.end('fault proxy: answer too large to mangle');
              log(500, true);
              return;
            }
            const mangled = mangle(fault, body);
            const outHeaders = { ...up.headers, 'content-length': String(Buffer.byteLength(mangled)) };
            delete outHeaders['transfer-encoding'];
            res.writeHead(status, outHeaders);
            res.end(mangled);
            log(status, true);
          });
        },
      );
      upstream.on('error', () => {
        if (!res.headersSent) {
          res.writeHead(502, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ success: false, message: 'fault proxy: target unreachable' }));
        }
        log(502, false);
      });
      req.pipe(upstream);
    };

    if (fault?.kind === 'latency') {
      const timer = setTimeout(forward, fault.ms);
      req.socket.once('close', () => clearTimeout(timer));
    } else {
      forward();
    }
  });

  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    setFaults(plan) {
      rules = plan.map((r) => ({ ...r, used: 0 }));
    },
    requests,
    async close() {
      for (const socket of sockets) socket.destroy();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function sendStatus(res: http.ServerResponse, status: number, retryAfter: string | undefined): void {
  const message = status === 429 ? 'Too many requests' : 'Operation failed';
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (retryAfter !== undefined) headers['retry-after'] = retryAfter;
  res.writeHead(status, headers);
  res.end(JSON.stringify({ success: false, message }));
}

/** Collects a body up to `max` bytes; `null` when it was larger (the rest is drained). */
function bufferBody(stream: http.IncomingMessage, max: number, done: (body: string | null) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let overflow = false;
  stream.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > max) overflow = true;
    else chunks.push(chunk);
  });
  stream.on('end', () => done(overflow ? null : Buffer.concat(chunks).toString('utf8')));
}

function mangle(
  fault: Extract<Fault, { kind: 'truncate' | 'malformed' | 'wrong-type' | 'replace' | 'rewrite' }>,
  body: string,
): string {
  if (fault.kind === 'replace') return fault.body;
  if (fault.kind === 'rewrite') return JSON.stringify(fault.edit(JSON.parse(body)));
  if (fault.kind === 'truncate') return body.slice(0, Math.floor(body.length * (fault.keep ?? 0.5)));
  if (fault.kind === 'malformed') return `{"success": true, oops ${body.slice(0, 20)}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body;
  }
  return JSON.stringify(replaceAtPath(parsed, fault.field.split('.')));
}

/**
 * A value of a different JSON type than the one found, that no tolerant reading of the original
 * accepts either (a number where text was is fine for an id, an object is not).
 */
function wrongTypeFor(value: unknown): unknown {
  if (typeof value === 'string') return { not: 'a string' };
  if (typeof value === 'number') return 'not-a-number';
  if (typeof value === 'boolean') return 42;
  if (Array.isArray(value)) return { not: 'an array' };
  if (value !== null && typeof value === 'object') return 'not-an-object';
  return 42;
}

function replaceAtPath(root: unknown, path: string[]): unknown {
  if (path.length === 0) return wrongTypeFor(root);
  const [head, ...rest] = path as [string, ...string[]];
  if (Array.isArray(root)) {
    const copy = [...root];
    const i = Number(head);
    copy[i] = replaceAtPath(copy[i], rest);
    return copy;
  }
  if (root !== null && typeof root === 'object') {
    const obj = root as Record<string, unknown>;
    return { ...obj, [head]: replaceAtPath(obj[head], rest) };
  }
  return root;
}
