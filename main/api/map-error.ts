import { ERROR_MESSAGES, errorBody, statusOfMessage } from '../../shared/api/errors.js';
import { answerSuccess } from '../../shared/api/primitives.js';
import type { EndpointName } from '../../shared/api/endpoints.js';
import {
  ApiError,
  type ApiErrorInit,
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
} from './errors.js';
import { redact } from './redact.js';
import { parseRetryAfter } from './retry.js';
import { parseJson } from './validate.js';

export interface MapContext {
  endpoint: EndpointName;
  idempotent: boolean;
  /** Only used to scrub echoes of it from server text; never copied into an error. */
  token: string | null;
  now?: number;
}

/** The server's message and reason from an error body: the spec's JSON object, or a plain string (row paging). */
export function readErrorBody(text: string): { serverMessage?: string; reason?: string } {
  const json = parseJson(text);
  if (json.ok) {
    const body = errorBody.safeParse(json.value);
    if (body.success)
      return {
        ...(body.data.message ? { serverMessage: body.data.message } : {}),
        ...(body.data.reason ? { reason: body.data.reason } : {}),
      };
    if (typeof json.value === 'string' && json.value.trim()) return { serverMessage: json.value.trim() };
  }
  const plain = text.trim();
  // A gateway's HTML error page is no message for a person; keep short plain text only.
  if (plain && !plain.startsWith('<') && plain.length <= 500) return { serverMessage: plain };
  return {};
}

/**
 * A body that is a web page: no answer of the service's, whose every body is JSON, but of something
 * between (a proxy's or captive portal's sign-in page, a firewall's or gateway's error page).
 */
export function isWebPage(text: string): boolean {
  return /^[\s\uFEFF]*</.test(text);
}

/** What is said of a web page that answered instead of the service. */
export const WEB_PAGE_ANSWER = 'a web page answered, not the service (a proxy, sign-in page or firewall between?)';

/** How a redirect's error names where it pointed (its `reason`). */
export const REDIRECT_TO = 'it points to ';

/** A redirect's target is said up to this long: enough for an address, not a page of text. */
const MAX_LOCATION_SAID = 300;

/** What is said of a 413, the service's or a proxy's: its size limit, not the request's content. */
export const TOO_LARGE = 'too large for the service or a proxy in front of it (its size limit)';

/**
 * Maps a non-2xx answer to its typed error following the spec's status ↔ message table: the message
 * decides when it is one of the table's, else the status. 408, 429 and redirects keep their own
 * meaning (not in the table). The error keeps the real status.
 */
export function mapHttpError(
  ctx: MapContext,
  status: number,
  bodyText: string,
  retryAfterHeader: string | undefined,
  /** A redirect's Location header: where it pointed, said to the user (it is never followed). */
  locationHeader?: string,
): ApiError {
  const body = readErrorBody(bodyText);
  const init = {
    endpoint: ctx.endpoint,
    status,
    serverMessage: redact(body.serverMessage, ctx.token),
    reason: redact(body.reason, ctx.token),
  };
  const ownMeaning = status === 408 || status === 429 || (status >= 300 && status < 400);
  // Too large, by the service or by a proxy in front of it (nginx's page for a body over its limit): the
  // same bytes sent again are refused again, so it is a refusal, whoever said it. Read as the page of
  // something between, it was "unsure" and every "Send again" got the same page.
  if (status === 413) return new BadRequestError(TOO_LARGE, init);
  // A 4xx that is a web page came from something between, not the service, whose refusals are JSON:
  // the request itself may be fine. Refused for good, a proxy's 404 page failed every queued entry and a
  // firewall's 403 page paused the whole queue for a token. It is tried again within the entry's bound.
  // It was refused in front of the service, so it never reached it: not unsure, even for a write not safe
  // to repeat ("It arrived" removed a staged upload nothing had stored). A 401 stays the token's.
  if (status >= 400 && status < 500 && !ownMeaning && status !== 401 && isWebPage(bodyText))
    return new ServerError(WEB_PAGE_ANSWER, init);
  const meant = (ownMeaning ? undefined : statusOfMessage(body.serverMessage)) ?? status;
  if (meant === 401) return new AuthError('the token was refused', init);
  if (meant === 403) return new AuthError('not authorised', init);
  if (meant === 404) return new NotFoundError('not found', init);
  if (meant === 409) return new ConflictError('conflict', init);
  if (meant === 422) return new ValidationError('the service rejected the request', init);
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(retryAfterHeader, ctx.now);
    return new RateLimitedError(
      'rate limited by the service',
      retryAfterMs === undefined ? init : { ...init, retryAfterMs },
    );
  }
  // An answer, not silence: the service says it stopped waiting for the request, so it did not take
  // it (not uncertain). A failure the service answered, bounded like a 5xx; never "offline".
  if (status === 408) return new ServerError('the service timed out waiting for the request', init);
  if (meant >= 500) {
    // A 5xx after the request arrived may still have applied part or all of it.
    // An overloaded service may say when to come back (RFC 9110 allows Retry-After on 503): a floor.
    const retryAfterMs = status >= 500 ? parseRetryAfter(retryAfterHeader, ctx.now) : undefined;
    // A 503 that says when to come back is the service's own "not now" (maintenance, overload: RFC 9110
    // "unable to handle the request"): nothing was taken, so even a write not safe to repeat is sent
    // again then. Without Retry-After a 503 may be a gateway's, after the service took the request
    // (Envoy's "reset before headers"), so it stays unsure. Read as unsure, each upload or webhook a
    // maintenance window met waited on the user's "It arrived" or "Send again", one by one.
    const notTaken = status === 503 && retryAfterMs !== undefined;
    return new ServerError('the service failed', {
      ...init,
      uncertain: !ctx.idempotent && !notTaken,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    });
  }
  // A 303 says a POST was processed, and any redirect may follow a write that was: resent, a webhook or
  // an upload went up to 8 times. Unsure for a write not safe to repeat, as a 5xx is.
  if (status >= 300 && status < 400) {
    const to = redact(locationHeader?.trim().slice(0, MAX_LOCATION_SAID), ctx.token);
    return new ProtocolError('unexpected redirect', {
      ...init,
      ...(to ? { reason: `${REDIRECT_TO}${to}` } : {}),
      uncertain: !ctx.idempotent,
    });
  }
  // 400 and every other 4xx: the request itself was wrong; resending it unchanged will not help.
  return new BadRequestError('bad request', init);
}

/** Connection failures that prove nothing was sent, whatever the timings say. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ERR_INVALID_URL',
]);

/**
 * Node's refusals of a request it was asked to build (a header value with a line break in it): nothing
 * left this machine, and the same request is refused the same way at every try. Read as "could not reach
 * the service", such a request waited for a network that was never the problem, untried-for ever, and
 * every entry behind it in its queue with it.
 */
const NOT_BUILT_CODES = new Set([
  'ERR_INVALID_CHAR',
  'ERR_HTTP_INVALID_HEADER_VALUE',
  'ERR_INVALID_HTTP_TOKEN',
  'ERR_UNESCAPED_CHARACTERS',
]);

interface TransportFailure {
  code?: unknown;
  message?: unknown;
  name?: unknown;
  timings?: { connect?: number; upload?: number };
}

/**
 * A connection the address took, cut before the whole request had left this machine (a large upload cut
 * part-way through): the address was reached, so it is neither down nor refusing this computer, and the
 * service got no whole request, so nothing was made. Said as "could not be reached", it sent the user to
 * check an address that answered every time.
 */
export class CutInTransferError extends NetworkError {}

/**
 * An upload's idle limit reached part-way through its body (got: "Timeout awaiting 'socket' for 60000ms"):
 * the link stalled while sending, the service never had the whole file, so nothing was made. Said with
 * got's words only, it read "did not answer in time (Timeout awaiting 'socket' …)", as if the service had
 * been slow to answer a request it had.
 */
function stalledSaid(detail = ''): string {
  const ms = /for (\d+)\s*ms/.exec(detail)?.[1];
  const n = Number(ms);
  const quiet = ms === undefined ? 'for too long' : n < 1000 ? `for ${n} ms` : `for ${Math.round(n / 1000)} s`;
  return `the transfer stalled part-way: nothing moved ${quiet} before the whole request had been sent, so nothing was made`;
}

/**
 * Maps a got/transport failure. The original error is not kept as `cause`: got's error carries the
 * request options, headers included, and a logger that serialises the cause would leak the token.
 */
export function mapTransportError(ctx: MapContext, err: unknown, signal: AbortSignal | undefined): ApiError {
  const failure: TransportFailure = typeof err === 'object' && err !== null ? (err as TransportFailure) : {};
  const code = typeof failure.code === 'string' ? failure.code : undefined;
  const detail = redact(typeof failure.message === 'string' ? failure.message : String(err), ctx.token);
  const cause = Object.assign(new Error(detail), code ? { code } : {});
  // The whole request left this machine only once got recorded the end of the upload.
  const sent = failure.timings?.upload !== undefined && !(code !== undefined && NOT_SENT_CODES.has(code));
  const uncertain = !ctx.idempotent && sent;
  const init = { endpoint: ctx.endpoint, reason: detail, uncertain, sentUnanswered: sent, cause };
  if (signal?.aborted || code === 'ERR_ABORTED') return new CancelledError('cancelled', init);
  if (code !== undefined && NOT_BUILT_CODES.has(code))
    return new BadRequestError('this computer could not build the request (nothing was sent)', {
      ...init,
      uncertain: false,
      sentUnanswered: false,
    });
  const connected = failure.timings?.connect !== undefined && !(code !== undefined && NOT_SENT_CODES.has(code));
  if (code === 'ETIMEDOUT' || failure.name === 'TimeoutError')
    return new TimeoutError('no answer in time', connected && !sent ? { ...init, reason: stalledSaid(detail) } : init);
  if (connected && !sent) return new CutInTransferError('the connection was cut during the transfer', init);
  return new NetworkError('could not reach the service', init);
}

/**
 * A top-level `success: false`: the spec's error body, even if it came with a 2xx. Without a message
 * it is still a refusal (read as the table's "Operation failed"), never a success.
 */
export function successFalseBody(value: unknown): { message: string; reason?: string } | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const body = value as { success?: unknown; message?: unknown; reason?: unknown };
  // Read as every answer's `success` is: "FALSE" or 0 is a refusal too, never an unreadable acceptance.
  if (answerSuccess.safeParse(body.success).data !== false) return null;
  const message = typeof body.message === 'string' ? body.message : ERROR_MESSAGES[500];
  return typeof body.reason === 'string' ? { message, reason: body.reason } : { message };
}

/**
 * Some services answer failures with 200 and `success: false`. Returning that as a result would let
 * a caller treat a refused write as done, so it is mapped by the spec's message table instead,
 * keeping the real status. Unknown messages count as a failed operation.
 */
export function mapRefusal(ctx: MapContext, status: number, body: { message: string; reason?: string }): ApiError {
  const mapped = mapHttpError(ctx, statusOfMessage(body.message) ?? 500, JSON.stringify(body), undefined);
  const Ctor = mapped.constructor as new (summary: string, init: ApiErrorInit) => ApiError;
  return new Ctor(`the service refused (success: false with HTTP ${status})`, {
    endpoint: ctx.endpoint,
    status,
    serverMessage: mapped.serverMessage,
    reason: mapped.reason,
    uncertain: mapped.uncertain,
  });
}
