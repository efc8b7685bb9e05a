import { describe, expect, it } from 'vitest';
import {
  mapHttpError,
  mapRefusal,
  mapTransportError,
  readErrorBody,
  successFalseBody,
} from '../../../../main/api/map-error.js';
import {
  AuthError,
  BadRequestError,
  CancelledError,
  ConflictError,
  NetworkError,
  NotFoundError,
  ProtocolError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  ValidationError,
} from '../../../../main/api/errors.js';
import { classify } from '../../../../main/sync/classify.js';

const TOKEN = '0b5a3f7e-token-secret-9c1d';
const ctx = (idempotent: boolean) => ({ endpoint: 'createLabsheet' as const, idempotent, token: TOKEN, now: 0 });
const body = (message: string, reason?: string) =>
  JSON.stringify({ success: false, message, ...(reason ? { reason } : {}) });

describe('HTTP status mapping (spec error table)', () => {
  it.each([
    [401, 'Invalid Authentication Token', AuthError],
    [403, 'Missing Authentication Token', AuthError],
    [404, 'Not found', NotFoundError],
    [409, 'Conflict', ConflictError],
    [422, 'Validation error', ValidationError],
    [400, 'Bad request', BadRequestError],
    [500, 'Operation failed', ServerError],
    [502, 'Bad gateway', ServerError],
  ])('%i → %s', (status, message, Class) => {
    const e = mapHttpError(ctx(true), status, body(message, 'name: already used'), undefined);
    expect(e).toBeInstanceOf(Class);
    expect(e.status).toBe(status);
    expect(e.serverMessage).toBe(message);
    expect(e.reason).toBe('name: already used');
    expect(e.endpoint).toBe('createLabsheet');
    expect(e.message).toContain(message);
    expect(e.message).toContain('name: already used');
  });

  it('408 is an answer: a failure the service answered (not a timeout, not offline), and nothing was taken', () => {
    const e = mapHttpError(ctx(false), 408, body('Request Timeout'), undefined);
    expect(e).toBeInstanceOf(ServerError);
    expect(e).not.toBeInstanceOf(TimeoutError);
    expect(e).toMatchObject({ kind: 'server', status: 408, uncertain: false, transient: true });
  });

  it('a spec message means what the table says on any status; the real status is kept', () => {
    const manifest = { endpoint: 'updateManifest' as const, idempotent: true, token: TOKEN };
    const refused = mapHttpError(manifest, 400, body('Invalid Authentication Token'), undefined);
    expect(refused).toBeInstanceOf(AuthError);
    expect(refused).toMatchObject({ status: 400, missing: false });
    expect(classify(refused, 0).action).toBe('pause');
    const noToken = mapHttpError(manifest, 400, body('Missing Authentication Token'), undefined);
    expect(noToken).toMatchObject({ kind: 'auth', missing: true });
    // A 500 saying "Not found" on a non-idempotent call: refused, not applied, so not uncertain.
    const link = { endpoint: 'linkSamplesToTest' as const, idempotent: false, token: TOKEN };
    const notFound = mapHttpError(link, 500, body('Not found'), undefined);
    expect(notFound).toBeInstanceOf(NotFoundError);
    expect(notFound).toMatchObject({ status: 500, uncertain: false });
    expect(classify(notFound, 0)).toMatchObject({ action: 'reject', uncertain: false });
    // Without a table message the status decides, as before.
    expect(mapHttpError(link, 500, body('Database down'), undefined)).toMatchObject({
      kind: 'server',
      uncertain: true,
    });
  });

  it('a spec message in another case or spacing means the same ("Not Found" is "Not found"), on an answer and a refusal', () => {
    const manifest = { endpoint: 'updateManifest' as const, idempotent: true, token: TOKEN };
    // On the old code: a 500 "Not Found" was a failure of the service, tried again eight times.
    expect(mapHttpError(manifest, 500, body('Not Found'), undefined)).toBeInstanceOf(NotFoundError);
    expect(mapRefusal(manifest, 200, { message: 'not  found' })).toBeInstanceOf(NotFoundError);
    expect(mapRefusal(ctx(false), 200, { message: 'conflict' })).toMatchObject({ kind: 'conflict', uncertain: false });
    // "Missing authentication token" on a 403 asks for a token; it is not one request refused.
    const noToken = mapHttpError(manifest, 403, body('Missing authentication token'), undefined) as AuthError;
    expect(noToken).toMatchObject({ missing: true, forbidden: false });
    expect(classify(noToken, 0).action).toBe('pause');
    expect((mapHttpError(manifest, 403, body('INVALID AUTHENTICATION TOKEN'), undefined) as AuthError).missing).toBe(
      false,
    );
  });

  it('reads an error body with a null or empty message or reason, or "False", as its words, never as raw JSON', () => {
    const raw = (b: unknown) => readErrorBody(JSON.stringify(b));
    // On the old code each of these came back as its whole JSON text, shown to the user.
    expect(raw({ success: false, message: 'Not found', reason: null })).toEqual({ serverMessage: 'Not found' });
    expect(raw({ success: 'False', message: 'Conflict' })).toEqual({ serverMessage: 'Conflict' });
    expect(raw({ success: false, message: null, reason: 'labsheet: no such labsheet' })).toEqual({
      reason: 'labsheet: no such labsheet',
    });
    // Spring's default error body: its message often empty, its `error` the status's words.
    const spring = { timestamp: '2026-11-29T10:00:00Z', status: 404, error: 'Not Found', message: '', path: '/x' };
    expect(raw(spring)).toEqual({ serverMessage: 'Not Found' });
    expect(mapHttpError(ctx(false), 404, JSON.stringify(spring), undefined)).toMatchObject({
      kind: 'not-found',
      serverMessage: 'Not Found',
    });
    // RFC 9457 problem details.
    expect(raw({ type: 'about:blank', title: 'Conflict', status: 409 })).toEqual({ serverMessage: 'Conflict' });
    // A framework's `error` as an object does not hide the message beside it.
    expect(raw({ error: { code: 42 }, message: 'Validation error' })).toEqual({ serverMessage: 'Validation error' });
    // A body that says it succeeded is no error body: kept short as text, as before.
    expect(raw({ success: true, message: 'ok' }).serverMessage).toBe('{"success":true,"message":"ok"}');
  });

  it('a request Node refuses to build (a line break in a header) is refused, not "could not reach": the same every try', () => {
    const err = Object.assign(new TypeError('Invalid character in header content ["service-event-type"]'), {
      code: 'ERR_INVALID_CHAR',
    });
    const e = mapTransportError(ctx(false), err, undefined);
    // On the old code a NetworkError: waited for a network that was never the problem, for ever.
    expect(e).toBeInstanceOf(BadRequestError);
    expect(e).toMatchObject({ uncertain: false, transient: false });
    expect(classify(e, 0).action).toBe('reject');
  });

  it('408, 429 and redirects keep their own meaning whatever message comes with them', () => {
    expect(mapHttpError(ctx(true), 429, body('Operation failed'), '2')).toBeInstanceOf(RateLimitedError);
    expect(mapHttpError(ctx(true), 408, body('Not found'), undefined)).toMatchObject({ kind: 'server', status: 408 });
    expect(mapHttpError(ctx(true), 302, body('Bad request'), undefined)).toBeInstanceOf(ProtocolError);
  });

  it('distinguishes a missing token (403) from a refused one (401)', () => {
    expect((mapHttpError(ctx(true), 403, body('Missing Authentication Token'), undefined) as AuthError).missing).toBe(
      true,
    );
    expect((mapHttpError(ctx(true), 401, body('Invalid Authentication Token'), undefined) as AuthError).missing).toBe(
      false,
    );
  });

  it('keeps the plain-string message of a row-paging 400', () => {
    const e = mapHttpError(ctx(true), 400, 'page multiplied by pageSize must be less than 50000', undefined);
    expect(e).toBeInstanceOf(BadRequestError);
    expect(e.serverMessage).toBe('page multiplied by pageSize must be less than 50000');
    expect(readErrorBody('"pageSize must be at most 1000"').serverMessage).toBe('pageSize must be at most 1000');
    expect(readErrorBody('<html>502</html>').serverMessage).toBeUndefined();
  });

  it('reads Retry-After from a 429 as seconds or HTTP-date', () => {
    const s = mapHttpError(ctx(true), 429, body('Too many requests'), '2') as RateLimitedError;
    expect(s).toBeInstanceOf(RateLimitedError);
    expect(s.retryAfterMs).toBe(2000);
    const d = mapHttpError(ctx(true), 429, '', new Date(5000).toUTCString()) as RateLimitedError;
    expect(d.retryAfterMs).toBe(5000);
    expect((mapHttpError(ctx(true), 429, '', undefined) as RateLimitedError).retryAfterMs).toBeUndefined();
  });

  it('reads Retry-After from a 503 as seconds or HTTP-date, and the sync engine waits that long', () => {
    const s = mapHttpError(ctx(true), 503, '', '120') as ServerError;
    expect(s).toBeInstanceOf(ServerError);
    expect(s.retryAfterMs).toBe(120_000);
    const d = mapHttpError(ctx(true), 503, '', new Date(5000).toUTCString()) as ServerError;
    expect(d.retryAfterMs).toBe(5000);
    expect(classify(s, 0).retryAfterMs).toBe(120_000);
    expect((mapHttpError(ctx(true), 503, '', undefined) as ServerError).retryAfterMs).toBeUndefined();
  });

  it('marks 5xx uncertain only for non-idempotent endpoints, and says so', () => {
    const e = mapHttpError(ctx(false), 500, body('Operation failed'), undefined);
    expect(e.uncertain).toBe(true);
    expect(e.message).toMatch(/may have reached the server/);
    expect(mapHttpError(ctx(true), 503, '', undefined).uncertain).toBe(false);
    expect(mapHttpError(ctx(false), 422, body('Validation error'), undefined).uncertain).toBe(false);
    expect(mapHttpError(ctx(false), 429, '', '1').uncertain).toBe(false);
    // A 503 that says when to come back took nothing; without Retry-After it may be a gateway's, after.
    expect(mapHttpError(ctx(false), 503, body('Operation failed'), '120')).toMatchObject({
      uncertain: false,
      retryAfterMs: 120_000,
    });
    expect(mapHttpError(ctx(false), 503, body('Operation failed'), undefined).uncertain).toBe(true);
    expect(mapHttpError(ctx(false), 502, body('Operation failed'), '120').uncertain).toBe(true);
  });

  it('treats an unexpected redirect as a protocol error and other 4xx as bad requests', () => {
    expect(mapHttpError(ctx(true), 302, '', undefined)).toBeInstanceOf(ProtocolError);
    expect(mapHttpError(ctx(true), 413, 'too big', undefined)).toBeInstanceOf(BadRequestError);
  });

  it('scrubs the token if a server echoes it', () => {
    const e = mapHttpError(
      ctx(true),
      401,
      body(`Invalid Authentication Token ${TOKEN}`, `token ${TOKEN} expired`),
      undefined,
    );
    expect(e.message).not.toContain(TOKEN);
    expect(e.serverMessage).not.toContain(TOKEN);
    expect(e.reason).not.toContain(TOKEN);
  });
});

describe('transport failure mapping', () => {
  const gotLike = (code: string, sent: boolean, name = 'RequestError') =>
    Object.assign(new Error(`${code} happened`), {
      code,
      name,
      timings: sent ? { upload: 1 } : {},
      options: { headers: { authorization: `Bearer ${TOKEN}` } },
    });

  it('refused connections are network errors and certain (nothing was sent)', () => {
    const e = mapTransportError(ctx(false), gotLike('ECONNREFUSED', false), undefined);
    expect(e).toBeInstanceOf(NetworkError);
    expect(e.uncertain).toBe(false);
  });

  it('a reset after the request was sent leaves a non-idempotent call uncertain', () => {
    const e = mapTransportError(ctx(false), gotLike('ECONNRESET', true), undefined);
    expect(e).toBeInstanceOf(NetworkError);
    expect(e.uncertain).toBe(true);
    expect(e.message).toMatch(/outcome is uncertain/);
    expect(mapTransportError(ctx(true), gotLike('ECONNRESET', true), undefined).uncertain).toBe(false);
  });

  it('timeouts and aborts have their own classes', () => {
    expect(mapTransportError(ctx(true), gotLike('ETIMEDOUT', true, 'TimeoutError'), undefined)).toBeInstanceOf(
      TimeoutError,
    );
    expect(mapTransportError(ctx(false), gotLike('ETIMEDOUT', true, 'TimeoutError'), undefined).uncertain).toBe(true);
    const ac = new AbortController();
    ac.abort();
    expect(mapTransportError(ctx(true), gotLike('ERR_ABORTED', false, 'AbortError'), ac.signal)).toBeInstanceOf(
      CancelledError,
    );
  });

  it("does not keep got's error (which holds the request headers) as the cause", () => {
    const e = mapTransportError(ctx(true), gotLike('ECONNRESET', true), undefined);
    expect(JSON.stringify(e.cause, Object.getOwnPropertyNames(e.cause as object))).not.toContain(TOKEN);
    expect((e.cause as { code?: string }).code).toBe('ECONNRESET');
  });
});

describe('success: false inside a 2xx', () => {
  it('is mapped by the message table, keeping the real status, not returned as a result', () => {
    const body = successFalseBody({
      success: 'false',
      message: 'Validation error',
      reason: 'position Z9 is outside the plate',
    });
    expect(body).not.toBeNull();
    const e = mapRefusal(ctx(true), 200, body!);
    expect(e).toBeInstanceOf(ValidationError);
    expect(e.status).toBe(200);
    expect(e.reason).toBe('position Z9 is outside the plate');
    const unknown = mapRefusal(ctx(false), 200, { message: 'Something odd' });
    expect(unknown).toBeInstanceOf(ServerError);
    expect(unknown.uncertain).toBe(true);
    expect(successFalseBody({ success: true, message: 'ok' })).toBeNull();
    expect(successFalseBody([{ success: false, message: 'x' }])).toBeNull();
  });
});
