import { ENDPOINTS, type EndpointDef, type EndpointName } from '../../shared/api/endpoints.js';
import { statusOfMessage } from '../../shared/api/errors.js';

export type ApiErrorKind =
  | 'auth'
  | 'not-found'
  | 'conflict'
  | 'validation'
  | 'bad-request'
  | 'server'
  | 'network'
  | 'timeout'
  | 'rate-limited'
  | 'protocol'
  | 'unreadable'
  | 'cancelled';

export interface ApiErrorInit {
  endpoint: EndpointName;
  status?: number;
  /** The server's `message` (or plain-string body); never contains the token. */
  serverMessage?: string;
  /** The server's extra `reason`, or our own explanation. */
  reason?: string;
  /** True when a non-idempotent request may have reached the server: its outcome is unknown. */
  uncertain?: boolean;
  /**
   * The connection failed after the whole request had left this machine (idempotent or not): something
   * took it and gave no answer. Set only for transport failures; an HTTP answer is an answer.
   */
  sentUnanswered?: boolean;
  cause?: unknown;
}

/**
 * Every failure of the API client is one of these. The UI shows `message`; the outbox decides by
 * `kind` (pause, back off, park) and by `uncertain` (reconcile instead of resending).
 */
export abstract class ApiError extends Error {
  abstract readonly kind: ApiErrorKind;
  readonly endpoint: EndpointName;
  readonly status: number | undefined;
  readonly serverMessage: string | undefined;
  readonly reason: string | undefined;
  readonly uncertain: boolean;
  readonly sentUnanswered: boolean;

  constructor(summary: string, init: ApiErrorInit) {
    const detail = [init.serverMessage, init.reason].filter(Boolean).join(': ');
    const status = init.status === undefined ? '' : ` (HTTP ${init.status})`;
    const unsure = init.uncertain ? ' The request may have reached the server; its outcome is uncertain.' : '';
    super(`${init.endpoint}: ${summary}${status}${detail ? ` — ${detail}` : ''}.${unsure}`, { cause: init.cause });
    this.name = new.target.name;
    this.endpoint = init.endpoint;
    this.status = init.status;
    this.serverMessage = init.serverMessage;
    this.reason = init.reason;
    this.uncertain = init.uncertain ?? false;
    this.sentUnanswered = init.sentUnanswered ?? false;
  }

  /** Worth trying again later without the user changing anything. */
  get transient(): boolean {
    return false;
  }
}

/**
 * Whether a refusal says no token arrived: the spec's "Missing Authentication Token" on any status, a
 * bare 403, or no status at all (the client found no token and sent nothing). A 403 in the service's
 * own words is a refused request instead (AuthError.forbidden).
 */
export function saysNoTokenArrived(status: number | undefined, serverMessage: string | undefined): boolean {
  const said = serverMessage?.trim();
  const table = statusOfMessage(said);
  if (table === 403) return true;
  if (table === 401) return false;
  return status === undefined || (status === 403 && (said === undefined || said === ''));
}

export class AuthError extends ApiError {
  readonly kind = 'auth' as const;
  /**
   * 403 means no token reached the server; 401 means the token was refused. No status means the
   * client found no token in the vault and sent nothing: also "missing". The spec's message, when
   * the service sent one, says it on any status.
   */
  get missing(): boolean {
    return saysNoTokenArrived(this.status, this.serverMessage);
  }

  /**
   * A 403 to a request that carried the token, in the service's own words rather than the spec's
   * "Missing Authentication Token" ("User is not authorized to access this resource"): the token
   * arrived and this one request was refused. The spec leaves token scopes open, so a token may reach
   * some endpoints and not others; that refuses the one entry, it is no reason to ask for a token.
   */
  get forbidden(): boolean {
    const said = this.serverMessage?.trim();
    const table = statusOfMessage(said);
    return this.status === 403 && said !== undefined && said !== '' && table !== 403 && table !== 401;
  }

  /**
   * A 403 to a request that carried the token, where the token is not what is wrong: the endpoint needs
   * more than a valid token (Super Admin), or the service refused this request in its own words (a scope
   * the token lacks). It refuses this one request; it says nothing against the token.
   */
  get refusesThisRequestOnly(): boolean {
    if (this.status === undefined) return false;
    return this.forbidden || (this.missing && (ENDPOINTS[this.endpoint] as EndpointDef).permissionOnly === true);
  }
}
export class NotFoundError extends ApiError {
  readonly kind = 'not-found' as const;
}
export class ConflictError extends ApiError {
  readonly kind = 'conflict' as const;
}
export class ValidationError extends ApiError {
  readonly kind = 'validation' as const;
}
export class BadRequestError extends ApiError {
  readonly kind = 'bad-request' as const;
}
/** Worth trying again later without the user changing anything: the leaf says which failure it was. */
export abstract class TransientError extends ApiError {
  override get transient(): boolean {
    return true;
  }
}
/** A transient failure the server may have said how long to wait after (Retry-After). */
export abstract class RetryAfterError extends TransientError {
  /** Milliseconds the server asked us to wait (from Retry-After), when it said. */
  readonly retryAfterMs: number | undefined;
  constructor(summary: string, init: ApiErrorInit & { retryAfterMs?: number }) {
    super(summary, init);
    this.retryAfterMs = init.retryAfterMs;
  }
}
/** HTTP allows Retry-After on a 503 too, so a server error carries what the server said. */
export class ServerError extends RetryAfterError {
  readonly kind = 'server' as const;
}
export class NetworkError extends TransientError {
  readonly kind = 'network' as const;
}
export class TimeoutError extends TransientError {
  readonly kind = 'timeout' as const;
}
export class RateLimitedError extends RetryAfterError {
  readonly kind = 'rate-limited' as const;
}
/** The server answered something that does not match the contract: names the field that broke. */
export class ProtocolError extends TransientError {
  readonly kind = 'protocol' as const;
}
/**
 * A write the service accepted (2xx) whose answer could not be read. The write happened: it must not
 * be resent or made uncertain. The caller records it as done, with this error's message as a note.
 */
export class UnreadableAnswerError extends ApiError {
  readonly kind = 'unreadable' as const;
}
export class CancelledError extends ApiError {
  readonly kind = 'cancelled' as const;
}
