import type { CellValue } from '../../shared/api/primitives.js';
import type { RowUpdateIntent } from '../../shared/outbox/intents.js';
import { rowLaneOf } from '../../shared/outbox/intent-meta.js';
import { sameLetters } from '../../shared/barcode/letter-case.js';
import type { Outbox, OutboxEntry } from '../outbox/index.js';
import { entryMayHaveArrived } from '../outbox/may-have-arrived.js';
import { UnreadableRowError } from '../outbox/statements.js';

/**
 * Open row changes that stand on the service, or will once sent, whatever the saved rows say: waiting to
 * be sent, in flight, and those that may have arrived (their answer lost, or failed after a try that may
 * have made them). A refused one, or one that never left, never happened; one held for a look waits for
 * the user, and one set aside has a newer change over it: none of those is laid over the rows.
 */
function laidOver(e: OutboxEntry): boolean {
  if (e.state !== 'failed') return true;
  const why = entryMayHaveArrived(e);
  return why === 'gave-up' || why === 'local';
}
const OPEN = ['pending', 'sending', 'uncertain', 'failed'] as const;

/** One row change laid over the saved rows, in the order it was made (its entry id). */
interface Laid {
  entryId: number;
  intent: RowUpdateIntent;
}

/** A done row change and when the service confirmed it. */
interface Sent extends Laid {
  at: number;
}

/**
 * A row change and whether it is laid over the rows: one not laid (done before the saved rows were read,
 * which hold it) still keeps an older change from laying its cells over it.
 */
interface Made extends Laid {
  laid: boolean;
}

/**
 * This computer's row changes laid over a labsheet's saved rows, as plate-left-here.ts and
 * moved-tubes.ts do for plates: the saved rows answer lookups for 30 s (offline for as long as it
 * lasts), and without this a row saved a moment ago opened again with the value from before the save,
 * so taking the change back sent nothing, and offline the change waiting to be sent was not shown.
 * Done changes stand until rows read after them are saved (`readFrom`: when the read behind the saved
 * rows began, since a read under way when a change landed may have listed its row before it).
 */
export function createRowsLeftHere(outbox: Outbox) {
  /** Done changes by service and labsheet, kept from the first look at that labsheet on (seeded then). */
  const sent = new Map<string, Map<number, Sent>>();
  /** Only the service in use sends: its lanes' done changes are the ones kept. */
  const keyOf = (lane: string) => JSON.stringify([outbox.currentService(), lane]);
  const asRowUpdate = (e: OutboxEntry): Laid | null =>
    e.intent.type === 'row-update' ? { entryId: e.id, intent: e.intent } : null;

  const off = outbox.events.on('changed', (changes) => {
    for (const c of changes) {
      // A labsheet not looked at yet is read from the outbox when it is (seeded): nothing to keep now.
      const kept = c.type === 'row-update' && c.state === 'done' ? sent.get(keyOf(c.target)) : undefined;
      const e = kept ? outbox.changedEntry(c.id) : null;
      const laid = e ? asRowUpdate(e) : null;
      if (kept && e && laid) kept.set(e.id, { ...laid, at: e.updatedAt });
    }
  });

  /** The done changes confirmed since `readFrom`, older ones dropped (the saved rows hold them). */
  function sentSince(labsheet: string, readFrom: number): Sent[] {
    const key = keyOf(rowLaneOf(labsheet));
    let kept = sent.get(key);
    if (!kept) {
      kept = new Map();
      for (const e of outbox.entriesOf(rowLaneOf(labsheet), 'done')) {
        const laid = asRowUpdate(e);
        if (laid && e.updatedAt >= readFrom) kept.set(e.id, { ...laid, at: e.updatedAt });
      }
      sent.set(key, kept);
    }
    for (const [id, s] of kept) if (s.at < readFrom) kept.delete(id);
    return [...kept.values()];
  }

  /**
   * The lane's done row changes newer than `afterId`. sentAfter reads only those (a lane keeps its done
   * entries for 30 days, and offline this is asked on every scan); it throws on a row this version cannot
   * read, which then is only left out, as entriesOf does.
   */
  function doneAfter(lane: string, afterId: number): Laid[] {
    let newer: OutboxEntry[];
    try {
      newer = outbox.sentAfter(lane, afterId);
    } catch (err) {
      if (!(err instanceof UnreadableRowError)) throw err;
      newer = outbox.entriesOf(lane, 'done').filter((e) => e.id > afterId);
    }
    return newer.filter((e) => e.state === 'done').flatMap((e) => asRowUpdate(e) ?? []);
  }

  /**
   * The changes to lay over the rows of `labsheet` saved from a read that began at `readFrom`, and the
   * done ones newer than the oldest of them that the rows hold already. An older change retried after a
   * newer one of the same cell went is sent without that cell (sync/superseded.ts), so laid over whole it
   * showed its older value where the service holds the newer one, and the next save took it as its basis.
   */
  function changesOver(labsheet: string, readFrom: number): RowChanges {
    const lane = rowLaneOf(labsheet);
    const open = OPEN.flatMap((s) => outbox.entriesOf(lane, s))
      .filter(laidOver)
      .flatMap((e) => asRowUpdate(e) ?? []);
    const laid = [...sentSince(labsheet, readFrom), ...open];
    if (laid.length === 0) return rowChanges([]);
    const ids = new Set(laid.map((l) => l.entryId));
    // A done one in the window can have been retried after a newer one went, as an open one can.
    const inRows = doneAfter(lane, Math.min(...ids)).filter((d) => !ids.has(d.entryId));
    const made: Made[] = [...laid.map((l) => ({ ...l, laid: true })), ...inRows.map((d) => ({ ...d, laid: false }))];
    return rowChanges(made.sort((a, b) => a.entryId - b.entryId));
  }

  return { changesOver, close: off };
}
export type RowsLeftHere = ReturnType<typeof createRowsLeftHere>;

/** Changes found by the row's value in the column each was queued under, applied in order. */
export interface RowChanges {
  /** The row with the changes to it applied over its cells; the row itself when none is about it. */
  over(row: Record<string, CellValue>, nameColumns: readonly string[]): Record<string, CellValue>;
}

/** `made` oldest first. */
function rowChanges(made: readonly Made[]): RowChanges {
  if (made.length === 0) return { over: (row) => row };
  const intents = made.map((m) => m.intent);
  /** By the column a change names its row by, then by that name in upper case (its place in `intents`). */
  const byName = new Map<string, Map<string, number[]>>();
  intents.forEach((i, k) => {
    const named = byName.get(i.idColumn) ?? new Map<string, number[]>();
    const key = i.id.toUpperCase();
    named.set(key, [...(named.get(key) ?? []), k]);
    byName.set(i.idColumn, named);
  });
  return {
    over(row, nameColumns) {
      const mine: number[] = [];
      for (const [column, named] of byName) {
        const value = row[column];
        if (value === null || value === undefined || value === '') continue;
        const text = String(value);
        for (const k of named.get(text.toUpperCase()) ?? []) if (sameLetters(intents[k]!.id, text)) mine.push(k);
      }
      if (mine.length === 0) return row;
      const out = { ...row };
      // Newest first, whichever of the row's names each was queued under: a cell is the newest change's
      // that sets it, laid over or already in the saved rows; no older one is laid over it.
      const setByNewer = new Set<string>();
      for (const k of mine.sort((a, b) => b - a)) {
        const { intent: i, laid } = made[k]!;
        for (const [column, value] of Object.entries(i.changes)) {
          // A row's name columns are never sent as changes (sync/coalesce.ts coalesceRows).
          if (column === i.idColumn || nameColumns.includes(column) || setByNewer.has(column)) continue;
          setByNewer.add(column);
          if (laid) out[column] = value;
        }
      }
      return out;
    },
  };
}
