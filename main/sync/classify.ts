import { ApiError, AuthError, RateLimitedError, RetryAfterError } from '../api/errors.js';
import { ENDPOINTS, type BaseKind, type EndpointDef } from '../../shared/api/endpoints.js';
import type { EntryError, OutboxEntry } from '../outbox/entry.js';
import { GAVE_UP, LOCAL, mayHaveArrived } from '../outbox/may-have-arrived.js';
import { NO_FILE_RESULT } from '../../shared/ipc/channels/outbox.js';

/**
 * What the engine does with a failure:
 * - transient: keep order, back off, try again (network, timeout, 5xx, 429, an unreadable read);
 * - pause: the token is missing or refused; nothing can succeed until the user gives one;
 * - reject: the server refused this content (400/404/409/422, or 403 where a permission is needed);
 * - accepted: a write the service took (2xx) whose answer could not be read: done, with a note.
 */
export type FailureAction = 'transient' | 'pause' | 'reject' | 'accepted';

export interface Classified {
  action: FailureAction;
  /** The request may have reached the server (only meaningful for non-idempotent calls). */
  uncertain: boolean;
  /** No answer at all (counts toward "offline" detection; toward the retry bound only as countUnanswered says). */
  network: boolean;
  /** No answer to a request that had wholly left this machine (a connection dropped after sending it). */
  sentUnanswered: boolean;
  /**
   * The service answered (5xx, 429, an answer we could not read) or something on our side failed:
   * one more failed attempt toward the bound after which the entry fails. Time offline counts nothing.
   */
  answered: boolean;
  /** The service asked us to slow down: never split a batch into more requests for this. */
  rateLimited: boolean;
  retryAfterMs: number | undefined;
  error: EntryError;
  /**
   * Set when no answer came from the files or events address while the main service answered its probe
   * (elsewhereUnanswered): that address's problem, so only this lane's; never "offline".
   */
  otherAddress?: OtherAddress;
}

/** The addresses besides the main service's: uploads go to the files address, webhooks to the events one. */
export type OtherAddress = Exclude<BaseKind, 'base'>;

/** Each other address in words, and the field of Settings that holds it. */
const ADDRESS_SAID: Record<OtherAddress, { said: string; setting: string }> = {
  events: { said: 'events address (where webhooks go)', setting: 'Events URL' },
  files: { said: 'files address (where uploads go)', setting: 'Files URL' },
};

/** What a refused permission says: the Super Admin one where the endpoint needs it, else the service's words. */
function permissionMessage(err: ApiError): string {
  const said = `HTTP ${err.status ?? 403}${err.serverMessage ? `, "${err.serverMessage}"` : ''}`;
  return isPermissionOnly(err)
    ? `Needs Super Admin permission: the service refused this for your token (${said}). Ask a Super Admin, or discard it.`
    : `Not allowed: the service refused this for your token (${said}); the token may not have access to it. ` +
        'Ask whoever manages the token, or discard it.';
}

const isPermissionOnly = (err: ApiError) => (ENDPOINTS[err.endpoint] as EndpointDef).permissionOnly === true;

function entryError(err: ApiError, at: number, message = err.message, kind: string = err.kind): EntryError {
  return {
    kind,
    ...(err.status !== undefined ? { status: err.status } : {}),
    ...(err.serverMessage !== undefined ? { serverMessage: err.serverMessage } : {}),
    ...(err.reason !== undefined ? { reason: err.reason } : {}),
    message,
    at,
  };
}

export function classify(err: unknown, at: number): Classified {
  if (err instanceof ApiError) {
    const network = err.kind === 'network' || err.kind === 'timeout';
    const base = {
      uncertain: err.uncertain,
      network,
      sentUnanswered: network && err.sentUnanswered,
      rateLimited: err instanceof RateLimitedError,
    };
    const retryAfterMs = err instanceof RetryAfterError ? err.retryAfterMs : undefined;
    if (err instanceof AuthError && err.refusesThisRequestOnly) {
      const message = permissionMessage(err);
      return {
        ...base,
        action: 'reject',
        answered: true,
        retryAfterMs,
        error: entryError(err, at, message, 'permission'),
      };
    }
    if (err.kind === 'unreadable')
      return { ...base, action: 'accepted', answered: true, retryAfterMs, error: entryError(err, at) };
    const action: FailureAction =
      err.kind === 'auth' ? 'pause' : err.transient || err.kind === 'cancelled' ? 'transient' : 'reject';
    const answered = action === 'transient' && !network && err.kind !== 'cancelled';
    return { ...base, action, answered, retryAfterMs, error: entryError(err, at) };
  }
  // Not one of the client's typed errors (a bug, or a fault below got): we cannot know whether anything
  // was sent, so it is uncertain for non-idempotent calls, and it counts toward the bound so it ends.
  const message = err instanceof Error ? err.message : String(err);
  return {
    action: 'transient',
    uncertain: true,
    network: false,
    sentUnanswered: false,
    answered: true,
    rateLimited: false,
    retryAfterMs: undefined,
    error: { kind: 'unknown', message, at },
  };
}

/**
 * A timeout is no answer, so it feeds offline detection like a lost connection and, offline, counts
 * nothing. But while the service is reachable (the last thing heard from it, a request or its probe,
 * was an answer) a request that times out is this request's problem (one element that hangs the
 * service) and counts toward the bound like a 5xx; a batch is then split as for a 5xx. So does a
 * connection dropped after the whole request left (something in front of the service drops this one
 * every time while it answers the rest): not counted, it was sent again after every probe, for ever.
 * That one still holds the whole queue (waitedOutAsSilence). A connection that never carried the
 * request (refused, no route) counts nothing: that is offline.
 */
export function countUnanswered(failure: Classified, reachable: boolean): Classified {
  const noAnswer = failure.error.kind === 'timeout' || failure.sentUnanswered;
  return noAnswer && failure.action === 'transient' && reachable ? { ...failure, answered: true } : failure;
}

/** The address a failed call went to, when it was not the main service's (the endpoint table says which). */
export function otherAddressOf(err: unknown): OtherAddress | null {
  if (!(err instanceof ApiError)) return null;
  const base = (ENDPOINTS[err.endpoint] as EndpointDef).base;
  return base === 'base' ? null : base;
}

/**
 * No answer from the files or events address while the main service answered: that address is down (or
 * refuses this computer), not the network, so waiting for the service to come back would wait for ever,
 * and sent again after every probe, it held every lane behind it. It counts toward the bound like a
 * timeout while reachable, and holds only its own lane.
 */
/** How an error of another address's silence ends (elsewhereUnanswered): what the Outbox's wait line tells apart. */
export const WHILE_MAIN_ANSWERED = ', while the main service answered.';

export function elsewhereUnanswered(failure: Classified, address: OtherAddress): Classified {
  const message = `The ${ADDRESS_SAID[address].said} could not be reached${WHILE_MAIN_ANSWERED}`;
  return { ...failure, answered: true, otherAddress: address, error: { ...failure.error, message } };
}

/**
 * A silence the whole queue waits out, as offline: no answer that counted, or a connection dropped after
 * sending, which is how a network going away looks at first too. Counted (countUnanswered) so it ends,
 * but neither the lane's own problem nor a reason to split a batch, as a timeout while reachable is.
 * A silence of another address while the main service answers is that lane's alone.
 */
export const waitedOutAsSilence = (failure: Classified): boolean =>
  failure.network && failure.otherAddress === undefined && (!failure.answered || failure.sentUnanswered);

/**
 * Whether the try that failed so may have made the change on the service: anything but a "slow down"
 * (429: not processed), a refusal, a token refused, or a connection that failed before the request had
 * left this computer. A timeout may always have: how much of the request left is not known well enough.
 */
export function failureMayHaveApplied(failure: Classified): boolean {
  if (failure.rateLimited || failure.action === 'pause' || failure.action === 'reject') return false;
  return !(failure.error.kind === 'network' && !failure.sentUnanswered);
}

/**
 * A pending entry's stored error, with whether a try of it since it was queued may have made the change:
 * its give-up says "may have arrived" only then (gaveUp). Carried from error to error, since each try's
 * error replaces the one before and the entry keeps no other record of its tries.
 */
export type TriedError = EntryError & { mayHaveApplied?: true };

/** Whether an earlier try of the entry may have made its change (as its row says it, or as its tries were kept). */
export function triedMayHaveApplied(e: Pick<OutboxEntry, 'lastError' | 'attempts' | 'uncertainAttempts'>): boolean {
  return (
    e.uncertainAttempts > 0 ||
    mayHaveArrived(e.lastError, e.attempts) !== null ||
    (e.lastError as TriedError | null)?.mayHaveApplied === true
  );
}

/** The error a pending entry keeps after this failure: the failure's own, and whether any try so far may have applied. */
export function triedError(
  e: Pick<OutboxEntry, 'lastError' | 'attempts' | 'uncertainAttempts'>,
  failure: Classified,
): TriedError {
  return triedMayHaveApplied(e) || failureMayHaveApplied(failure)
    ? { ...failure.error, mayHaveApplied: true }
    : failure.error;
}

/** A failure on our side (disk full or read-only outbox, a bug): retried with backoff like a transient one. */
export function localFailure(err: unknown, at: number): Classified {
  const message = `Sync stopped by a local error: ${err instanceof Error ? err.message : String(err)}`;
  return {
    action: 'transient',
    uncertain: false,
    network: false,
    sentUnanswered: false,
    answered: false,
    rateLimited: false,
    retryAfterMs: undefined,
    error: { kind: LOCAL, message, at },
  };
}

/**
 * How many times in a row one lane's next entry may fail on this computer before it fails with the
 * reason: the same throw every time (a row an older version wrote that no longer reads) never goes
 * away by waiting, and a full disk that does is only an entry to retry.
 */
export const MAX_LOCAL_FAILURES = 5;

/**
 * The error of an entry that kept failing on this computer: it was never the service's doing. Its row
 * says it as mayHaveArrived does by its tries (`attempts`): one never sent is "Failed"; one a request of
 * had left (the write that settles a sent entry failed, and it went back to pending) may be on the
 * service, and its row says to look there first. "Not sent" is only the first's. What happened only: the
 * row offers what can be done, and a row that no longer reads (the usual cause) offers only Discard.
 */
export function localGaveUp(err: unknown, tries: number, at: number, attempts: number): EntryError {
  const reason = err instanceof Error ? err.message : String(err);
  const failed = `failed on this computer ${tries} times in a row (${reason})`;
  return {
    kind: LOCAL,
    message:
      mayHaveArrived({ kind: LOCAL }, attempts) === null
        ? `Not sent: it ${failed}, not on the service.`
        : `It was sent to the service, then ${failed}.`,
    at,
  };
}

/** How many answered failures an entry gets before it fails with its reason and waits for the user. */
export const MAX_ANSWERED_FAILURES = 8;

/**
 * The kind of an entry that gave up after tries none of which may have made the change (each answered
 * 429, or never left this computer): not on the service, so its row says "Failed" and offers Retry, not
 * "Unsure whether it arrived" as a GAVE_UP one.
 */
export const GAVE_UP_UNSENT = 'gave-up-unsent';

/**
 * The last answer of an entry that gave up, in the service's own words and status ("Last: the service
 * said "Operation failed" (HTTP 503)."), not the client's message, which names the endpoint by our own
 * name and the status a second time. Nothing for a timeout or a dropped connection: the sentence before says it.
 */
function lastAnswerSaid(last: EntryError): string {
  if (last.kind === 'timeout' || last.kind === 'network') return '';
  const words = last.reason ?? last.serverMessage;
  const status = last.status === undefined ? '' : `HTTP ${last.status}`;
  if (words) return ` Last: the service said "${words}"${status ? ` (${status})` : ''}.`;
  return status ? ` Last: ${status}.` : ` Last: ${last.message}`;
}

/** Why the tries failed, by the last one. */
function whyStopped(last: Classified): string {
  if (last.otherAddress !== undefined)
    return `the ${ADDRESS_SAID[last.otherAddress].said} could not be reached each time, while the main service answered`;
  if (last.error.kind === 'timeout') return 'the service was reachable; this got no answer in time';
  if (last.error.kind === 'network')
    return 'the service was reachable; the connection was dropped each time after this was sent';
  if (last.rateLimited) return 'the service asked to slow down each time (too many requests)';
  return 'the service answered each with an error';
}

/**
 * The error an entry keeps when it has had its answered failures: how many, and the last reason.
 * `mayHaveApplied`: whether any try may have made the change (triedMayHaveApplied, failureMayHaveApplied).
 * When one may (a 502 or 504 from its gateway after the service made it), no what-to-do: every screen says
 * the entry unsure (mayHaveArrived) and offers its own choices. When none may (only 429s, an address that
 * could not be reached), it is not on the service: GAVE_UP_UNSENT, said "Failed" with Retry, and the
 * sentence says so, with what to check for an address that could not be reached.
 */
export function gaveUp(last: Classified, attempts: number, mayHaveApplied: boolean): EntryError {
  const stopped = `Stopped after ${attempts} failed attempts: ${whyStopped(last)}.`;
  if (mayHaveApplied) return { ...last.error, kind: GAVE_UP, message: `${stopped}${lastAnswerSaid(last.error)}` };
  const said =
    last.otherAddress !== undefined
      ? `${last.error.reason ? ` Last: "${last.error.reason}".` : ''} It is not on the service. Check the ` +
        `${ADDRESS_SAID[last.otherAddress].setting} in Settings (or ask whoever runs that address), then Retry.`
      : `${lastAnswerSaid(last.error)} None of these tries was taken, so it is not on the service: Retry later.`;
  // The sentence alone: the service's words and status are in it, and the screens say an error of a kind
  // they do not know by its `reason` first, which would hide it.
  return { kind: GAVE_UP_UNSENT, message: `${stopped}${said}`, at: last.error.at };
}

/**
 * The error of an upload whose answer named no result for its file. Not a refusal: the service took the
 * request and said nothing against the file, which it may have stored; sending it blindly again could
 * store it twice, so the entry is unsure and the user looks before deciding.
 */
export function noFileResult(at: number): EntryError {
  return {
    kind: NO_FILE_RESULT,
    message:
      'The service answered, but its answer named no result for this file, so it may have stored it or not. ' +
      'Look for the file among the files on the service before sending it again: if it is there, choose ' +
      '"It arrived"; if it is not, "Send again".',
    at,
  };
}

/** The note kept on an entry the service accepted with an answer the app could not read. */
export function acceptedNote(err: EntryError): { note: string; reason?: string } {
  return {
    note: 'Accepted by the service; its answer was not understood.',
    ...(err.reason ? { reason: err.reason } : {}),
  };
}
