import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import {
  OUTBOX_ENTRY_STATES,
  type OutboxEntryState,
  type OutboxEntrySummary,
} from '../../../shared/ipc/channels/outbox.js';
import { pageOfAttach, samePage, type PageRef } from '../../../shared/ipc/channels/plate-record.js';
import { targetKeyOf } from '../../../shared/outbox/intent-meta.js';

/** A listed entry that puts a picture into a notebook page. */
export type AttachEntry = OutboxEntrySummary & {
  intent: Extract<NonNullable<OutboxEntrySummary['intent']>, { type: 'attach-image' }>;
};

/** The outbox lane a page's pictures are queued in, by intent-meta's own rule (one lane per identifier). */
export const attachLaneOf = (page: PageRef): string =>
  targetKeyOf({
    type: 'attach-image',
    request: { ...page, image_uuid: '-', image_name: '-', image_mime_type: 'image/png', position: 'append' },
  });

/** The most of one lane's entries looked at: the newest, far more pictures than a page gets in a month. */
const LOOKED_AT = 500;

/**
 * The attach-image entries of the service in use in the lane of each page, in `states` (every state when
 * none are named), the newest first; null when main could not list them. Entries of another page that
 * shares a lane (a name that is spelled as an hrid) come along: `naming` keeps those of one page.
 */
export async function attachesIn(
  api: BenchlinkApi,
  pages: readonly PageRef[],
  states: readonly OutboxEntryState[] = OUTBOX_ENTRY_STATES,
): Promise<AttachEntry[] | null> {
  const lanes = [...new Set(pages.map(attachLaneOf))];
  const out = new Map<number, AttachEntry>();
  for (const target of lanes) {
    const r = await api.invoke('outbox.list', { target, states: [...states], newest: true, limit: LOOKED_AT });
    if (!r.ok) return null;
    for (const e of r.value) if (e.intent?.type === 'attach-image') out.set(e.id, e as AttachEntry);
  }
  return [...out.values()].sort((a, b) => b.id - a.id);
}

/** Whether an attach-image entry was sent for exactly this page (the same identifier, the same text). */
export const naming =
  (page: PageRef) =>
  (e: AttachEntry): boolean => {
    const sent = pageOfAttach(e.intent.request);
    return sent !== null && samePage(sent, page);
  };

/**
 * Whether the service refused the picture because it has no such page: a 404 on attach-image. Kept when
 * the user discards the entry: a page taken out of the Outbox is no more there than before.
 */
export const refusedAsNotFound = (e: AttachEntry): boolean =>
  (e.state === 'failed' || e.state === 'discarded') &&
  (e.lastError?.status === 404 || e.lastError?.kind === 'not-found');
