import { LOCATION_STATUS_COMPLETED } from '../../shared/api/locations.js';
import type { Outbox } from '../outbox/outbox-store.js';
import type { SyncPlatform } from './platform.js';
import { sleep } from './platform.js';
import type { SyncTransport } from './transport.js';

/**
 * Settles 'uncertain' entries where the server can tell us what happened, instead of resending
 * blindly. Labsheet names are unique, so a labsheet-create is looked up by name: present → done,
 * absent → safe to send again. Uploads, webhooks and the other non-idempotent calls have no such
 * lookup in the API; they stay uncertain until the user decides (retry / confirmDone / discard).
 */
export async function reconcileUncertain(
  outbox: Outbox,
  transport: SyncTransport,
  signal: AbortSignal,
): Promise<number> {
  const creates = outbox.list('uncertain', { type: 'labsheet-create', limit: 10_000 });
  if (creates.length === 0) return 0;
  const list = await transport.fetchLabsheetList({}, { signal });
  const names = new Set(list.items.map((i) => i.name));
  let settled = 0;
  for (const e of creates) {
    if (e.intent.type !== 'labsheet-create') continue;
    // The user may have decided it during the read (discarded, confirmed, retried): theirs stands.
    if (outbox.get(e.id)?.state !== 'uncertain') continue;
    const exists = names.has(e.intent.request.name.trim());
    outbox.settle([
      exists
        ? { id: e.id, state: 'done', result: { reconciled: 'found by name after an uncertain attempt' } }
        : { id: e.id, state: 'pending' },
    ]);
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
    await sleep(platform, 100 * 2 ** attempt);
  }
}
