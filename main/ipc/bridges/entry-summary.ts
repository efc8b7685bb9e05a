import { basename } from 'node:path';
import { fileSize } from '../../../shared/file-size.js';
import { ID_TYPE_SENT_AS, WELL_LABEL_SAID } from '../../../shared/api/id-type-words.js';
import type { Intent } from '../../../shared/outbox/intents.js';
import type { OutboxEntrySummary } from '../../../shared/ipc/channels/outbox.js';
import {
  isUnreadable,
  toOutboxError,
  type ListedEntry,
  type OutboxEntry,
  type UnreadableEntry,
} from '../../outbox/index.js';
import { entryMayHaveArrived } from '../../outbox/may-have-arrived.js';
import { isHeldForLook } from '../../../shared/ipc/channels/outbox.js';
import { setsNoSample, wellSetEmpty } from '../../sync/plate-check.js';

/**
 * The name people use for a plate, box or location known by uuid (its hrid), or null when this
 * computer has never read it: then the start of the uuid is all there is to show. `service`: the one
 * the uuid is of (the entry's), so an entry queued before a switch keeps its plate's name.
 */
export type NameOfUuid = (uuid: string, service?: string) => string | null;

/** The names of one entry's service: what its summary is said with. */
export const namesOf =
  (nameOf: NameOfUuid, service: string): NameOfUuid =>
  (uuid) =>
    nameOf(uuid, service);

/** A plate's or box's name as every summary says it: its hrid, or the start of its uuid if never read. */
export const manifestName = (m: { uuid: string } | { hrid: string }, nameOf: NameOfUuid) =>
  'hrid' in m ? m.hrid : (nameOf(m.uuid) ?? m.uuid.slice(0, 8));

/** One line a scientist can read for an outbox entry. */
export function summarizeIntent(i: Intent, nameOf: NameOfUuid = () => null): string {
  switch (i.type) {
    case 'well-set': {
      // A sample's own label goes without saying; any other is said in words, not as the API's code.
      const parts = [
        i.sample ? i.sample.id : null,
        i.label !== undefined && !(i.sample && i.label === 'SAMPLE') ? WELL_LABEL_SAID[i.label] : null,
        i.tags?.length ? `tags ${i.tags.join(', ')}` : null,
      ].filter(Boolean);
      return `${manifestName(i.manifest, nameOf)} ${i.position} ← ${parts.join(' · ')}`;
    }
    case 'well-remove':
      return `${manifestName(i.manifest, nameOf)} ${i.position}: remove ${i.fields.join(', ').toLowerCase()}`;
    case 'location-assign':
      return `${i.id} → ${nameOf(i.locationId) ?? i.locationId.slice(0, 8)}${i.position ? ` ${i.position}` : ''} (${ID_TYPE_SENT_AS[i.idType]})`;
    case 'row-update':
      return `${i.labsheet} ${i.id}: ${Object.entries(i.changes)
        .map(([k, v]) => `${k} = ${String(v)}`)
        .join(', ')}`;
    case 'file-upload':
      return `Upload ${i.fileName} (${fileSize(i.size)})`;
    case 'webhook':
      // "plate.completed" is the event's name on the wire; the line says it in words.
      return i.eventType ? `Event: ${i.eventType.replace(/[._-]+/g, ' ')}` : 'Event to the events address';
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

/** What the user can do about an entry that no longer reads, by its state (the outbox allows just that). */
function unreadableAction(e: UnreadableEntry): string {
  if (e.state === 'pending' && e.attempts === 0) return 'Cancel it to take it out of the queue.';
  if (e.state === 'failed' || e.state === 'uncertain') return 'Discard it to take it out of the queue.';
  if (e.state === 'pending' || e.state === 'sending')
    return 'After a few tries it fails with this reason; then discard it.';
  return '';
}

function unreadableSummary(e: UnreadableEntry): OutboxEntrySummary {
  return {
    id: e.id,
    type: e.type,
    target: e.target,
    summary: `${e.type.replace(/-/g, ' ')} (cannot be read)`,
    state: e.state,
    attempts: e.attempts,
    lastError: e.lastError ? toOutboxError(e.lastError) : null,
    mayHaveArrived: entryMayHaveArrived(e),
    createdAt: e.createdAt,
    unreadable:
      `This version of Benchlink cannot read this entry (${e.unreadable}), so it is never sent. ` +
      `${unreadableAction(e)} If a newer version of Benchlink queued it, send it from that version instead.`.replace(
        /\s+/g,
        ' ',
      ),
  };
}

/**
 * The intent as the page may see it. An upload's staged copy is main's: its path names the data folder,
 * under the user's home, which the page has no use for (an upload is never edited: main queues uploads
 * only from its own staging tickets). The contract's intent still has the field, so the copy's own name
 * stands in for the path.
 */
function shownIntent(i: Intent): Intent {
  return i.type === 'file-upload' ? { ...i, stagedPath: basename(i.stagedPath) || 'staged copy' } : i;
}

/**
 * What a well change held for a look does to a tube put in its well at another bench, when it sends
 * the well with no sample: "Send anyway" takes that tube out, which "← positive control" never said.
 */
function heldEmptying(e: OutboxEntry): string {
  const well = isHeldForLook(e.state, e.lastError) ? wellSetEmpty(e) : null;
  return well === null ? '' : ` — ${setsNoSample(well)}: removes any tube put there at another bench`;
}

/**
 * `recordFolder`: the kept plate record an entry files, when it is one of a record's. An entry that
 * no longer reads is summed up as that, with the reason: one such row never hides the others.
 */
export function toSummary(
  e: ListedEntry,
  recordFolder: (e: OutboxEntry) => string | null,
  nameOf: NameOfUuid = () => null,
): OutboxEntrySummary {
  if (isUnreadable(e)) return unreadableSummary(e);
  const folder = recordFolder(e);
  return {
    id: e.id,
    type: e.type,
    target: e.target,
    // An entry that waits for another says which, while it waits.
    summary:
      summarizeIntent(e.intent, namesOf(nameOf, e.service)) +
      (e.dependsOn !== null && e.state === 'pending' ? ` · after #${e.dependsOn}` : '') +
      heldEmptying(e),
    intent: shownIntent(e.intent),
    state: e.state,
    attempts: e.attempts,
    lastError: e.lastError ? toOutboxError(e.lastError) : null,
    mayHaveArrived: entryMayHaveArrived(e),
    createdAt: e.createdAt,
    ...(noteOf(e.result) ? { note: noteOf(e.result)! } : {}),
    ...(folder === null ? {} : { recordFolder: folder }),
  };
}
