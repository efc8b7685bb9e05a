import { ApiError, AuthError } from '../../api/errors.js';
import { REDIRECT_TO } from '../../api/map-error.js';
import { TokenStoreUnavailableError } from '../../vault/store-unavailable.js';
import type { ConnectionTestResult } from '../../../shared/ipc/status.js';
import type { ClientLimits, LabReadClient } from '../../connection/types.js';
import type { ConnectionMonitor } from '../../connection/monitor.js';

/**
 * One try with a short limit: the user is waiting on the button, and a hung service should say
 * "cannot reach" in seconds, not after the sync client's retries (4 tries of 30 s).
 */
export const CONNECTION_TEST_LIMITS: ClientLimits = { attempts: 1, timeoutMs: 10_000 };

/**
 * One cheap authenticated read (the labspace list) tells apart "connected", "token refused", "no
 * token" and "cannot reach the server" — the things a user fixes differently.
 */
export async function testConnection(
  getClient: (limits: ClientLimits) => Promise<LabReadClient>,
  live: ConnectionMonitor,
  report: boolean,
  /** The tested connection's base address, for words that point at it. */
  baseUrl: () => Promise<string>,
): Promise<ConnectionTestResult> {
  const started = performance.now();
  try {
    const client = await getClient(CONNECTION_TEST_LIMITS);
    await client.fetchLabspaceList({});
    if (report) live.report('ok');
    return { ok: true, kind: 'ok', message: 'Connected.', latencyMs: Math.round(performance.now() - started) };
  } catch (err) {
    if (err instanceof AuthError) return authFailure(err, live, report, baseUrl);
    if (err instanceof ApiError) {
      if (err.kind === 'network' || err.kind === 'timeout') {
        if (report) live.report('network');
        return { ok: false, kind: 'network', message: `Cannot reach the service: ${err.message}` };
      }
      if (err.status !== undefined && err.status >= 300 && err.status < 400) return redirected(err, baseUrl);
      return { ok: false, kind: 'error', message: err.message };
    }
    return { ok: false, kind: 'error', message: err instanceof Error ? err.message : 'Connection test failed.' };
  }
}

/**
 * No status: the client sent nothing (no token stored, or the token store could not be read), so the
 * server refused nothing and the saved token is not marked refused. A 403 is the server saying no
 * token arrived; only a 401 refuses the token itself.
 */
async function authFailure(
  err: AuthError,
  live: ConnectionMonitor,
  report: boolean,
  baseUrl: () => Promise<string>,
): Promise<ConnectionTestResult> {
  const sent = err.status !== undefined;
  // A 403 in the service's own words: the token arrived and this read was refused (a scope it lacks). It
  // is no refusal of the token: not marked so, and the queue goes on with what the token may do.
  if (err.forbidden) {
    if (report) live.report('ok');
    return {
      ok: false,
      kind: 'auth',
      message:
        `The service accepted the token but refused the test read, the labspace list (HTTP 403, ` +
        `"${err.serverMessage ?? ''}"): the token may not have access to it. Changes it has access to are still sent.`,
    };
  }
  if (report && sent) live.report(err.missing ? 'token-not-received' : 'auth');
  if (!sent && err.cause instanceof TokenStoreUnavailableError)
    return { ok: false, kind: 'error', message: err.message };
  if (err.missing && !sent)
    return {
      ok: false,
      kind: 'no-token',
      message: 'No token is set for this service, so nothing was sent. Enter a token first.',
    };
  if (err.missing) {
    // The token went with the request: a new one would meet the same. A proxy that removes the header,
    // or an address missing part of its path (some gateways answer an unknown path so), does this.
    const address = await baseUrl().catch(() => null);
    return {
      ok: false,
      kind: 'auth',
      message:
        `The service says no token reached it (HTTP ${err.status ?? 403}${err.serverMessage ? `, "${err.serverMessage}"` : ''}), ` +
        'though this computer sent one. Check the Base URL' +
        `${address ? ` (${address})` : ''}: a missing part of its path can be answered so. Or something between ` +
        'here and the service (a proxy) may be removing the token: ask whoever runs the network.',
    };
  }
  return { ok: false, kind: 'auth', message: 'The server refused this token.' };
}

/**
 * The address answered with a redirect, which the app never follows (the token would go with it): said
 * with where it pointed, so the user can put the service's own address in Settings. Said as the client's
 * error, it named an internal endpoint ("fetchLabspaceList: unexpected redirect").
 */
async function redirected(err: ApiError, baseUrl: () => Promise<string>): Promise<ConnectionTestResult> {
  const address = await baseUrl().catch(() => null);
  const to = err.reason?.startsWith(REDIRECT_TO) ? err.reason.slice(REDIRECT_TO.length) : null;
  return {
    ok: false,
    kind: 'error',
    message:
      `The address${address ? ` ${address}` : ''} answered with a redirect (HTTP ${err.status ?? 300})` +
      `${to ? ` to ${to}` : ''}. Benchlink does not follow redirects: the token would go with them. ` +
      `${to ? 'If that is the service, put its address in Base URL' : 'Check the Base URL'} (an address ending in / or ` +
      'http:// instead of https:// is often redirected).',
  };
}
