/** A scripted loopback HTTP server for unit tests of the client: each request gets the next answer. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServiceConnection } from '../../../../shared/api/connection.js';

export interface SeenRequest {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Answer =
  { status: number; body?: unknown; raw?: string; headers?: Record<string, string> } | { hang: true } | { reset: true };

export interface Stub {
  url: string;
  connection(mode?: 'v2' | 'legacy'): ServiceConnection;
  seen: SeenRequest[];
  /** Answers in order; the last one repeats. */
  script(...answers: Answer[]): void;
  close(): Promise<void>;
}

export async function startStub(): Promise<Stub> {
  let answers: Answer[] = [{ status: 200, body: { success: true } }];
  const seen: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
      if ('hang' in answer) return;
      if ('reset' in answer) {
        req.socket.resetAndDestroy();
        return;
      }
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.raw ?? (answer.body === undefined ? '' : JSON.stringify(answer.body)));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    connection: (mode = 'v2') => ({ baseUrl: url, filesUrl: url, eventsUrl: url, mode }),
    seen,
    script: (...a) => {
      answers = a;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
