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
 * What a well table (record-tables.ts wellTableCsv) says each well holds, row by row, without when each
 * tube was filed here: a change the service has confirmed since is read back without its queue time,
 * and the plate is no other for that. A table that no longer reads says nothing.
 */
function heldIn(table: string): { cells: string; content: string }[] | null {
  try {
    const rows = parse(table, { relaxColumnCount: true }) as string[][];
    const head = rows[0] ?? [];
    const filledAt = head.indexOf('filled at');
    const content = head.indexOf('content');
    return rows.map((r) => ({
      cells: JSON.stringify(r.filter((_, i) => i !== filledAt)),
      content: r[content] ?? '',
    }));
  } catch {
    return null;
  }
}

/** How the plate is read now, beside its well table: what lets a well unknown in one reading match. */
export interface ReadingNow {
  /**
   * This reading saw the plate changed at another bench since this computer's last write: a well it
   * cannot state (unknown) may then hold something else than the record says.
   */
  changedElsewhere: boolean;
  /** The entry ids of the plate's well changes (and moves into it) the outbox still holds. */
  wellChanges: readonly number[];
}

/**
 * Whether a filed table states the wells the table now would. A well `unknown` in one of them is no
 * difference: the same plate read from its saved copy (offline) calls unknown every well this computer
 * did not place, and read online calls them empty, so pressing again after the network dropped (or
 * came back) would file a second record of an unchanged plate. Not so when the reading now saw the
 * plate changed elsewhere (a well unknown now may have changed), nor for a well unknown in the record
 * that now holds a sample or a label (the new record would name what the first could not), nor when a
 * well change was queued here since the filing (the user changed the plate; a whole-well removal
 * turns an unknown well empty).
 */
function sameWells(filed: ReturnType<typeof heldIn>, now: ReturnType<typeof heldIn>, looseUnknown: boolean): boolean {
  if (filed === null || now === null || filed.length !== now.length) return false;
  return filed.every((then, i) => {
    const is = now[i]!;
    if (then.cells === is.cells) return true;
    if (!looseUnknown || i === 0) return false;
    return is.content === 'unknown' || (then.content === 'unknown' && is.content === 'empty');
  });
}

/**
 * A filing of this plate to this page that stands (queued, on its way or sent) or may have (an entry of
 * it unsure whether it arrived: it may be on the service already, and a second one unasked would be a
 * second notebook entry and event once the user settles the first), and whose record states these same
 * wells (its kept well table, `wellTable`, sameWells: a well unknown in one reading is none of `reading`'s
 * difference), newest first; null when there is none. One that
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
  reading: ReadingNow,
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
    const last = Math.max(...ids.map((id) => id ?? 0));
    const looseUnknown = !reading.changedElsewhere && !reading.wellChanges.some((id) => id > last);
    if (filed && kept && sameWells(heldIn(kept.toString()), held, looseUnknown))
      return not === null ? filed : { ...filed, unsure: not.why };
  }
  return null;
}
