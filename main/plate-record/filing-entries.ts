import { ATTACH_AT, pageOfAttach, samePage, type PageRef } from '../../shared/ipc/channels/plate-record.js';
import type { BatchDependency } from '../../shared/outbox/dependency.js';
import { targetKeyOf } from '../../shared/outbox/intent-meta.js';
import { isUnreadable, type EntryState, type ListedEntry, type Outbox, type OutboxEntry } from '../outbox/index.js';

/**
 * How a filing's entries are found in the outbox: one batch keyed by the filing (the press), its
 * entries `${key}:0` to `${key}:4`, the event carrying the record's folder and time.
 */

/** The lane a plate's plate.completed events are queued in (each plate its own: intent-meta.ts). */
export const eventLaneOf = (plateUuid: string): string =>
  targetKeyOf({ type: 'webhook', payload: { event: 'plate.completed', uuid: plateUuid } });

/** The one lane every webhook was queued in before: events filed by older versions stay in it. */
const SHARED_WEBHOOK_LANE = targetKeyOf({ type: 'webhook', payload: {} });

/** Where each entry of a filing's batch sits: three uploads (the picture last), the attach-image, the event. */
export const PICTURE_AT = 2;
export { ATTACH_AT };
export const EVENT_AT = 4;

/**
 * How a filing's entries wait for each other. The uploads go one after another, the picture last; the
 * attach-image takes the picture's file id from its upload; the event goes only once the picture is on
 * the page. An entry waits for one earlier entry only, so the chain is what makes the event wait for
 * every file of its record: a table that did not get stored (or may not have) stops the event too, and
 * it goes once that one is retried or settled and the rest are done. The event never goes without its
 * whole record.
 */
export const FILING_DEPENDENCIES: readonly BatchDependency[] = [
  { entry: 1, after: 0 },
  { entry: PICTURE_AT, after: 1 },
  { entry: ATTACH_AT, after: PICTURE_AT, supplies: { field: 'request.image_uuid', from: 'fileId' } },
  { entry: EVENT_AT, after: ATTACH_AT },
];
export const dedupeKeyOf = (filing: string) => `plate-record:${filing}`;

/** A filing's key, from the dedupe key of its event entry (null for any other entry). */
export const filingOfEvent = (dedupeKey: string | null): string | null =>
  dedupeKey === null ? null : (new RegExp(`^(plate-record:.+):${EVENT_AT}$`).exec(dedupeKey)?.[1] ?? null);

/**
 * The plate.completed events of filings in `state`, of the service in use, oldest first: of one plate
 * (its lane, and the lane all webhooks shared before), or of every plate. Each plate has a lane of its
 * own, so every plate's are found by kind.
 */
export function filingEvents(outbox: Outbox, state: EntryState, plateUuid?: string): OutboxEntry[] {
  const isFiling = (e: ListedEntry): e is OutboxEntry =>
    !isUnreadable(e) && e.intent.type === 'webhook' && filingOfEvent(e.dedupeKey) !== null;
  if (plateUuid !== undefined)
    return [
      ...outbox
        .entriesOf(SHARED_WEBHOOK_LANE, state)
        .filter((e) => isFiling(e) && e.intent.type === 'webhook' && e.intent.payload['uuid'] === plateUuid),
      ...outbox.entriesOf(eventLaneOf(plateUuid), state).filter(isFiling),
    ].sort((a, b) => a.id - b.id);
  const service = outbox.currentService();
  const out: OutboxEntry[] = [];
  for (let after = 0; ;) {
    const page = outbox.list(state, { type: 'webhook', afterId: after, limit: LISTED_AT_ONCE });
    for (const e of page) if (e.service === service && isFiling(e)) out.push(e);
    if (page.length < LISTED_AT_ONCE) return out;
    after = page[page.length - 1]!.id;
  }
}
const LISTED_AT_ONCE = 1000;

/** The ids of a filing's entries in batch order, null where the outbox holds none (never queued, or pruned). */
export const filingEntriesOf = (outbox: Outbox, key: string): (number | null)[] =>
  Array.from({ length: EVENT_AT + 1 }, (_, i) => outbox.findDeduped(`${key}:${i}`));

/** A filing's record folder and time, as its event (committed with its entries) carries them. */
export function filedAs(outbox: Outbox, key: string): { folder: string; at: string } | null {
  const event = outbox.findDeduped(`${key}:${EVENT_AT}`);
  const intent = event === null ? null : outbox.get(event)?.intent;
  const sent = intent?.type === 'webhook' ? intent.payload : {};
  const [folder, at] = [sent['record'], sent['at']];
  return typeof folder === 'string' && typeof at === 'string' ? { folder, at } : null;
}

/**
 * Whether `folder` is the record the outbox has queued for a filing (the key its unfiled mark holds):
 * a folder of the same filing that another press queued first files nothing.
 */
export const isFiled = (outbox: Outbox, key: string, folder: string): boolean =>
  filedAs(outbox, key)?.folder === folder;

/**
 * The kept record folder an outbox entry files (one of a record's uploads), or null: the Outbox links
 * to exactly that record's copy, not to whichever record has a file of that name (one a day per plate).
 */
export function recordFolderOf(outbox: Outbox, e: OutboxEntry): string | null {
  const key = e.dedupeKey === null ? null : /^(plate-record:.+):\d+$/.exec(e.dedupeKey)?.[1];
  return key ? (filedAs(outbox, key)?.folder ?? null) : null;
}

/** The notebook page a filing's picture goes to, as its attach-image was queued, or null (pruned). */
export function pageFiledTo(outbox: Outbox, key: string): PageRef | null {
  const id = outbox.findDeduped(`${key}:${ATTACH_AT}`);
  const intent = id === null ? null : outbox.get(id)?.intent;
  return intent?.type === 'attach-image' ? pageOfAttach(intent.request) : null;
}

export { samePage };

/** A page as the bench names it in a sentence. */
export const pageSaid = (p: PageRef): string =>
  'hrid' in p ? p.hrid : 'name' in p ? `the page named "${p.name}"` : `the page ${p.uuid}`;
