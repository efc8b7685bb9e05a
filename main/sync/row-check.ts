import type { EntryError, OutboxEntry } from '../outbox/entry.js';
import type { CellValue } from '../../shared/api/primitives.js';
import type { RowUpdateIntent } from '../../shared/outbox/intents.js';
import { PLATE_CHANGED } from '../../shared/ipc/channels/outbox.js';
import { sameLetters } from '../../shared/barcode/letter-case.js';
import { duplicateHeaders } from '../../shared/api/labsheets.js';
import { iterateLabsheetRows } from '../api/paginate.js';
import { classify, countUnanswered, waitedOutAsSilence, type Classified } from './classify.js';
import type { SendContext } from './step-result.js';
import type { Withheld } from './superseded.js';

export type RowCheck =
  /**
   * `held`: per entry, why it waits for a look. `already`: the entries whose every cell holds, on the
   * service now, the value the entry sets (nothing to send). `requests`: the pages read.
   */
  | { kind: 'checked'; held: Map<number, EntryError>; already: Set<number>; requests: number }
  /** No answer (offline), or the token refused: nothing was learnt of the changes, and nothing counts. */
  | { kind: 'unreachable'; failure: Classified; requests: number }
  /**
   * The service answered the read with a failure (a 5xx, a 429, an answer not understood, a listing that
   * kept moving): one failed try of each change it was to check (`checked`), bounded as a send's is.
   */
  | { kind: 'failing'; failure: Classified; checked: readonly OutboxEntry[]; labsheet: string; requests: number };

type RowEntry = OutboxEntry & { intent: RowUpdateIntent };

/** A cell another writer changed since the change was made: what it was based on, theirs now, ours. */
interface Changed {
  column: string;
  basis: CellValue;
  theirs: CellValue;
  ours: CellValue;
}

const isRowUpdate = (e: OutboxEntry): e is RowEntry => e.intent.type === 'row-update';

/** An empty cell reads null, "" or nothing; a number may come back as its text ("5" for 5). */
function sameCell(a: CellValue | undefined, b: CellValue | undefined): boolean {
  const empty = (v: CellValue | undefined) => v === null || v === undefined || v === '';
  if (empty(a) || empty(b)) return empty(a) && empty(b);
  if (String(a) === String(b)) return true;
  const [x, y] = [Number(a), Number(b)];
  return typeof a !== typeof b && Number.isFinite(x) && Number.isFinite(y) && x === y;
}

const said = (v: CellValue) => (v === null || v === '' ? 'empty' : `"${String(v)}"`);

/**
 * Before a labsheet's row changes go out, the rows they change are read again (the plate check's way for
 * plates, plate-check.ts): a cell the service now holds a third value in, neither the value the change
 * was made on (its `basis`) nor one this computer is writing there, was changed elsewhere since. That
 * change is held for a look instead of written over it, unasked (another client set Volume = 5, this
 * screen saved 150 on the 0 it showed, and the 5 was gone without a word). The labsheet is read once for
 * the run, page by page until every row asked about is found (the spec has no row search), so a batch
 * of 200 costs a page or a few, never a read per row. A change without a basis (queued offline for a row
 * never read, or by an older version, or sent anyway, which drops it) is not checked; nor is a cell left
 * out of the request (`withheld`: a newer change of it from here went already, superseded.ts). A read
 * the service refuses (no such labsheet) holds nothing, the update will say what is wrong; one not
 * answered waits, as a send does; one answered with a failure is a failed try of each change it checks
 * (sendRows bounds them as a send's tries are).
 */
export async function checkRows(
  ctx: SendContext,
  run: readonly OutboxEntry[],
  withheld: ReadonlyMap<number, Withheld> = new Map(),
): Promise<RowCheck> {
  const entries = run.filter(isRowUpdate);
  // A change sent anyway has no basis any more (SyncEngine.retry drops it): nothing to check it against.
  const checked = entries.filter((e) => e.intent.basis !== undefined);
  const held = new Map<number, EntryError>();
  const already = new Set<number>();
  if (checked.length === 0) return { kind: 'checked', held, already, requests: 0 };
  const labsheet = checked[0]!.intent.labsheet;
  // Only the rows a change is checked in: one not checked (no basis) may name a tube the labsheet lacks,
  // and looking for it read the whole listing.
  const wanted = new Map<string, { column: string; id: string }>();
  for (const { intent: i } of checked)
    wanted.set(JSON.stringify([i.idColumn, i.id.toUpperCase()]), { column: i.idColumn, id: i.id });
  let listed: { headers: string[]; rows: CellValue[][] };
  let requests = 0;
  try {
    listed = await readRows(ctx, labsheet, [...wanted.values()], () => (requests += 1));
  } catch (err) {
    const failure = countUnanswered(classify(err, ctx.platform.now()), ctx.reachable());
    // A refusal of the read itself (no such labsheet) holds nothing: the update will say what is wrong. Any
    // other failure (a 503, a 429, an answer cut short) waits like a send: sent unchecked, a change went
    // over another bench's value the read would have shown.
    if (failure.action === 'reject' && !waitedOutAsSilence(failure))
      return { kind: 'checked', held, already, requests };
    if (failure.action === 'pause' || !failure.answered) return { kind: 'unreachable', failure, requests };
    // Answered: counted against the changes as a send's failure is. Only waited out, a read the service
    // failed every time held the change for ever, tried again after every backoff.
    if (!failure.network) ctx.onAnswered();
    return { kind: 'failing', failure, checked, labsheet, requests };
  }
  ctx.onAnswered();
  const rowsOf = rowFinder(listed);
  const rowOf = (i: RowUpdateIntent): number | null => {
    const found = rowsOf(i);
    return found.length === 1 ? found[0]! : null;
  };
  // A column listed twice cannot be told from its namesake: its cell is not compared (a false "Needs a
  // look" held the other changes of the entry with it). Row update changes no such column.
  const twice = duplicateHeaders(listed.headers);
  // What may stand in each cell: the value each change of it was made on, and each value this run writes
  // there (a change made on this computer's own earlier one, still to land, is no change from elsewhere).
  // And how many entries of the run change each row: a row changed by more than one is sent as the run
  // folds it, so an entry whose values stand already may still be undone by an earlier one going after it.
  const mayStand = new Map<string, CellValue[]>();
  const changesOfRow = new Map<number, number>();
  const cellKey = (row: number, column: string) => JSON.stringify([row, column]);
  for (const e of entries) {
    const row = rowOf(e.intent);
    if (row === null) continue;
    changesOfRow.set(row, (changesOfRow.get(row) ?? 0) + 1);
    for (const [column, value] of Object.entries(e.intent.changes)) {
      const k = cellKey(row, column);
      const basis = e.intent.basis && column in e.intent.basis ? [e.intent.basis[column] ?? null] : [];
      mayStand.set(k, [...(mayStand.get(k) ?? []), value, ...basis]);
    }
  }
  const at = ctx.platform.now();
  for (const e of checked) {
    const found = rowsOf(e.intent);
    // Its ID names more than one row now (one made elsewhere since): sent, the change went to them all.
    if (found.length > 1) {
      held.set(e.id, rowSharedError(e.intent, found.length, at));
      continue;
    }
    if (found.length === 0) continue;
    const row = found[0]!;
    const cells = listed.rows[row]!;
    const changed: Changed[] = [];
    // Whether every cell the entry sends holds its value already (a resend after a lost answer, or a value
    // set that the row had): nothing to send. Sent, a service that answers "not updated" for a row it did
    // not need to change failed it ("listed as not updated"), though the row held what the bench wanted.
    let holdsAll = true;
    for (const [column, ours] of Object.entries(e.intent.changes)) {
      const c = listed.headers.indexOf(column);
      const basis = e.intent.basis?.[column];
      if (column === e.intent.idColumn) continue;
      if (c < 0 || twice.has(column) || withheld.get(e.id)?.columns.has(column)) {
        holdsAll = false;
        continue;
      }
      const theirs = cells[c] ?? null;
      if (!sameCell(ours, theirs)) holdsAll = false;
      // A column the rows lack is the update's to refuse; a cell without a basis was not read.
      if (basis === undefined) continue;
      if (!(mayStand.get(cellKey(row, column)) ?? []).some((v) => sameCell(v, theirs)))
        changed.push({ column, basis, theirs, ours });
    }
    if (changed.length > 0) held.set(e.id, rowChangedError(e.intent, changed, at));
    else if (
      holdsAll &&
      changesOfRow.get(row) === 1 &&
      Object.keys(e.intent.changes).some((k) => k !== e.intent.idColumn)
    )
      already.add(e.id);
  }
  return { kind: 'checked', held, already, requests };
}

/**
 * The labsheet's rows as listed, page by page until each row `wanted` names is found or the listing
 * ends: bounded by the listing itself (pages of 1000, at most the rows the service can list). A second
 * row of the same name on a page not read is not seen: only rows of the same name listed up to the page
 * the first is on hold the change (rowSharedError).
 */
async function readRows(
  ctx: SendContext,
  labsheet: string,
  wanted: readonly { column: string; id: string }[],
  page: () => void,
): Promise<{ headers: string[]; rows: CellValue[][] }> {
  let headers: string[] = [];
  const rows: CellValue[][] = [];
  let left = new Set(wanted);
  // A labsheet other benches are adding rows to moves under a long read: read again from the start (a few
  // times, paginate.ts), not failed at once.
  const onRestart = () => {
    headers = [];
    rows.length = 0;
    left = new Set(wanted);
  };
  const pages = iterateLabsheetRows(ctx.transport, { labsheet, signal: ctx.signal, allowPartial: true, onRestart });
  for await (const p of pages) {
    page();
    // Each page by its own headers, in the first page's order: a column moved during a long read must not
    // misread the rows listed before it (a false "Needs a look" naming another column's value).
    if (headers.length === 0) headers = [...p.headers];
    for (const h of p.headers) if (!headers.includes(h)) headers.push(h);
    const at = headers.map((h) => p.headers.indexOf(h));
    rows.push(...p.rows.map((r) => at.map((k) => (k < 0 ? null : (r[k] ?? null)))));
    for (const w of left) {
      const c = p.headers.indexOf(w.column);
      if (c >= 0 && p.rows.some((r) => holds(r[c], w.id))) left.delete(w);
    }
    if (left.size === 0) break;
  }
  return { headers, rows };
}

const holds = (cell: CellValue | undefined, id: string): boolean =>
  cell !== null && cell !== undefined && sameLetters(String(cell), id);

/**
 * The listed rows a change names (their indexes), by the value in the column it was queued under: as
 * spelled, else in another ASCII letter case, as the service and the read cache match. More than one:
 * the service would change them all.
 */
function rowFinder(listed: { headers: string[]; rows: CellValue[][] }) {
  // A row listed twice (by its uuid) is one row, not two of the same name.
  const u = listed.headers.indexOf('uuid');
  const once = (found: number[]): number[] => {
    if (u < 0) return found;
    const seen = new Set<string>();
    return found.filter((k) => {
      const uuid = listed.rows[k]![u];
      if (uuid === null || uuid === undefined || uuid === '') return true;
      if (seen.has(String(uuid))) return false;
      seen.add(String(uuid));
      return true;
    });
  };
  return (i: RowUpdateIntent): number[] => {
    const c = listed.headers.indexOf(i.idColumn);
    if (c < 0) return [];
    const exact: number[] = [];
    const anyCase: number[] = [];
    listed.rows.forEach((r, k) => {
      const cell = r[c];
      if (cell === null || cell === undefined) return;
      if (String(cell) === i.id) exact.push(k);
      else if (sameLetters(String(cell), i.id)) anyCase.push(k);
    });
    return once(exact.length > 0 ? exact : anyCase);
  };
}

/**
 * Why a row change waits for a look when its ID names several rows of the labsheet now (a row of that ID
 * made elsewhere since it was queued): the service updates every row an ID names, so sent, it changed
 * them all. Held as a changed value is, to send anyway or discard.
 */
export function rowSharedError(i: RowUpdateIntent, rows: number, at: number): EntryError {
  return {
    kind: PLATE_CHANGED,
    message:
      `Needs a look: ${i.id} now names ${rows} rows of ${i.labsheet} (in ${i.idColumn}), and this change would go ` +
      'to all of them. Give the rows different IDs on the service, then Send anyway; or discard it.',
    at,
  };
}

/**
 * Why a row change waits for a look: each cell changed elsewhere, with the value the change was made on,
 * the service's now and this change's; and what the user can do. Held as a plate is (PLATE_CHANGED:
 * "Needs a look", Send anyway or Discard in the Outbox).
 */
export function rowChangedError(i: RowUpdateIntent, changed: readonly Changed[], at: number): EntryError {
  const cells = changed.map(
    (c) =>
      `${c.column} was ${said(c.basis)} when this change was made and is ${said(c.theirs)} on the service now; ` +
      `this change sets ${said(c.ours)}`,
  );
  return {
    kind: PLATE_CHANGED,
    message:
      `Needs a look: row ${i.id} of ${i.labsheet} was changed on the service since (${cells.join('; ')}). ` +
      'Send anyway to write this change over it, or discard it to keep what the service has.',
    at,
  };
}
