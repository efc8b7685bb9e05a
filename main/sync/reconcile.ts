import { LOCATION_FOLLOW_MS, locationRequestOutcome, type FollowedLocationResult } from '../../shared/api/locations.js';
import { NAME_TAKEN } from '../../shared/ipc/channels/outbox.js';
import { ApiError, NotFoundError, ProtocolError, UnreadableAnswerError } from '../api/errors.js';
import { MAX_ANSWERED_FAILURES } from './classify.js';
import { listsEveryLabsheet } from '../../shared/api/labsheets.js';
import { isMagicColumnType } from '../../shared/api/primitives.js';
import type { IntentOf } from '../../shared/outbox/intents.js';
import type { Outbox } from '../outbox/outbox-store.js';
import { isUnreadable, type OutboxEntry, type Settlement } from '../outbox/entry.js';
import type { SyncPlatform } from './platform.js';
import { sleep } from './platform.js';
import type { SyncTransport } from './transport.js';

type CreateRequest = IntentOf<'labsheet-create'>['request'];

/**
 * What the service shows of a labsheet a create may have made; `switched` when the service in use changed
 * during the look (Settings), so what was read may be another service's and says nothing of this entry.
 */
export type CreateFound = 'absent' | 'matches' | 'differs' | 'switched';

/**
 * The service an entry is bound to, and where the one in use is read. The transport resolves the saved
 * connection on every call, so a switch in Settings between two reads sends the next one to the other
 * service: each read counts only if the service in use is still the entry's once it has answered.
 */
export interface BoundService {
  outbox: Pick<Outbox, 'currentService'>;
  service: string;
}

const switchedFrom = (bound: BoundService | undefined): boolean =>
  bound !== undefined && bound.outbox.currentService() !== bound.service;

/** The kind of an entry's error when a look for it was cut short by a switch of service (settleFound). */
export const SERVICE_SWITCHED = 'service-switched';

/** The labsheet list as read once for several lookups; `complete` as listsEveryLabsheet says. */
export interface LabsheetNames {
  names: ReadonlySet<string>;
  complete: boolean;
}

export async function readLabsheetNames(transport: SyncTransport, signal: AbortSignal): Promise<LabsheetNames> {
  const list = await transport.fetchLabsheetList({}, { signal });
  return {
    names: new Set(list.items.map((i) => i.name)),
    complete: listsEveryLabsheet(list),
  };
}

/**
 * Looks the labsheet up by name and, when it exists, reads its columns: a labsheet of that name without
 * every (non-magic) column the create asked for was made by someone else. `listed` is a list already read.
 * A name missing from a list that is not complete is looked up by reading the labsheet itself: taken for
 * absent, the create was sent again, answered 409, looked up in the same list, and so on for ever.
 *
 * The limit: the spec promises only names in the list and column names in a row read — no creator and
 * no creation time — so a labsheet someone else created under the same name with the same columns,
 * between our uncertain attempt and this look, cannot be told from ours. Extra columns are allowed
 * (the service may add its own), so the check is "ours could be this", not proof.
 *
 * `bound`: the entry's service; a read answered after a switch to another is `switched`, never taken
 * for this entry's (another service's labsheet of that name and columns is not ours).
 */
export async function findCreated(
  transport: SyncTransport,
  request: CreateRequest,
  signal: AbortSignal,
  listed?: LabsheetNames,
  bound?: BoundService,
): Promise<CreateFound> {
  const name = request.name.trim();
  const { names, complete } = listed ?? (await readLabsheetNames(transport, signal));
  if (switchedFrom(bound)) return 'switched';
  if (!names.has(name) && complete) return 'absent';
  let headers: string[];
  try {
    ({ headers } = await transport.fetchLabsheetRows({ labsheet: name, pageSize: 1 }, { signal }));
  } catch (err) {
    if (switchedFrom(bound)) return 'switched';
    if (err instanceof NotFoundError && !names.has(name)) return 'absent';
    throw err;
  }
  if (switchedFrom(bound)) return 'switched';
  const have = new Set(headers.map((h) => h.trim()));
  const wanted = request.columns.flatMap((c) => (isMagicColumnType(c.type) || !c.name ? [] : [c.name.trim()]));
  return wanted.every((c) => have.has(c)) ? 'matches' : 'differs';
}

/** The settlement of a create whose earlier attempt was uncertain, from what the service shows. */
export function settleFound(
  id: number,
  request: CreateRequest,
  found: CreateFound,
  at: number,
  how: string,
): Settlement {
  if (found === 'matches') return { id, state: 'done', result: { reconciled: how } };
  if (found === 'absent') return { id, state: 'pending' };
  if (found === 'switched')
    return {
      id,
      state: 'uncertain',
      error: {
        kind: SERVICE_SWITCHED,
        message:
          'The service in use was changed while this was looked for on the service it was queued for, so ' +
          'what was read says nothing of it: it may or may not have reached that service. It is looked for ' +
          'again there once that service is in use.',
        at,
      },
    };
  // Our own reading, not a request answered 409: said in the app's words, with no status of the service's.
  return {
    id,
    state: 'failed',
    error: {
      kind: NAME_TAKEN,
      message:
        `A labsheet named "${request.name.trim()}" exists on the service without the columns this entry asks for: ` +
        'someone else made it, not this entry. Edit the name and send it again, or discard it.',
      at,
    },
  };
}

/**
 * Settles 'uncertain' entries where the server can tell us what happened, instead of resending
 * blindly. Labsheet names are unique, so a labsheet-create is looked up by name and its columns
 * (findCreated): there with our columns → done; there with other columns → failed (someone else's);
 * absent → safe to send again. Uploads, webhooks and the other non-idempotent calls have no such
 * lookup in the API; they stay uncertain until the user decides (retry / confirmDone / discard).
 */
export async function reconcileUncertain(
  outbox: Outbox,
  transport: SyncTransport,
  signal: AbortSignal,
  now: () => number,
): Promise<number> {
  // Only creates meant for the service in use: another service's labsheets say nothing about them.
  const current = outbox.currentService();
  const creates = outbox
    .list('uncertain', { type: 'labsheet-create', limit: 10_000 })
    .filter((e) => e.service === current)
    // One that no longer reads names no labsheet to look for: it stays for the user.
    .filter((e): e is OutboxEntry => !isUnreadable(e))
    // Sent this often with no answer it could trust (a 5xx each time): not found, it would go again for
    // ever, uncounted. It stays unsure, for the user to look on the service and choose.
    .filter((e) => e.uncertainAttempts < MAX_ANSWERED_FAILURES);
  if (creates.length === 0) return 0;
  const listed = await readLabsheetNames(transport, signal);
  let settled = 0;
  for (const e of creates) {
    if (e.intent.type !== 'labsheet-create') continue;
    let found: CreateFound;
    try {
      found = await findCreated(transport, e.intent.request, signal, listed, { outbox, service: e.service });
    } catch {
      // This one's labsheet could not be read: it stays uncertain, for the next pass or the user.
      if (signal.aborted) break;
      continue;
    }
    // Read after a switch in Settings: another service's answer. Every entry left is this service's too,
    // so the pass stops; they are looked for again while their service is in use.
    if (found === 'switched') break;
    // The user may have decided it during the reads (discarded, confirmed, retried): theirs stands.
    if (outbox.get(e.id)?.state !== 'uncertain') continue;
    outbox.settle([settleFound(e.id, e.intent.request, found, now(), 'found by name after an uncertain attempt')]);
    settled++;
  }
  return settled;
}

/**
 * The longest wait between two reads of a location request's status: as often as the Data screen reads it,
 * so an entry is settled within a couple of seconds of the request completing, while the screen waits for it.
 */
const LOCATION_POLL_MAX_MS = 2_000;
/** The wait after a location request's read number `attempt` (0-based): 0.1 s doubling, at most LOCATION_POLL_MAX_MS. */
const locationPollGap = (attempt: number): number => Math.min(LOCATION_POLL_MAX_MS, 100 * 2 ** attempt);
/**
 * How often a location request's status is read after its create was answered: enough that the waits between
 * the reads alone add up to LOCATION_FOLLOW_MS, the time the Data screen waits for this follow's verdict. Read
 * for about half a minute while the screen polled for a minute, a slow request was shown made on the screen
 * and left unsure in the Outbox, offered to be sent again (made twice), its uuids not kept.
 */
export const LOCATION_POLLS = ((): number => {
  let reads = 1;
  for (let waited = 0; waited < LOCATION_FOLLOW_MS; reads++) waited += locationPollGap(reads - 1);
  return reads;
})();
/** The kind of a location create the service accepted but was not seen to complete (followLocationRequest). */
export const NOT_CONFIRMED = 'not-confirmed';

/**
 * location/create completes asynchronously: the create's answer only says the request was accepted. Its
 * requestId is read for at least LOCATION_FOLLOW_MS: COMPLETED keeps the created uuids on the entry
 * (FollowedLocationResult), so the cache and UI can use them; a status that will never complete (FAILED,
 * "parent is full") fails the entry with the service's words, since nothing was made; still not completed after the last read, it is left unsure with
 * the last status, for the user to look on the service. Never sent again from here: a create is not
 * idempotent, and the service may still make it.
 */
export async function followLocationRequest(
  outbox: Outbox,
  transport: SyncTransport,
  platform: SyncPlatform,
  entryId: number,
  requestId: string,
  signal: AbortSignal,
): Promise<void> {
  let last = 'not read';
  for (let attempt = 0; attempt < LOCATION_POLLS; attempt++) {
    if (signal.aborted) return;
    try {
      const status = await transport.fetchLocationCreateStatus({ requestId }, { signal });
      last = status.status;
      const outcome = locationRequestOutcome(status.status);
      if (outcome === 'completed') {
        const result: FollowedLocationResult = {
          requestId,
          status: status.status,
          created: status.result?.created ?? [],
        };
        settleIfDone(outbox, { id: entryId, state: 'done', result });
        return;
      }
      if (outcome === 'failed') {
        // The service's words go inside the sentence: a reason beside it would be shown in its place.
        const said = status.message?.trim() || 'no reason given';
        settleIfDone(outbox, {
          id: entryId,
          state: 'failed',
          error: {
            kind: 'rejected',
            message: `The service did not make the location (${status.status}): "${said}".`,
            at: platform.now(),
          },
        });
        return;
      }
    } catch (err) {
      // A status answered with `success: false` (the service's own refusal, on a 2xx: FAILED, "parent is
      // full") is the service saying the request failed: left to end "not confirmed", its words were lost.
      const refused = refusedAnswer(err);
      if (refused !== null) {
        settleIfDone(outbox, {
          id: entryId,
          state: 'failed',
          error: {
            kind: 'rejected',
            message: `The service did not make the location (its status answer was success: false): "${refused}".`,
            at: platform.now(),
          },
        });
        return;
      }
      // Read again at the next try; the last words heard are said below if it never is.
      last = `not read (${err instanceof Error ? err.message : String(err)})`;
    }
    // A real service's create can take seconds, and read for only 3 s it ended "not confirmed" while the
    // service was still making it; the waits add up to the Data screen's (LOCATION_POLLS).
    if (attempt < LOCATION_POLLS - 1) await sleep(platform, locationPollGap(attempt), signal);
  }
  // Stopped (the app quits, the engine stops): nothing was learnt, and the entry stays as its answer left it.
  if (signal.aborted) return;
  try {
    settleIfDone(outbox, {
      id: entryId,
      state: 'uncertain',
      error: {
        kind: NOT_CONFIRMED,
        message:
          `${notConfirmedOf(requestId)} but had not made the location when last asked ` +
          `(status: ${last}). Look on the service before you send it again: it may still appear there.`,
        at: platform.now(),
      },
    });
  } catch {
    // Not written (the disk refuses): the entry stays done, as its create's answer left it.
  }
}

/**
 * Location creates the service accepted whose request was never followed to its end (the app quit during
 * the follow, which only starts on the create's answer): done with the create's answer alone, a requestId
 * and no status. Left so, one the service then failed ("parent is full") stayed done for good. Only the
 * service in use's (the requestId is that service's), and not one the user said arrived after its follow
 * left it unsure ("It arrived" keeps that follow's error): the user's word stands.
 */
export function unfollowedLocationRequests(outbox: Outbox): { id: number; requestId: string }[] {
  const current = outbox.currentService();
  return outbox.list('done', { type: 'location-create', limit: 10_000 }).flatMap((e) => {
    if (isUnreadable(e) || e.service !== current) return [];
    const r = e.result as { requestId?: unknown; status?: unknown; created?: unknown } | null;
    const requestId = r?.requestId;
    if (typeof requestId !== 'string' || r?.status !== undefined || r?.created !== undefined) return [];
    if (e.lastError?.kind === NOT_CONFIRMED && e.lastError.message.includes(notConfirmedOf(requestId))) return [];
    return [{ id: e.id, requestId }];
  });
}

/** How a NOT_CONFIRMED error names its request (unfollowedLocationRequests tells an entry the user decided by it). */
const notConfirmedOf = (requestId: string) => `The service accepted the request (${requestId})`;

/**
 * The service's words when a call was answered with `success: false` on a 2xx (main/api's mapRefusal keeps
 * the real status on the error it throws), else null: a 4xx or 5xx, no answer, or one not understood
 * (those carry a 2xx status too, and are no refusal).
 */
function refusedAnswer(err: unknown): string | null {
  if (!(err instanceof ApiError) || err instanceof ProtocolError || err instanceof UnreadableAnswerError) return null;
  if (err.status === undefined || err.status < 200 || err.status >= 300) return null;
  return [err.serverMessage, err.reason].filter(Boolean).join(': ') || 'no reason given';
}

/** A followed location request's entry is settled only while it stands as its create's answer left it. */
function settleIfDone(outbox: Outbox, s: Settlement): void {
  if (outbox.get(s.id)?.state === 'done') outbox.settle([s]);
}
