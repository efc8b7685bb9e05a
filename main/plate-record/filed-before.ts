import { parse } from 'csv-parse/sync';
import type { PageRef } from '../../shared/ipc/channels/plate-record.js';
import type { Outbox } from '../outbox/index.js';
import { EVENT_LANE, filedAs, filingEntriesOf, filingOfEvent, pageFiledTo, samePage } from './filing-entries.js';
import { keptFile } from './record-folders.js';
import { whyNotFiled } from './record-standing.js';

/** A filing that stands: its record folder, when it was filed (ISO, as its event says). */
export interface FiledBefore {
  folder: string;
  at: string;
}

/**
 * What a well table (record-tables.ts wellTableCsv) says the plate holds, without when each tube was
 * filed here: a change the service has confirmed since is read back without its queue time, and the
 * plate is no other for that. A table that no longer reads says nothing.
 */
function heldIn(table: string): string | null {
  try {
    const rows = parse(table, { relaxColumnCount: true }) as string[][];
    const filledAt = rows[0]?.indexOf('filled at') ?? -1;
    return JSON.stringify(rows.map((r) => r.filter((_, i) => i !== filledAt)));
  } catch {
    return null;
  }
}

/**
 * A filing of this plate to this page that stands (queued, on its way or sent: none of its entries
 * failed, uncertain or taken out) and whose record states these same wells (its kept well table, `wellTable`,
 * heldIn), newest first; null when there is none. Filing the same plate again to the same
 * page (a second window, a press after success) made a second notebook entry and a second event.
 * Only what the outbox still holds, of the service in use (another service's EXP-0001 is another page),
 * and a kept folder that still has its table can tell.
 */
export async function sameRecordFiled(
  outbox: Outbox,
  recordsDir: string,
  plateUuid: string,
  page: PageRef,
  wellTable: string,
): Promise<FiledBefore | null> {
  const events = (['pending', 'sending', 'uncertain', 'done'] as const)
    .flatMap((state) => outbox.entriesOf(EVENT_LANE, state))
    .filter((e) => e.intent.type === 'webhook' && e.intent.payload['uuid'] === plateUuid)
    .sort((a, b) => b.id - a.id);
  const held = heldIn(wellTable);
  for (const event of events) {
    const key = filingOfEvent(event.dedupeKey);
    const went = key === null ? null : pageFiledTo(outbox, key);
    if (key === null || went === null || !samePage(went, page)) continue;
    const ids = filingEntriesOf(outbox, key);
    if (ids.some((id) => id === null) || whyNotFiled(ids.map((id) => (id === null ? null : outbox.get(id)))) !== null)
      continue;
    const filed = filedAs(outbox, key);
    const kept = filed && (await keptFile(recordsDir, filed.folder, 'wells'));
    if (filed && kept && held !== null && heldIn(kept.toString()) === held) return filed;
  }
  return null;
}
