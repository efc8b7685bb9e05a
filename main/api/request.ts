import got, { type Delays, type Progress } from 'got';
import type { z } from 'zod';
import type { ServiceConnection } from '../../shared/api/connection.js';
import { ENDPOINTS, type EndpointName } from '../../shared/api/endpoints.js';
import { ApiError, AuthError, CancelledError, ProtocolError, UnreadableAnswerError } from './errors.js';
import {
  isWebPage,
  mapHttpError,
  mapRefusal,
  mapTransportError,
  successFalseBody,
  WEB_PAGE_ANSWER,
  type MapContext,
} from './map-error.js';
import { isRetryable, retryDelay, type RetryPolicy, type Sleep } from './retry.js';
import { endpointUrl, toQueryString } from './urls.js';
import { describeIssues, parseJson } from './validate.js';

/** Everything one call needs from the client; built once by createLabClient. */
export interface Core {
  connection: ServiceConnection;
  /** Read per attempt (a token changed in the vault mid-backoff is picked up); never kept. */
  token: () => Promise<string | null>;
  timeoutMs: number;
  retry: RetryPolicy;
  random: () => number;
  sleep: Sleep;
  log: (line: string) => void;
}

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

export type UploadProgress = { transferred: number; total: number | undefined; percent: number };

/** One logical call: which endpoint, what to send, how to read the answer. */
export interface CallSpec<T> {
  endpoint: EndpointName;
  /** Already validated: GET sends it as the query string, other methods as the JSON body. */
  payload?: unknown;
  /** Multipart body built per attempt instead of JSON (file upload). */
  form?: () => FormData;
  response: z.ZodType<T>;
  headers?: Record<string, string>;
  /** got timeouts replacing the default `{ request: timeoutMs }` (uploads use an idle timeout). */
  timeout?: Delays;
  onUploadProgress?: (progress: UploadProgress) => void;
}

/**
 * The single request path of the client: token, URL, body, got, status mapping, response
 * validation, and the retry loop. Every endpoint method goes through here.
 */
export async function execute<T>(core: Core, spec: CallSpec<T>, options: CallOptions = {}): Promise<T> {
  const def = ENDPOINTS[spec.endpoint];
  const attempts = def.idempotent ? core.retry.attempts : 1;
  for (let attempt = 1; ; attempt += 1) {
    if (options.signal?.aborted) throw new CancelledError('cancelled before sending', { endpoint: spec.endpoint });
    try {
      return await attemptOnce(core, spec, options, `${attempt}/${attempts}`);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const wait =
        attempt < attempts && isRetryable(e, def.idempotent)
          ? retryDelay(e, attempt - 1, core.retry, core.random)
          : null;
      if (wait === null) {
        core.log(`${spec.endpoint} failed: ${e.message}`);
        throw e;
      }
      core.log(`${spec.endpoint} ${e.kind}${e.status ? ` ${e.status}` : ''}; retrying in ${wait} ms`);
      try {
        await core.sleep(wait, options.signal);
      } catch {
        throw new CancelledError('cancelled while waiting to retry', { endpoint: spec.endpoint });
      }
    }
  }
}

async function attemptOnce<T>(core: Core, spec: CallSpec<T>, options: CallOptions, attemptLabel: string): Promise<T> {
  const def = ENDPOINTS[spec.endpoint];
  let token: string | null;
  try {
    token = await core.token();
  } catch (e) {
    // A locked or broken vault is an auth problem for the caller (pause and ask), not a crash.
    throw new AuthError('could not read the token', {
      endpoint: spec.endpoint,
      reason: `the token store failed (not sent): ${e instanceof Error ? e.message : String(e)}`,
      // The store's own error (never the token: the vault scrubs it), so a caller can tell this from "none".
      cause: e,
    });
  }
  const ctx: MapContext = { endpoint: spec.endpoint, idempotent: def.idempotent, token };
  // The webhook intake accepts anonymous payloads in legacy mode only; everywhere else a missing
  // token is reported without a round trip, so an offline queue pauses for a token instead of backing off.
  const anonymousAllowed = spec.endpoint === 'sendWebhook' && core.connection.mode === 'legacy';
  if (!token && !anonymousAllowed) {
    throw new AuthError('no token is stored', {
      endpoint: spec.endpoint,
      reason: 'add a personal token in Settings (not sent)',
    });
  }

  const url = endpointUrl(core.connection, def.base, def.path);
  // On the URL itself: got's searchParams would encode it again, spaces as "+".
  if (def.method === 'GET') url.search = toQueryString(spec.payload);
  const headers: Record<string, string> = { accept: 'application/json', ...spec.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  // The spec asks JSON requests to say so; multipart gets its boundary header from the encoder.
  if (!spec.form) headers['content-type'] = 'application/json';

  const started = Date.now();
  core.log(`${spec.endpoint} → ${def.method} ${url.pathname} (attempt ${attemptLabel})`);
  let status: number;
  let bodyText: string;
  let retryAfter: string | undefined;
  let location: string | undefined;
  try {
    const request = got(url, {
      method: def.method,
      headers,
      ...(def.method === 'GET' ? {} : spec.form ? { body: spec.form() } : { body: JSON.stringify(spec.payload ?? {}) }),
      responseType: 'text',
      throwHttpErrors: false,
      // The retry policy lives in execute(); got must not add its own hidden attempts.
      retry: { limit: 0 },
      // A redirect could carry the bearer header somewhere unexpected; an API should not redirect.
      followRedirect: false,
      timeout: spec.timeout ?? { request: options.timeoutMs ?? core.timeoutMs },
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (spec.onUploadProgress) {
      const report = spec.onUploadProgress;
      request.on('uploadProgress', (p: Progress) =>
        report({ transferred: p.transferred, total: p.total, percent: p.percent }),
      );
    }
    const response = await request;
    status = response.statusCode;
    bodyText = response.body;
    const ra = response.headers['retry-after'];
    retryAfter = Array.isArray(ra) ? ra[0] : ra;
    location = response.headers.location;
  } catch (e) {
    throw mapTransportError(ctx, e, options.signal);
  }
  core.log(`${spec.endpoint} ← ${status} in ${Date.now() - started} ms`);

  if (status < 200 || status >= 300) throw mapHttpError(ctx, status, bodyText, retryAfter, location);
  return readResponse(spec, status, bodyText, ctx);
}

/**
 * Parses and validates a 2xx body. A read whose answer breaks the contract fails with a ProtocolError
 * naming the field. A write was accepted whatever its body says (DESIGN: "a 2xx answer to a write is a
 * success even when its body is not understood"), so it fails only with UnreadableAnswerError, which
 * callers record as done with a note — never resent, never uncertain. An empty body (or a 204) to a
 * write reads as `{}`: the spec promises little more than `success` to most writes.
 */
function readResponse<T>(spec: CallSpec<T>, status: number, bodyText: string, ctx: MapContext): T {
  const write = ENDPOINTS[spec.endpoint].method !== 'GET';
  const unreadable = (summary: string, reason: string): ApiError =>
    write
      ? new UnreadableAnswerError(`accepted by the service; its answer was not understood (${summary})`, {
          endpoint: spec.endpoint,
          status,
          reason,
        })
      : new ProtocolError(summary, { endpoint: spec.endpoint, status, reason });
  // A sign-in page of a captive portal or proxy answers 200 too: not the service's acceptance (a write
  // was taken as done, though nothing reached the service), but no answer of the service's at all.
  if (isWebPage(bodyText))
    throw new ProtocolError(WEB_PAGE_ANSWER, { endpoint: spec.endpoint, status, uncertain: write && !ctx.idempotent });
  const json = write && bodyText.trim() === '' ? { ok: true as const, value: {} } : parseJson(bodyText);
  if (!json.ok) throw unreadable('the answer is not JSON', json.problem);
  const refused = successFalseBody(json.value);
  if (refused) throw mapRefusal(ctx, status, refused);
  const parsed = spec.response.safeParse(json.value);
  if (!parsed.success) throw unreadable('the answer does not match the contract', describeIssues(parsed.error));
  return parsed.data;
}
