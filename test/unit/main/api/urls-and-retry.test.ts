import { describe, expect, it } from 'vitest';
import { endpointUrl, toQueryString } from '../../../../main/api/urls.js';
import { backoffDelay, isRetryable, normalizePolicy, parseRetryAfter, retryDelay } from '../../../../main/api/retry.js';
import {
  ApiError,
  type ApiErrorInit,
  AuthError,
  NetworkError,
  ProtocolError,
  RateLimitedError,
  ServerError,
  TimeoutError,
} from '../../../../main/api/errors.js';

const connection = {
  baseUrl: 'https://lab.example/api/',
  filesUrl: 'https://files.example',
  eventsUrl: 'https://events.example/v1',
  mode: 'v2' as const,
};

describe('URL building', () => {
  it('puts each endpoint under its configured address and keeps path prefixes', () => {
    expect(endpointUrl(connection, 'base', '/labsheets/create').href).toBe('https://lab.example/api/labsheets/create');
    expect(endpointUrl(connection, 'files', '/files/store-and-embed').href).toBe(
      'https://files.example/files/store-and-embed',
    );
    expect(endpointUrl(connection, 'events', '/webhook/custom').href).toBe('https://events.example/v1/webhook/custom');
  });
  it('appends the endpoint to the address path: a fragment, query or user info never swallows or rides on it', () => {
    const at = (baseUrl: string) => endpointUrl({ ...connection, baseUrl }, 'base', '/labsheets/update-rows-by-id');
    expect(at('https://lims.lab.org/#/home').href).toBe('https://lims.lab.org/labsheets/update-rows-by-id');
    expect(at('https://lims.lab.org/api?tenant=a').href).toBe('https://lims.lab.org/api/labsheets/update-rows-by-id');
    expect(at('https://u:p@lims.lab.org/api/').href).toBe('https://lims.lab.org/api/labsheets/update-rows-by-id');
  });
  it('turns a GET request into a query string, leaving out undefined values, a space as %20 (never "+")', () => {
    const q = toQueryString({ labsheet: 'Tubes & Racks+1', page: 2, pageSize: 10, archived: undefined });
    expect(q).toBe('labsheet=Tubes%20%26%20Racks%2B1&page=2&pageSize=10');
  });
});

describe('retry policy', () => {
  const policy = normalizePolicy({ attempts: 5, baseDelayMs: 100, maxDelayMs: 1000, maxRetryAfterMs: 5000 });
  const err = (E: new (summary: string, init: ApiErrorInit) => ApiError, status?: number) =>
    new E('x', { endpoint: 'fetchLabsheetList', ...(status ? { status } : {}) });

  it('retries only idempotent calls, and only transient failures', () => {
    for (const e of [
      err(NetworkError),
      err(TimeoutError),
      err(ServerError, 502),
      err(ServerError, 503),
      err(ServerError, 504),
      new RateLimitedError('x', { endpoint: 'fetchLabsheetList', status: 429 }),
    ]) {
      expect(isRetryable(e, true)).toBe(true);
      expect(isRetryable(e, false)).toBe(false);
    }
    expect(isRetryable(err(ServerError, 500), true)).toBe(false);
    expect(isRetryable(err(AuthError, 401), true)).toBe(false);
    expect(isRetryable(err(ProtocolError, 200), true)).toBe(false);
  });

  it('backs off exponentially with full jitter, capped', () => {
    expect(backoffDelay(0, policy, () => 0.999)).toBe(99);
    expect(backoffDelay(2, policy, () => 0.5)).toBe(200);
    expect(backoffDelay(10, policy, () => 0.999)).toBe(999);
    expect(backoffDelay(3, policy, () => 0)).toBe(0);
  });

  it('never retries sooner than Retry-After, and gives up when it exceeds the cap', () => {
    const limited = (ms: number) =>
      new RateLimitedError('x', { endpoint: 'fetchLabsheetList', status: 429, retryAfterMs: ms });
    expect(retryDelay(limited(2000), 0, policy, () => 0.5)).toBe(2000);
    expect(retryDelay(limited(10), 3, policy, () => 0.5)).toBe(400);
    expect(retryDelay(limited(6000), 0, policy, () => 0.5)).toBeNull();
  });

  it('reads Retry-After as seconds or as an HTTP-date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:07 GMT', now)).toBe(7000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  it('treats attempts below 1 as a single try', () => {
    expect(normalizePolicy({ attempts: 0 }).attempts).toBe(1);
  });
});
