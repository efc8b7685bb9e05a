import type { CellValue } from '../../../shared/api/primitives.js';
import type { CachedRow } from '../../../shared/ipc/channels/cache.js';
import type { OutboxEntrySummary } from '../../../shared/ipc/channels/outbox.js';
import { sameLetters } from '../../../shared/barcode/letter-case.js';
import { shownError } from '../../../shared/outbox-words/shown-error.js';
import { queuedSyncOf, type QueuedItem } from '../../lib/outbox/follow-entry-sync.js';
import type { RowState } from './row-state.svelte.js';
import { rowName } from './row-name.js';

/** One Save of a single row, followed until its entry is settled. */
export interface SavedChange extends QueuedItem {
  labsheet: string;
  /** The row's ID, as the user knows it. */
  id: string;
  changes: Record<string, CellValue>;
  /** What each changed cell showed before the save. */
  basis: Record<string, CellValue>;
}

const cell = (v: CellValue | undefined) => (v === null || v === undefined || v === '' ? 'empty' : String(v));
const cellsSaid = (v: SavedChange) =>
  Object.entries(v.changes)
    .map(([c, value]) => `${c} = ${cell(value)}`)
    .join(', ');

export const isSave = (item: QueuedItem): item is SavedChange => 'changes' in item && 'basis' in item;

/**
 * The open row's changes the Outbox still has on their way, which this page follows no save of: made before
 * the page was loaded (a host restart, a reload) or by a batch scan. Main lays them over the row it answers
 * (main/cache/rows-left-here.ts), so without these the row showed a value not on the service yet with no
 * word that it waits. Only what main lays over: waiting, in flight, or unsure whether it arrived.
 */
export function savesOpenFor(
  row: CachedRow,
  entries: readonly OutboxEntrySummary[],
  followed: ReadonlySet<number>,
): SavedChange[] {
  const id = rowName(row)?.value ?? '';
  return entries.flatMap((e): SavedChange[] => {
    const i = e.intent;
    if (i?.type !== 'row-update' || i.labsheet !== row.labsheet || followed.has(e.id)) return [];
    const name = row.row[i.idColumn];
    if (name === null || name === undefined || !sameLetters(i.id, String(name))) return [];
    const sync = queuedSyncOf({ state: e.state, error: e.lastError, mayHaveArrived: e.mayHaveArrived });
    if (sync !== 'pending' && sync !== 'unsure') return [];
    const reason = sync === 'unsure' && e.lastError ? shownError(e.lastError) : null;
    // A change sent anyway has no basis: putBack leaves its cells, and the row is read again instead.
    return [{ entryId: e.id, sync, reason, labsheet: row.labsheet, id, changes: i.changes, basis: i.basis ?? {} }];
  });
}

/**
 * A row save's entry moved (RowState follows them with its batch): a save the service refused, one held
 * for a look, or one taken out in the Outbox is said on the screen, and its row no longer shows its
 * values as the row's (the old code kept showing a refused value, and said nothing). A save done is
 * forgotten; one unsure whether it arrived stays marked until it is decided.
 */
export async function saveSettled(s: RowState, v: SavedChange): Promise<void> {
  const { sync } = v;
  if (sync === null || sync === 'pending') return;
  if (sync === 'unsure') {
    s.feedback.report(
      '',
      `${v.id}'s ${cellsSaid(v)} may not have reached the service (${v.reason?.said ?? 'no answer came'}) — see the Outbox`,
      'unknown',
    );
    return;
  }
  s.saves = s.saves.filter((x) => x.entryId !== v.entryId);
  // Done; or set aside for a newer change to its cells, which the row shows already.
  if (sync === 'synced' || sync === 'superseded') return;
  const wasShown = s.putBack(v);
  const why = v.reason?.said ?? '';
  if (sync === 'cancelled' || sync === 'discarded')
    s.feedback.report('', `Not saved: ${v.id}'s ${cellsSaid(v)} was ${sync} in the Outbox`, 'info');
  else if (sync === 'held')
    s.feedback.report('', why || `${v.id}'s ${cellsSaid(v)} needs a look — see the Outbox`, 'error');
  else
    s.feedback.report(
      '',
      `Not saved: ${v.id}'s ${cellsSaid(v)} was ${sync === 'refused' ? 'refused by the service' : 'not sent'}` +
        `${why ? ` (${why})` : ''} — see the Outbox`,
      'error',
    );
  // Held because the service holds another value now: the row is read again, to show what is there.
  if (sync === 'held' && wasShown) await s.openAgain(v.labsheet, v.id);
}
