import { targetKeyOf } from '../../shared/outbox/intent-meta.js';
import type { Outbox, OutboxEntry } from '../outbox/index.js';
import { OUTBOX_ENTRY_STATES } from '../../shared/ipc/channels/outbox.js';
import { filingEntriesOf, filingOfEvent } from './file-record.js';

/** The lane every plate.completed event is queued in (all webhooks share one). */
const EVENT_LANE = targetKeyOf({ type: 'webhook', payload: { event: 'plate.completed' } });

/** Why a filing will never be sent as it is, from its entries' states, or null while it stands. */
function whyNotFiled(entries: readonly (OutboxEntry | null | undefined)[]): string | null {
  const refused = entries.find((e) => e?.state === 'failed' && e.lastError?.kind === 'built-on-refused');
  if (refused)
    return (
      'Not filed: it states a well change the service refused, so what it says of the plate is not so. ' +
      'File the plate again once the well is corrected.'
    );
  const taken = entries.find((e) => e?.state === 'discarded' || e?.state === 'cancelled');
  if (taken) return 'Not filed: its filing was taken out of the Outbox. File the plate again for a record that is.';
  return null;
}

/**
 * The kept records whose filing will never be sent as they are, by folder, with why: derived from the
 * outbox each time they are listed (the folder itself never changes once filed, and is the user's), so
 * a record built on a change the service refused is not shown as a good one. Only what the outbox
 * still holds can tell: once its finished entries are pruned, a record taken out reads as any other.
 */
export function notFiledRecords(outbox: Outbox): Map<string, string> {
  const out = new Map<string, string>();
  for (const state of OUTBOX_ENTRY_STATES)
    for (const event of outbox.entriesOf(EVENT_LANE, state)) {
      const key = filingOfEvent(event.dedupeKey);
      const folder = event.intent.type === 'webhook' ? event.intent.payload['record'] : undefined;
      if (key === null || typeof folder !== 'string' || out.has(folder)) continue;
      const entries = filingEntriesOf(outbox, key).map((id) => (id === null ? undefined : outbox.get(id)));
      const why = whyNotFiled(entries);
      if (why !== null) out.set(folder, why);
    }
  return out;
}
