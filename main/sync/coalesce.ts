import type { RequestOf, ResponseOf } from '../../shared/api/endpoints.js';
import type { RemovalField, WellLabel } from '../../shared/api/primitives.js';
import type { CompleteWellAssignment, WellSample } from '../../shared/api/manifests.js';
import { positionKey } from '../../shared/layout/positions.js';
import { foldLetters } from '../../shared/barcode/letter-case.js';
import type { LocationAssignIntent, RowUpdateIntent, WellIntent } from '../../shared/outbox/intents.js';
import { isUuid, type CellValue } from '../../shared/api/primitives.js';
import { ONLY_AS_QUEUED, tubeKey, type TubeNames } from './tube-names.js';

/** One entry's outcome as read from a coalesced response. */
/**
 * `refused`: the service answered for the entry and did not apply it (not "not found").
 * `unsure`: the service answered (2xx) without confirming the entry either way: it may have applied it,
 * so it is neither done nor "never happened".
 */
export type EntryOutcome =
  | { id: number; ok: true; result?: unknown }
  | { id: number; ok: false; message: string; refused?: true; unsure?: true };

export interface Coalesced<Req, Res> {
  request: Req;
  outcomes(response: Res): EntryOutcome[];
  /**
   * The entries behind one element of the request, named as a server's reason names it
   * (`plate.wells[3]`, `assignments[12]`, `rows[0]`); null when the path is not one of ours.
   */
  entriesAt(path: string): number[] | null;
}

/** Finds the first `name[index]` in a server's reason and maps it through `elements`. */
function locate(path: string, names: Record<string, readonly (readonly number[])[]>): number[] | null {
  for (const [name, elements] of Object.entries(names)) {
    const m = new RegExp(`(?:^|[^\\w.])${name.replace(/\./g, '\\.')}\\[(\\d+)\\]`).exec(path);
    if (m) return elements[Number(m[1])]?.slice() ?? null;
  }
  return null;
}

type Tagged<I> = { id: number; intent: I };

/**
 * An id as an answer may echo it: a service that sends an all-digit id as a JSON number drops its
 * leading zeros ("0042" comes back as 42), so digits are compared without them; a uuid is one in any case.
 */
export function echoedId(id: string): string {
  if (isUuid(id)) return id.toLowerCase();
  return /^\d+$/.test(id) ? id.replace(/^0+(?=\d)/, '') : id;
}

/**
 * A JSON number past 2^53 is read as the nearest double: an 18-digit barcode echoed as a number comes
 * back with other last digits. Such an id is matched by its own value read the same way.
 */
function roundedId(id: string): string | undefined {
  if (!/^\d+$/.test(id)) return undefined;
  const n = Number(id);
  return Number.isSafeInteger(n) ? undefined : String(n);
}

/** What an answer said of one element of the request, or that it cannot say which element it meant. */
type Found<T> = T[] | 'ambiguous';

/**
 * An id as NOCASE folds it (foldLetters): the key under which an answer that spells an id in another case
 * than it was sent is found.
 */
function foldedId(id: string): string {
  // String(): an answer element with no ID at all (a row answered without one) is then no match, not a throw
  // that fails the whole batch while the exact match above never looked at it.
  return foldLetters(String(echoedId(id)));
}

interface CaseMaps<T> {
  /** Per folded id, the elements with a name that folds to it. */
  owners: Map<string, Set<number>>;
  /** Per folded id, the answers no name sent matches exactly: each spelling they came under, and what they said. */
  answers: Map<string, { spellings: Set<string>; values: T[] }>;
}

function caseMaps<T>(
  answers: readonly { id: string; value: T }[],
  elements: readonly (readonly string[])[],
): CaseMaps<T> {
  const owners = new Map<string, Set<number>>();
  const sent = new Set<string>();
  elements.forEach((names, i) => {
    for (const n of names) {
      sent.add(echoedId(n));
      const f = foldedId(n);
      owners.set(f, (owners.get(f) ?? new Set()).add(i));
    }
  });
  const other = new Map<string, { spellings: Set<string>; values: T[] }>();
  for (const { id, value } of answers) {
    const key = echoedId(id);
    if (sent.has(key)) continue;
    const f = foldedId(id);
    const o = other.get(f) ?? { spellings: new Set<string>(), values: [] };
    o.spellings.add(key);
    o.values.push(value);
    other.set(f, o);
  }
  return { owners, answers: other };
}

/**
 * Finds what an answer said of an element by every name the element goes by: exactly first, then, for an
 * id past 2^53, by its rounded value. 'ambiguous' when that value is another element's too (sequential
 * 18-digit barcodes round alike): the answer cannot say which one it meant. One element sent and one
 * answered: that answer is the element's, whatever name it carries.
 *
 * Last, in another letter case: a service that echoes `tb1` for `TB1` left every tube of a batch (a whole
 * rack file) "may or may not have moved it" though each was saved. Only when it cannot be another's: no
 * element's name matches that answer exactly, no other element's name is the same but for case, and the
 * answer spells it one way only. Two tubes sent that differ only in case are matched exactly or not at all.
 */
export function answersByName<T>(
  answers: readonly { id: string; value: T }[],
  elements: readonly (readonly string[])[],
): (names: readonly string[]) => Found<T> {
  if (elements.length === 1 && answers.length === 1) {
    const only = [answers[0]!.value];
    return () => only;
  }
  const exact = new Map<string, T[]>();
  const rounded = new Map<string, T[]>();
  for (const { id, value } of answers) {
    const key = echoedId(id);
    exact.set(key, [...(exact.get(key) ?? []), value]);
    const r = roundedId(key);
    if (r !== undefined) rounded.set(r, [...(rounded.get(r) ?? []), value]);
  }
  const owners = new Map<string, Set<number>>();
  elements.forEach((names, i) => {
    for (const r of new Set(names.map((n) => roundedId(echoedId(n))))) {
      if (r !== undefined) owners.set(r, (owners.get(r) ?? new Set()).add(i));
    }
  });
  // Read only when an element is not found otherwise: nearly every answer spells ids as they were sent.
  let byCase: CaseMaps<T> | undefined;
  return (names) => {
    const keys = new Set(names.map(echoedId));
    const hits = [...keys].flatMap((k) => exact.get(k) ?? []);
    if (hits.length > 0) return hits;
    const roundedKeys = new Set([...keys].map(roundedId).filter((r): r is string => r !== undefined));
    const out: T[] = [];
    for (const r of roundedKeys) {
      const said = rounded.get(r);
      if (!said) continue;
      if ((owners.get(r)?.size ?? 0) > 1) return 'ambiguous';
      out.push(...said);
    }
    if (out.length > 0) return out;
    byCase ??= caseMaps(answers, elements);
    for (const f of new Set([...keys].map(foldedId))) {
      const said = byCase.answers.get(f);
      if (said && said.spellings.size === 1 && byCase.owners.get(f)?.size === 1) out.push(...said.values);
    }
    return out;
  };
}

interface WellFold {
  remove: Set<RemovalField>;
  set: boolean;
  sample?: WellSample | null;
  label?: WellLabel;
  tags?: string[];
}

/**
 * All pending well changes of one manifest become one manifest/update. Per position the intents are
 * folded in order, so the last one wins field by field. The server applies removeFromWells before
 * wells, so a removal followed by a set is sent as both (the set lands last, as intended), and a set
 * followed by a removal drops the set and keeps the removal.
 *
 * Every element of `wells` carries all four fields the spec marks required (see
 * CompleteWellAssignment): the bench's intents give the well's whole new state; a field an older
 * entry left out is sent empty (no sample, no label, no tags).
 */
export function coalesceWells(
  manifest: { uuid: string } | { hrid: string },
  entries: readonly Tagged<WellIntent>[],
): Coalesced<RequestOf<'updateManifest'>, ResponseOf<'updateManifest'>> {
  const folds = new Map<string, WellFold>();
  const byPosition = new Map<string, number[]>();
  for (const { id, intent } of entries) {
    const key = positionKey(intent.position);
    byPosition.set(key, [...(byPosition.get(key) ?? []), id]);
    let f = folds.get(key);
    if (!f) folds.set(key, (f = { remove: new Set(), set: false }));
    if (intent.type === 'well-set') {
      f.set = true;
      // A field given a value after its removal is not removed too: the spec gives no order between
      // `wells` and `removeFromWells`, and a service applying the set first would then clear the tube
      // just put there. A field given empty keeps its removal (both clear it, in either order; an empty
      // value alone is not the spec's way to clear).
      if (intent.sample !== undefined) {
        f.sample = intent.sample;
        if (intent.sample !== null) f.remove.delete('SAMPLE');
      }
      if (intent.label !== undefined) {
        f.label = intent.label;
        if (intent.label !== '') f.remove.delete('LABEL');
      }
      if (intent.tags !== undefined) {
        f.tags = intent.tags;
        if (intent.tags.length > 0) f.remove.delete('TAGS');
      }
    } else {
      for (const field of intent.fields) {
        f.remove.add(field);
        if (field === 'SAMPLE') delete f.sample;
        if (field === 'LABEL') delete f.label;
        if (field === 'TAGS') delete f.tags;
      }
      // A removal of everything a set gave leaves nothing to set.
      if (f.sample === undefined && f.label === undefined && f.tags === undefined) f.set = false;
    }
  }
  const wells: CompleteWellAssignment[] = [];
  const removeFromWells: NonNullable<RequestOf<'updateManifest'>['plate']['removeFromWells']> = [];
  for (const [position, f] of folds) {
    if (f.remove.size > 0) removeFromWells.push({ position, fields: [...f.remove] });
    if (f.set) wells.push({ position, sample: f.sample ?? null, tags: f.tags ?? [], label: f.label ?? '' });
  }
  const plate = { ...(wells.length ? { wells } : {}), ...(removeFromWells.length ? { removeFromWells } : {}) };
  return {
    request: { ...manifest, plate },
    // manifest/update answers for the whole plate: success applies to every entry that went in.
    outcomes: () => entries.map(({ id }) => ({ id, ok: true })),
    entriesAt: (path) =>
      locate(path, {
        'plate.wells': wells.map((w) => byPosition.get(w.position) ?? []),
        'plate.removeFromWells': removeFromWells.map((r) => byPosition.get(r.position) ?? []),
      }),
  };
}

/**
 * Pending assignments to one location with one idType become one assign-location. An id assigned
 * twice keeps its last position. Entries whose id the server did not report as assigned fail alone.
 */
export function coalesceAssignments(
  entries: readonly Tagged<LocationAssignIntent>[],
  names: TubeNames = ONLY_AS_QUEUED,
): Coalesced<RequestOf<'assignLocation'>, ResponseOf<'assignLocation'>> {
  const first = entries[0]!.intent;
  const last = new Map<string, string | undefined>();
  for (const { intent } of entries) {
    last.delete(intent.id); // re-insert so the request keeps the order of the final assignments
    last.set(intent.id, intent.position === undefined ? undefined : positionKey(intent.position));
  }
  const assignments = [...last].map(([id, position]) => (position === undefined ? { id } : { id, position }));
  const byRow = (rowId: string) => entries.filter((e) => e.intent.id === rowId).map((e) => e.id);
  // A tube sent as its barcode may be answered under its row's uuid or ID: every name it goes by.
  const namesOf = (id: string) => [id, ...names(first.labsheet, id)];
  return {
    entriesAt: (path) => locate(path, { assignments: assignments.map((a) => byRow(a.id)) }),
    request: { labsheet: first.labsheet, locationId: first.locationId, idType: first.idType, assignments },
    outcomes: (res) => {
      // Per tube, the positions the answer lists for it (undefined: listed with none).
      const find = answersByName(
        res.assignedPositions.map((a) => ({ id: a.id, value: a.position })),
        [...last.keys()].map(namesOf),
      );
      // A 2xx that does not name the tube neither confirms nor refuses it: the service may have moved it.
      // Failed as "not found", the screen showed the tube unmoved while the service had it.
      const unsure = (id: number, tube: string, why: string): EntryOutcome => ({
        id,
        ok: false,
        unsure: true,
        message:
          `The service answered without confirming ${tube} (${why}): it may or may not have moved it. ` +
          'Look at the box on the service before sending it again.',
      });
      return entries.map(({ id, intent }): EntryOutcome => {
        // Every entry of an id is answered by the position the request sent for it (its last one).
        const sent = last.get(intent.id);
        const found = find(namesOf(intent.id));
        if (found === 'ambiguous')
          return unsure(id, intent.id, 'its answer names a number that other tubes sent with it read as too');
        const listed = found.length > 0 ? found : undefined;
        // An assignment with no position (a freezer, a shelf: "the position applies when the location is a
        // manifest") has no position to list in `assignedPositions`; a service that lists only the ones it
        // placed answers it with a 2xx alone, `success` left out or true. Failed, it was retried and
        // failed again for ever. (A `false` is a refusal, caught before the answer is read.)
        if (sent === undefined)
          return listed !== undefined || res.success !== false
            ? { id, ok: true }
            : unsure(id, intent.id, 'it is not in assignedPositions');
        if (listed === undefined) return unsure(id, intent.id, 'it is not in assignedPositions');
        if (listed.some((p) => p !== undefined && positionKey(p) === sent)) return { id, ok: true };
        // Taken as done, the app kept showing the tube where it was asked to go, not where the service put it.
        const said = listed.map((p) => (p === undefined ? 'no position' : `"${p}"`)).join(', ');
        return {
          id,
          ok: false,
          refused: true,
          message:
            `The service answered ${intent.id} with ${said} in assignedPositions, not ${sent} as asked: ` +
            'look at the box on the service before sending it again',
        };
      });
    },
  };
}

/** A row of a run of row changes, its entries' cells folded (foldRows). */
export interface FoldedRow {
  idColumn: string;
  id: string;
  rank: number;
  nameColumns: Set<string>;
  cells: Map<string, CellValue>;
}

/**
 * A run's row changes folded per row (one key per tube, whichever name it was queued under): the name it
 * goes under (the most stable, by rank), its name columns, and its cells in the order they were changed,
 * the later value winning, none of its name columns nor a withheld cell among them. `byKey`: each row's
 * entries in the run's order; `sentAs`: each entry's row. What coalesceRows sends, and what
 * row-change-sets.ts tells rows apart by.
 */
export function foldRows(
  entries: readonly Tagged<RowUpdateIntent>[],
  withheld: ReadonlyMap<number, { columns: ReadonlySet<string> }>,
  names: TubeNames,
): { rows: Map<string, FoldedRow>; byKey: Map<string, number[]>; sentAs: Map<number, FoldedRow> } {
  const rows = new Map<string, FoldedRow>();
  const byKey = new Map<string, number[]>();
  const sentAs = new Map<number, FoldedRow>();
  // First every entry's name, so the row's name is settled before any cell is folded.
  for (const { id, intent } of entries) {
    const key = tubeKey(names, intent.labsheet, intent.id);
    byKey.set(key, [...(byKey.get(key) ?? []), id]);
    const rank = names(intent.labsheet, intent.id).indexOf(intent.id);
    let row = rows.get(key);
    if (!row)
      rows.set(
        key,
        (row = { idColumn: intent.idColumn, id: intent.id, rank, nameColumns: new Set(), cells: new Map() }),
      );
    else if (rank < row.rank) Object.assign(row, { idColumn: intent.idColumn, id: intent.id, rank });
    row.nameColumns.add(intent.idColumn);
    sentAs.set(id, row);
  }
  for (const { id, intent } of entries) {
    const row = sentAs.get(id)!;
    const skip = withheld.get(id)?.columns;
    for (const [column, value] of Object.entries(intent.changes)) {
      // None of the row's name columns is sent as a change: any would start another row.
      if (row.nameColumns.has(column) || skip?.has(column)) continue;
      row.cells.set(column, value);
    }
  }
  return { rows, byKey, sentAs };
}

/**
 * Row updates to one labsheet (rows that set the same cells alike: row-change-sets.ts) become one
 * update-rows-by-id in the spec's own shape: each element of `rows` has a single key, and each row
 * starts with its ID (or ID_BARCODE) element followed by one element per changed column; later
 * changes to the same cell win. A change to the ID column itself is not sent: in this shape it would
 * start another row. Each entry's result is read from the response by its row's ID: an ID with no
 * updated rows fails as "not found" and leaves its neighbours done. `withheld`: per entry, columns not
 * to send (a newer value already went, see superseded.ts) and the note its result carries.
 *
 * `names` makes a row queued under its barcode and under its sample ID one row (tube-names.ts): its
 * cells fold in the order they were changed and go in one element. As two elements the service would
 * apply them element by element, and a change made last under one name could land before an older
 * one under the other. The element goes under the most stable of the names its entries were queued
 * by, in the order the read cache ranks a row's names (its ID first): a barcode changes (on the
 * service, or by relabelling the tube) while the row keeps its ID, and a stale name fails every
 * merged change as "not found". The spec matches rows only by an ID or ID_BARCODE value, so the
 * uuid is never a name to send under. No name it goes under can be changed by the request itself:
 * none of the row's name columns is sent as a change.
 */
export function coalesceRows(
  entries: readonly Tagged<RowUpdateIntent>[],
  withheld: ReadonlyMap<number, { columns: ReadonlySet<string>; note: string }> = new Map(),
  names: TubeNames = ONLY_AS_QUEUED,
): Coalesced<RequestOf<'updateRowsById'>, ResponseOf<'updateRowsById'>> {
  const { rows, byKey, sentAs } = foldRows(entries, withheld, names);
  const elements: Record<string, CellValue>[] = [];
  const elementEntries: number[][] = [];
  for (const [key, row] of rows) {
    const ids = byKey.get(key) ?? [];
    elements.push({ [row.idColumn]: row.id });
    elementEntries.push(ids);
    for (const [column, value] of row.cells) {
      elements.push({ [column]: value });
      elementEntries.push(ids);
    }
  }
  return {
    entriesAt: (path) => locate(path, { rows: elementEntries }),
    request: { labsheet: entries[0]!.intent.labsheet, rows: elements },
    outcomes: (res) => {
      // Per ID, its rows the service updated and those it listed but did not: an ID answered in parts
      // (two elements, one "false") is not all applied, and resending it is harmless.
      // `rows`: the uuids of the rows updated, so a row answered twice is counted once.
      type Tally = { updated: number; not: number; unsure: string[]; rows: Set<string> };
      const tally = (updatedRows: (typeof res)[number]['updatedRows']): Tally => {
        const n: Tally = { updated: 0, not: 0, unsure: [], rows: new Set() };
        for (const u of updatedRows)
          if (u.success === true) {
            n.updated += 1;
            if (u.uuid) n.rows.add(u.uuid);
          } else if (u.success === false) n.not += 1;
          else n.unsure.push(u.success.unconfirmed);
        return n;
      };
      const labsheet = entries[0]!.intent.labsheet;
      const namesOf = (row: { id: string }) => [row.id, ...names(labsheet, row.id)];
      // The spec types the answer's ID as the row's "ID value": a row sent under its barcode comes back
      // under its ID, so a row is looked for under every name it goes by. Looked for under the name sent
      // alone, an update applied was failed as "Not found".
      const find = answersByName(
        res.map((r) => ({ id: r.ID, value: tally(r.updatedRows) })),
        [...rows.values()].map(namesOf),
      );
      const answerOf = (row: { id: string }): Tally | 'ambiguous' | 'unnamed' => {
        const found = find(namesOf(row));
        if (found === 'ambiguous') return found;
        // A row of several the answer does not name while it names others: not "no such row" (a service
        // names those with no rows updated, as the sandbox does) but a service grouping the request's
        // elements otherwise than by ID (the spec does not show how), which may have applied its cells to
        // another row of the request. Each row of a request sets the same cells alike
        // (row-change-sets.ts), so no row got a value not meant for it; whether this one got its own is
        // not known.
        if (found.length === 0 && rows.size > 1 && res.length > 0) return 'unnamed';
        const n: Tally = { updated: 0, not: 0, unsure: [], rows: new Set() };
        for (const m of found) {
          n.updated += m.updated;
          n.not += m.not;
          n.unsure.push(...m.unsure);
          for (const r of m.rows) n.rows.add(r);
        }
        return n;
      };
      return entries.map(({ id, intent }) => {
        const as = sentAs.get(id) ?? intent;
        const n = answerOf(as);
        const which = `${as.idColumn} = ${as.id}`;
        if (n === 'unnamed')
          return {
            id,
            ok: false,
            unsure: true,
            message:
              `The service's answer to ${rows.size} rows of ${intent.labsheet} sent together did not name the row with ` +
              `${which}, though it named others: it may read one request as one row, so this change may not be on the ` +
              'service. Look at the row there, or send it again (a change of a row is safe to send again).',
          };
        if (n === 'ambiguous')
          return {
            id,
            ok: false,
            unsure: true,
            message:
              `The service answered the row of ${intent.labsheet} with ${which} under a number that other rows ` +
              'sent with it read as too, so it does not say which were updated: the change may or may not be on ' +
              'the service. Look at the row there, or send it again.',
          };
        if (n.not > 0)
          return {
            id,
            ok: false,
            refused: true,
            message:
              n.updated > 0
                ? `The service updated ${n.updated} of the ${n.updated + n.not} rows of ${intent.labsheet} with ${which}, not the others`
                : `The service listed the row of ${intent.labsheet} with ${which} as not updated`,
          };
        // A word that says neither updated nor not: the change may be on the service or not. A row
        // update is safe to send again, so the entry fails with the service's word and offers it.
        if (n.unsure.length > 0)
          return {
            id,
            ok: false,
            unsure: true,
            message:
              `The service answered the row of ${intent.labsheet} with ${which} with ` +
              `${[...new Set(n.unsure)].map((w) => `"${w}"`).join(', ')}, which does not say it was updated: ` +
              'the change may or may not be on the service. Look at the row there, or send it again.',
          };
        if (n.updated === 0)
          return {
            id,
            ok: false,
            message: `Not found: no row of ${intent.labsheet} has ${which}`,
          };
        // Applied, to more than one row: an ID another row took after the check before the send (row-check.ts
        // holds what it sees). Done, as the service did it, and said, so the rows can be put right.
        const several =
          n.rows.size > 1
            ? `The service changed ${n.rows.size} rows of ${intent.labsheet} with ${which}, not one: look at them there.`
            : undefined;
        const notes = [withheld.get(id)?.note, several].filter((x): x is string => x !== undefined);
        return notes.length === 0 ? { id, ok: true } : { id, ok: true, result: { note: notes.join(' ') } };
      });
    },
  };
}

/** How many distinct rows one update-rows-by-id may carry; longer queues are split. */
export const ROW_BATCH_LIMIT = 500;
/** How many distinct tubes one assign-location may carry (a rack is 96-384; this leaves room). */
export const ASSIGNMENT_BATCH_LIMIT = 1000;
/** Entries considered per coalesced request: bounds memory and request size with huge queues. */
export const ENTRY_BATCH_LIMIT = 5000;

/** Takes entries from the head while the number of distinct keys stays within the limit. */
export function takeDistinct<T>(entries: readonly T[], keyOf: (e: T) => string, limit: number): T[] {
  const keys = new Set<string>();
  const out: T[] = [];
  for (const e of entries) {
    const key = keyOf(e);
    if (!keys.has(key) && keys.size >= limit) break;
    keys.add(key);
    out.push(e);
  }
  return out;
}

export function takeRowBatch<T extends Tagged<RowUpdateIntent>>(
  entries: readonly T[],
  limit = ROW_BATCH_LIMIT,
  names: TubeNames = ONLY_AS_QUEUED,
): T[] {
  return takeDistinct(entries, (e) => tubeKey(names, e.intent.labsheet, e.intent.id), limit);
}

export function takeAssignmentBatch<T extends Tagged<LocationAssignIntent>>(
  entries: readonly T[],
  limit = ASSIGNMENT_BATCH_LIMIT,
): T[] {
  return takeDistinct(entries, (e) => e.intent.id, limit);
}
