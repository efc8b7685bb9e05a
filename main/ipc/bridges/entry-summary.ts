import type { Intent } from '../../../shared/outbox/intents.js';
import type { OutboxEntrySummary } from '../../../shared/ipc/channels/outbox.js';
import { toOutboxError, type OutboxEntry } from '../../outbox/index.js';

const manifestName = (m: { uuid: string } | { hrid: string }) => ('hrid' in m ? m.hrid : m.uuid.slice(0, 8));

/** One line a scientist can read for an outbox entry. */
export function summarizeIntent(i: Intent): string {
  switch (i.type) {
    case 'well-set': {
      const parts = [
        i.sample ? i.sample.id : null,
        i.label ? i.label : null,
        i.tags?.length ? `tags ${i.tags.join(', ')}` : null,
      ].filter(Boolean);
      return `${manifestName(i.manifest)} ${i.position} ← ${parts.join(' · ')}`;
    }
    case 'well-remove':
      return `${manifestName(i.manifest)} ${i.position}: remove ${i.fields.join(', ').toLowerCase()}`;
    case 'location-assign':
      return `${i.id} → ${i.locationId.slice(0, 8)}${i.position ? ` ${i.position}` : ''} (${i.idType})`;
    case 'row-update':
      return `${i.labsheet} ${i.id}: ${Object.entries(i.changes)
        .map(([k, v]) => `${k} = ${String(v)}`)
        .join(', ')}`;
    case 'file-upload':
      return `Upload ${i.fileName} (${Math.max(1, Math.round(i.size / 1024))} KB)`;
    case 'webhook':
      return `Event ${i.eventType ?? 'webhook'}`;
    case 'labflow-link':
      return 'Link samples to a labflow test';
    case 'attach-image':
      return `Attach ${i.request.image_name} to ${i.request.hrid ?? i.request.name ?? i.request.uuid ?? 'a page'}`;
    default:
      return i.type.replace(/-/g, ' ');
  }
}

function noteOf(result: unknown): string | null {
  const note = typeof result === 'object' && result !== null ? (result as { note?: unknown }).note : undefined;
  return typeof note === 'string' ? note : null;
}

/** `recordFolder`: the kept plate record an entry files, when it is one of a record's. */
export function toSummary(e: OutboxEntry, recordFolder: (e: OutboxEntry) => string | null): OutboxEntrySummary {
  const folder = recordFolder(e);
  return {
    id: e.id,
    type: e.type,
    target: e.target,
    // An entry that waits for another says which, while it waits.
    summary:
      summarizeIntent(e.intent) + (e.dependsOn !== null && e.state === 'pending' ? ` · after #${e.dependsOn}` : ''),
    intent: e.intent,
    state: e.state,
    attempts: e.attempts,
    lastError: e.lastError ? toOutboxError(e.lastError) : null,
    createdAt: e.createdAt,
    ...(noteOf(e.result) ? { note: noteOf(e.result)! } : {}),
    ...(folder === null ? {} : { recordFolder: folder }),
  };
}
