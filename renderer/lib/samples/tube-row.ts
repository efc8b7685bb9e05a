import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import { MAX_ROWS_PER_LOOKUP, type RowMatchedBy, type SharedCode } from '../../../shared/ipc/channels/cache.js';
import type { CellValue } from '../../../shared/api/primitives.js';
import { call, messageOf } from '../ipc/client.js';
import { age } from '../format/age.js';
import type { PageSampleIndex, TubeRow } from './sample-index.js';

/**
 * No row of the labsheet names the tube, as the rows read at `readAt` say (null: never read here), and
 * whether those were the rows saved earlier because the service could not be reached. Main answers a
 * miss from rows read a moment ago rather than read the whole labsheet per unknown tube, so a screen
 * says when ("as read 4 s ago"), never "now".
 */
export interface NotInLabsheet {
  row: null;
  readAt: number | null;
  fromCache: boolean;
  /** The rows searched are only part of the labsheet (too large to list whole, or its listing broke off). */
  partial: boolean;
  /** The service said just now that it has no such labsheet (RowNotFound's `labsheetMissing`). */
  labsheetMissing?: boolean;
}

/**
 * The code names more than one row of the labsheet (sharedCode): no row stands for it, and nothing may be
 * recorded for it. Thrown by lookUpTubeAnswer, and a lookUpTubes lookup's `failed`, like a lookup that
 * could not be made: recorded, the tube stood for whichever row was read first.
 */
export class SharedTubeCode extends Error {
  constructor(
    readonly code: string,
    readonly labsheet: string,
    readonly shared: SharedCode,
  ) {
    super(`${sharedSaid(code, labsheet, shared)}: nothing recorded`);
    this.name = 'SharedTubeCode';
  }
}

/**
 * "TB000003 names 2 rows of Samples (S-0003, S-0004)", or for a code whose one row has an ID other rows
 * hold too, "TB000002 is S-0001, which names 2 rows of Samples (S-0001 TB000001, S-0001 TB000002)".
 * A row is named by its ID, with its barcode when another row named has the same ID.
 */
export function sharedSaid(code: string, labsheet: string, shared: SharedCode): string {
  const ids = shared.rows.map((r) => r.id ?? '(no ID)');
  const names = shared.rows.map((r, k) =>
    ids.filter((id) => id === ids[k]).length > 1 && r.barcode ? `${ids[k]} ${r.barcode}` : ids[k],
  );
  const more = shared.count > names.length ? `, and ${shared.count - names.length} more` : '';
  const what = shared.value === code ? code : `${code} is ${shared.value}, which`;
  return `${what} names ${shared.count} rows of ${labsheet} (${names.join(', ')}${more})`;
}

/**
 * Why a scanned tube's lookup failed, after "NOT RECORDED: ": a code several rows hold names them (scanning
 * it again cannot help: the labsheet needs putting right); any other failure is the lookup's, scanned again.
 */
export function lookupFailedSaid(code: string, err: unknown): string {
  if (err instanceof SharedTubeCode) return err.message;
  return `${code} could not be looked up (${messageOf(err)}); scan it again`;
}

/** Main's miss (a `cache.row` or `cache.rows` answer naming no row) as a screen reads it: when, and from what. */
export function missOf(a: {
  fetchedAt: number | null;
  fromCache: boolean;
  partial: boolean;
  labsheetMissing?: true;
}): NotInLabsheet {
  const missing = a.labsheetMissing ? { labsheetMissing: true } : {};
  return { row: null, readAt: a.fetchedAt, fromCache: a.fromCache, partial: a.partial, ...missing };
}

/** A tube's row, or none with when the rows that lack it were read (lookUpTubeAnswer). */
export type TubeAnswer = { row: TubeRow } | NotInLabsheet;

/**
 * Whether the labsheet surely has no row for the tube: the rows it was looked for in were read from the
 * service just now. Not when only a copy saved earlier was searched (the service could not be reached:
 * the row may be newer than the copy) or the rows were never read; a screen then does not call the
 * tube unknown, and its move is not held back for a question.
 */
export function surelyNotInLabsheet(miss: Omit<NotInLabsheet, 'row'>): boolean {
  return missWorthAsking(miss) && !miss.partial;
}

/**
 * Whether a screen asks before it records a tube the labsheet lacks: the rows it was looked for in came
 * from the service just now, the whole labsheet or (`partial`) the part of it the service could list.
 * Offline, or rows never read, it is given the benefit of the doubt. A part read is asked about, not
 * refused: a tube past the rows read is real, and the question (asRead) says why it is unsure.
 */
export function missWorthAsking(miss: Omit<NotInLabsheet, 'row' | 'partial'>): boolean {
  return miss.readAt !== null && !miss.fromCache;
}

/**
 * When the rows a tube was not found in were read, to follow "X is not in Samples": " as read 4 s ago",
 * or the saved copy's age when the service could not be reached, and whether they were only part of it.
 * Empty when never read.
 */
export function asRead(miss: Omit<NotInLabsheet, 'row'>, now: number = Date.now()): string {
  if (miss.readAt === null) return '';
  const ago = age(miss.readAt, now);
  // No row could be there: the words "not in the labsheet" alone sent the user looking for the tube's row.
  if (miss.labsheetMissing)
    return ` as read ${ago} ago: the service has no labsheet of that name, so no tube is in it. Check the labsheet chosen in Settings, under Labsheets`;
  const when = miss.fromCache ? ` as saved ${ago} ago (the service could not be reached)` : ` as read ${ago} ago`;
  return miss.partial ? `${when}, which was only part of it: its row may be past the rows read` : when;
}

/**
 * lookUpTube with, for a tube the labsheet has no row for, when the rows that lack it were read: for a
 * screen that tells the bench the tube is unknown.
 */
export async function lookUpTubeAnswer(
  api: BenchlinkApi,
  index: PageSampleIndex,
  labsheet: string,
  code: string,
): Promise<TubeAnswer> {
  const indexed = index.rowOf(code);
  if (indexed !== undefined) return { row: indexed };
  const answer = await call(api, 'cache.row', { labsheet, value: code });
  if (!answer.found && answer.shared) throw new SharedTubeCode(code, labsheet, answer.shared);
  if (!answer.found) return missOf(answer);
  const { row, idColumn, barcodeColumn, matchedBy } = answer;
  return { row: tubeRowOf(code, row[idColumn], barcodeColumn === null ? null : row[barcodeColumn], matchedBy) };
}

/**
 * The labsheet row a scanned tube ID or ID_BARCODE names, whichever of the two was scanned, or its row
 * uuid: from the page's index (no call to main), else main's lookup, which knows which columns are the
 * ID and the ID_BARCODE, finds a row by its uuid too (and reads the rows again when they are not fresh,
 * or answers from the saved copy offline). Null when the labsheet has no such row as far as this
 * computer knows. Throws when main could not look it up at all, or (SharedTubeCode) when the code names
 * more than one row.
 */
export async function lookUpTube(
  api: BenchlinkApi,
  index: PageSampleIndex,
  labsheet: string,
  code: string,
): Promise<TubeRow | null> {
  return (await lookUpTubeAnswer(api, index, labsheet, code)).row;
}

/**
 * What became of one tube's lookup among many: its row, none (and when the rows that lack it were read,
 * null when never: the page's index cannot say), or why it could not be looked up.
 */
export type TubeLookup = TubeAnswer | { failed: unknown };

/**
 * lookUpTube for many tubes at once (a rack file), with the same answer for each: those the page's
 * index holds cost no call, the others are asked of main together, MAX_ROWS_PER_LOOKUP a call, so main
 * reads the labsheet again once for them, not once per tube, and scans waiting behind them wait less.
 * A call that fails fails the lookup of each of its tubes, with its error.
 */
export async function lookUpTubes(
  api: BenchlinkApi,
  index: PageSampleIndex,
  labsheet: string,
  codes: Iterable<string>,
): Promise<Map<string, TubeLookup>> {
  const found = new Map<string, TubeLookup>();
  const asked = new Set<string>();
  for (const code of codes) {
    if (found.has(code) || asked.has(code)) continue;
    const indexed = index.rowOf(code);
    if (indexed !== undefined) found.set(code, { row: indexed });
    else asked.add(code);
  }
  const ask = [...asked];
  for (let from = 0; from < ask.length; from += MAX_ROWS_PER_LOOKUP) {
    const values = ask.slice(from, from + MAX_ROWS_PER_LOOKUP);
    try {
      const a = await call(api, 'cache.rows', { labsheet, values });
      // Only the two columns a tube is known by are read out of each row's cells.
      const idAt = a.idColumn === null ? -1 : a.headers.indexOf(a.idColumn);
      const barcodeAt = a.barcodeColumn === null ? -1 : a.headers.indexOf(a.barcodeColumn);
      values.forEach((code, k) => {
        const hit = a.rows[k];
        found.set(
          code,
          !hit
            ? missOf(a)
            : 'shared' in hit
              ? { failed: new SharedTubeCode(code, labsheet, hit.shared) }
              : { row: tubeRowOf(code, hit.cells[idAt], hit.cells[barcodeAt], hit.matchedBy) },
        );
      });
    } catch (err) {
      for (const code of values) found.set(code, { failed: err });
    }
  }
  return found;
}

/**
 * A tube's identity from its row's ID and ID_BARCODE cells: a row without an ID is known by the code scanned.
 * `matchedBy` (main's): which of the row's names the code is, so a code found by the row's uuid is told from
 * an ID or barcode that is itself uuid-shaped (assign-location/id-type.ts).
 */
function tubeRowOf(
  code: string,
  id: CellValue | undefined,
  barcode: CellValue | undefined,
  matchedBy?: RowMatchedBy,
): TubeRow {
  return {
    id: id === null || id === undefined || id === '' ? code : String(id),
    barcode: barcode === null || barcode === undefined || barcode === '' ? null : String(barcode),
    ...(matchedBy === 'ROW_UUID' ? { byUuid: true as const } : {}),
  };
}
