import { parse } from 'csv-parse/sync';
import type { PageRef } from '../../shared/ipc/channels/plate-record.js';
import type { Outbox } from '../outbox/index.js';
import { filedAs, filingEntriesOf, filingEvents, filingOfEvent, pageFiledTo, samePage } from './filing-entries.js';
import { keptFile } from './record-folders.js';
import { notFiledOf } from './record-standing.js';

/** A filing that stands: its record folder, when it was filed (ISO, as its event says). */
export interface FiledBefore {
  folder: string;
  at: string;
  /** Set when an entry of it may or may not have reached the service: why, as the Outbox says it. */
  unsure?: string;
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
 * A filing of this plate to this page that stands (queued, on its way or sent) or may have (an entry of
 * it unsure whether it arrived: it may be on the service already, and a second one unasked would be a
 * second notebook entry and event once the user settles the first), and whose record states these same
 * wells (its kept well table, `wellTable`, heldIn), newest first; null when there is none. One that
 * will never be sent as it is, or was surely not sent, does not count: the plate is filed again. Filing
 * the same plate again to the same page (a second window, a press after success) made a second notebook
 * entry and a second event. Only what the outbox still holds, of the service in use (another service's
 * EXP-0001 is another page), and a kept folder that still has its table can tell.
 */
export async function sameRecordFiled(
  outbox: Outbox,
  recordsDir: string,
  plateUuid: string,
  page: PageRef,
  wellTable: string,
): Promise<FiledBefore | null> {
  const events = (['pending', 'sending', 'uncertain', 'done'] as const)
    .flatMap((state) => filingEvents(outbox, state, plateUuid))
    .sort((a, b) => b.id - a.id);
  const held = heldIn(wellTable);
  for (const event of events) {
    const key = filingOfEvent(event.dedupeKey);
    const went = key === null ? null : pageFiledTo(outbox, key);
    if (key === null || went === null || !samePage(went, page)) continue;
    const ids = filingEntriesOf(outbox, key);
    if (ids.some((id) => id === null)) continue;
    const not = notFiledOf(ids.map((id) => (id === null ? null : outbox.get(id))));
    if (not !== null && !not.maybe) continue;
    const filed = filedAs(outbox, key);
    const kept = filed && (await keptFile(recordsDir, filed.folder, 'wells'));
    if (filed && kept && held !== null && heldIn(kept.toString()) === held)
      return not === null ? filed : { ...filed, unsure: not.why };
  }
  return null;
}
