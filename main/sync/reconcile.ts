import { LOCATION_STATUS_COMPLETED } from '../../shared/api/locations.js';
import { NotFoundError } from '../api/errors.js';
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

/** What the service shows of a labsheet a create may have made. */
export type CreateFound = 'absent' | 'matches' | 'differs';

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
 */
export async function findCreated(
  transport: SyncTransport,
  request: CreateRequest,
  signal: AbortSignal,
  listed?: LabsheetNames,
): Promise<CreateFound> {
  const name = request.name.trim();
  const { names, complete } = listed ?? (await readLabsheetNames(transport, signal));
  if (!names.has(name) && complete) return 'absent';
  let headers: string[];
  try {
    ({ headers } = await transport.fetchLabsheetRows({ labsheet: name, pageSize: 1 }, { signal }));
  } catch (err) {
    if (err instanceof NotFoundError && !names.has(name)) return 'absent';
    throw err;
  }
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
  return {
    id,
    state: 'failed',
    error: {
      kind: 'conflict',
      status: 409,
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
      found = await findCreated(transport, e.intent.request, signal, listed);
    } catch {
      // This one's labsheet could not be read: it stays uncertain, for the next pass or the user.
      if (signal.aborted) break;
      continue;
    }
    // The user may have decided it during the reads (discarded, confirmed, retried): theirs stands.
    if (outbox.get(e.id)?.state !== 'uncertain') continue;
    outbox.settle([settleFound(e.id, e.intent.request, found, now(), 'found by name after an uncertain attempt')]);
    settled++;
  }
  return settled;
}

/**
 * location/create completes asynchronously: after the create answered, poll its requestId a few
 * times and keep the created uuids on the entry so the cache and UI can use them.
 */
export async function followLocationRequest(
  outbox: Outbox,
  transport: SyncTransport,
  platform: SyncPlatform,
  entryId: number,
  requestId: string,
  signal: AbortSignal,
): Promise<void> {
  for (let attempt = 0; attempt < 6 && !signal.aborted; attempt++) {
    try {
      const status = await transport.fetchLocationCreateStatus({ requestId }, { signal });
      if (status.status === LOCATION_STATUS_COMPLETED) {
        outbox.settle([
          {
            id: entryId,
            state: 'done',
            result: { requestId, status: status.status, created: status.result?.created ?? [] },
          },
        ]);
        return;
      }
    } catch {
      // Best effort: the entry is already done (the server accepted it); the status can be read later.
    }
    await sleep(platform, 100 * 2 ** attempt, signal);
  }
}
