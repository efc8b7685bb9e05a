import { ApiError, AuthError, RateLimitedError, RetryAfterError } from '../api/errors.js';
import { CutInTransferError, WEB_PAGE_ANSWER } from '../api/map-error.js';
import { ENDPOINTS, type BaseKind, type EndpointDef } from '../../shared/api/endpoints.js';
import type { EntryError, OutboxEntry } from '../outbox/entry.js';
import { GAVE_UP, LOCAL, mayHaveArrived } from '../outbox/may-have-arrived.js';
import { NO_FILE_RESULT } from '../../shared/ipc/channels/outbox.js';
import type { FileUploadResult } from '../../shared/api/files.js';

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

/**
 * The kind of an error whose connection was cut while the request was on its way (CutInTransferError):
 * the address was reached, and the service got no whole request. Its own sentence, as every screen says
 * it: as "network" it read "The service could not be reached".
 */
export const CUT_IN_TRANSFER = 'cut-in-transfer';

function cutError(err: ApiError, at: number): EntryError {
  return {
    kind: CUT_IN_TRANSFER,
    message: `The connection was cut during the transfer, before the whole request had been sent${err.reason ? ` (${err.reason})` : ''}.`,
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
    const error =
      err instanceof CutInTransferError
        ? cutError(err, at)
        : err.status === 413 && action === 'reject'
          ? tooLarge(err, at)
          : entryError(err, at);
    return { ...base, action, answered, retryAfterMs, error };
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
  // A connection the address took and cut part-way: reached, so not said as one that could not be.
  const message =
    failure.error.kind === CUT_IN_TRANSFER
      ? `The connection to the ${ADDRESS_SAID[address].said} was cut during the transfer, before the whole ` +
        `request had been sent${WHILE_MAIN_ANSWERED}`
      : `The ${ADDRESS_SAID[address].said} could not be reached${WHILE_MAIN_ANSWERED}`;
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
 * An answer that says the request was not taken: a 408 (the service stopped waiting for it), or a 4xx
 * page of something in front of the service (a proxy's or firewall's, no words of the service's): it was
 * refused before it reached the service.
 */
function answeredNotTaken(e: EntryError): boolean {
  if (e.status === 408) return true;
  return e.status !== undefined && e.status >= 400 && e.status < 500 && e.message.includes(WEB_PAGE_ANSWER);
}

/**
 * Whether the try that failed so may have made the change on the service: anything but a "slow down"
 * (429: not processed), a refusal, a token refused, an answer that says it was not taken (a 408, a page
 * of something in front of the service), or no answer to a request that had not wholly left this
 * computer (a connection that failed or was cut, or a timeout, before the whole body was sent): the
 * service acts on a whole request only.
 */
export function failureMayHaveApplied(failure: Classified): boolean {
  if (failure.rateLimited || failure.action === 'pause' || failure.action === 'reject') return false;
  if (answeredNotTaken(failure.error)) return false;
  return !(failure.network && !failure.sentUnanswered);
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
  if (last.kind === 'timeout' || last.kind === 'network' || last.kind === CUT_IN_TRANSFER) return '';
  const words = last.reason ?? last.serverMessage;
  const status = last.status === undefined ? '' : `HTTP ${last.status}`;
  if (words) return ` Last: the service said "${words}"${status ? ` (${status})` : ''}.`;
  return status ? ` Last: ${status}.` : ` Last: ${last.message}`;
}

/** Why the tries failed, by the last one. */
function whyStopped(last: Classified): string {
  const cut = last.error.kind === CUT_IN_TRANSFER;
  if (last.otherAddress !== undefined)
    return cut
      ? `the connection to the ${ADDRESS_SAID[last.otherAddress].said} was cut each time during the transfer, ` +
          'while the main service answered'
      : `the ${ADDRESS_SAID[last.otherAddress].said} could not be reached each time, while the main service answered`;
  if (cut) return 'the service was reachable; the connection was cut each time during the transfer';
  if (last.error.kind === 'timeout') return 'the service was reachable; this got no answer in time';
  if (last.error.kind === 'network')
    return 'the service was reachable; the connection was dropped each time after this was sent';
  if (last.rateLimited) return 'the service asked to slow down each time (too many requests)';
  if (last.error.status === 408) return 'the service answered each time that it stopped waiting for the request';
  if (last.error.message.includes(WEB_PAGE_ANSWER))
    return 'something in front of the service (a proxy or firewall) answered each with a web page of its own, not the service';
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
  // A connection cut part-way reached the address: its setting is right, the transfer is what fails.
  const said =
    last.error.kind === CUT_IN_TRANSFER
      ? ' The service never got the whole request, so it is not on the service. Retry later; if it keeps ' +
        'happening, the network or a proxy in front of the service may be cutting long transfers: ask whoever ' +
        'runs them.'
      : last.otherAddress !== undefined
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

/**
 * The error of an upload whose result neither says the file was stored nor that it was not: a status
 * the app does not know, and no file id. As noFileResult: the service may have stored it, so the entry
 * is unsure and the user looks before deciding.
 */
export function unclearFileResult(said: Pick<FileUploadResult, 'status' | 'message'>, at: number): EntryError {
  const status = said.status.trim() === '' ? 'an empty status' : `"${said.status}"`;
  const message = said.message ? ` ("${said.message}")` : '';
  return {
    kind: NO_FILE_RESULT,
    message:
      `The service answered ${status}${message} for this file and gave it no file id, so it may have stored ` +
      'it or not. Look for the file among the files on the service before sending it again: if it is there, ' +
      'choose "It arrived"; if it is not, "Send again".',
    at,
  };
}

/**
 * The error of a request refused as too large (413), by the service or by a proxy in front of it (nginx
 * answers its own page): sent again as it is, it is refused again. A refusal, said in the app's words,
 * with the service's own when it gave some.
 */
function tooLarge(err: ApiError, at: number): EntryError {
  const what = err.endpoint === 'storeAndEmbedFiles' ? 'The file is' : 'This change is';
  const said = err.serverMessage ? ` The answer said "${err.serverMessage}".` : '';
  const next =
    err.endpoint === 'storeAndEmbedFiles'
      ? ' Sent again as it is, it would be refused again: ask whoever runs the service (or the proxy) to raise ' +
        'the limit, or upload a smaller file.'
      : ' Sent again as it is, it would be refused again: ask whoever runs the service (or the proxy) to raise the limit.';
  return {
    // No `status`: the screens add it after a refusal's words, and the sentence holds it already.
    kind: 'rejected',
    ...(err.serverMessage !== undefined ? { serverMessage: err.serverMessage } : {}),
    message: `${what} too large for the service or a proxy in front of it: over its size limit (HTTP 413).${said}${next}`,
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
