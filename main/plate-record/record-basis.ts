import type { CachedManifest, PendingWellChange } from '../../shared/ipc/channels/cache.js';

/** Why a record cannot be filed now; the message is for the scientist, as it stands. */
export class RecordRefused extends Error {
  override readonly name = 'RecordRefused';
}

const isWellChange = (c: PendingWellChange): boolean => c.intent.type === 'well-set' || c.intent.type === 'well-remove';
const positionOf = (c: PendingWellChange): string =>
  c.intent.type === 'well-set' || c.intent.type === 'well-remove' ? c.intent.position : '?';

/**
 * The plate's queued well changes a record is built on: the record states them as landed, so its
 * entries are sent only once every one of these is done (outbox `builtOn`), and are not sent if one is
 * refused. A change already refused makes the record wait for the user: the well's content is what
 * they must decide (correct or discard it), and a record must never state a change the service refused
 * (nor guess the well is as before, which a retried change may contradict).
 */
export function recordBuiltOn(m: CachedManifest): number[] {
  const changes = m.pending.filter(isWellChange);
  const refused = changes.filter((c) => c.state === 'failed');
  if (refused.length > 0) {
    const wells = refused.map((c) => `${positionOf(c)}: ${c.error?.message ?? 'refused'}`).join('; ');
    throw new RecordRefused(
      `${refused.length} well change${refused.length === 1 ? ' was' : 's were'} refused by the service (${wells}). ` +
        'Correct or discard it in the Outbox, then file the record.',
    );
  }
  return changes.filter((c) => c.state !== 'done').map((c) => c.entryId);
}
