import { z } from 'zod';
import { cellValue, type CellValue } from '../../api/primitives.js';
import { channel } from '../channel.js';
import { intent, plateBasis } from '../../outbox/intents.js';
import { MAY_HAVE_ARRIVED, outboxEntryState, outboxError } from './outbox.js';
import { ID_COLUMNS_FROM } from '../id-columns.js';
import { MAX_COLUMNS, MAX_ROWS } from '../../layout/positions.js';

/** How old a cached answer is and whether it came from the service just now. */
const freshness = {
  fetchedAt: z.number(),
  /** True when the service could not be reached and this is what was saved earlier. */
  fromCache: z.boolean(),
};

export const cachedWell = z.strictObject({
  position: z.string(),
  sample: z.strictObject({ id: z.string(), labsheet: z.string() }).nullable(),
  label: z.string(),
  tags: z.array(z.string()),
});
export type CachedWell = z.infer<typeof cachedWell>;

/** An outbox entry that changes this manifest and has not reached the server (or failed to). */
export const pendingWellChange = z.strictObject({
  entryId: z.number().int(),
  state: outboxEntryState,
  /** When the entry last changed state: for one done, when the service confirmed it. */
  updatedAt: z.number(),
  intent,
  error: outboxError.nullable(),
  /**
   * For a failed entry, why its change may be on the service all the same (main/outbox/may-have-arrived.ts
   * decides, from its attempts and its error), or null when it cannot be: refused, or it never left this
   * computer. Null for any other state.
   */
  mayHaveArrived: z.enum(MAY_HAVE_ARRIVED).nullable(),
  /**
   * For a location assignment: every name its tube goes by as main's saved rows know them (its row's ID,
   * barcode and uuid, and the text queued; main/sync/tube-names.ts). A box's wells name a tube by its
   * sample ID whichever name was scanned, and a move the page drew over an older one of the same tube
   * leaves where the service lists it under any of them (shared/plate-map/moved-tube.ts). Absent
   * when no saved row holds the tube: a well may name it by a sample ID this computer does not know.
   */
  names: z.array(z.string()).optional(),
  /**
   * For a move of a listed tube to another location (a read's `movedAway`): that location's name as the
   * Outbox says it (a plate's or box's hrid, a location's name), so the well it emptied says where the tube
   * went. Absent when this computer does not know it.
   */
  place: z.string().optional(),
});
export type PendingWellChange = z.infer<typeof pendingWellChange>;

/**
 * Where a plate's rows × columns came from. A real service does not send a layout: the template's
 * name usually tells ("96 Well Plate"), else the user says once per template; until then `unknown`
 * (rows × columns are a placeholder and the bench asks before filling).
 */
export const layoutSource = z.enum(['service', 'user', 'template', 'unknown']);
export type LayoutSource = z.infer<typeof layoutSource>;
/** Wells listed by the service (the sandbox's extended answers), or this computer's record of its confirmed writes. */
export const wellsSource = z.enum(['service', 'this-computer']);
export type WellsSource = z.infer<typeof wellsSource>;

export const cachedManifest = z.strictObject({
  name: z.string(),
  template: z.string(),
  uuid: z.string(),
  hrid: z.string(),
  barcode: z.string(),
  rows: z.number().int().positive(),
  columns: z.number().int().positive(),
  layoutFrom: layoutSource,
  wells: z.array(cachedWell),
  wellsFrom: wellsSource,
  /**
   * The reading queued well changes are checked against: the plate as read, or, on a service that lists
   * no wells, the plate as this computer last left it when it no longer reads so (another bench changed
   * it: main/cache/plate-left-here.ts), so the next change is held for a look.
   */
  basis: plateBasis,
  /** The plate on the service as read (lastUpdate, emptySpaces), whatever `basis` is. */
  reading: plateBasis,
  /**
   * Wells the service counts as used whose positions this computer does not know: another bench
   * filled them and the service does not list wells. The fill cursor must not start on its own. Null
   * when the service neither lists wells nor says how many are empty: any well may be used.
   */
  unplacedUsed: z.number().int().nonnegative().nullable(),
  ...freshness,
  /**
   * The outbox entries not yet confirmed, oldest first: the UI draws them over `wells`. Also this
   * computer's location assignments into it that still stand, confirmed or not (Assign location).
   */
  pending: z.array(pendingWellChange),
  /**
   * This computer's moves of tubes `wells` list to other locations, that did or may happen and that the
   * reading predates, oldest first (main/cache/moved-tubes.ts movedAwayFrom): the tube is no longer in
   * the box, though its wells still list it. Assign location takes it out of its box (box-holdings.ts).
   */
  movedAway: z.array(pendingWellChange),
});
export type CachedManifest = z.infer<typeof cachedManifest>;

/**
 * Values looked up in one `cache.rows` call: a rack file of the largest box (26 × 48 reads) is one
 * call, so main reads the labsheet again at most once for it. Only the reads the page's index does not
 * hold are asked, and a value with no row answers null, so a full answer is rare.
 */
export const MAX_ROWS_PER_LOOKUP = MAX_ROWS * MAX_COLUMNS;

/** Rows a shared code names at most (the answer counts them all). */
export const MAX_SHARED_ROWS_NAMED = 5;

/**
 * More than one row holds the value looked up: two rows with the same ID or the same barcode, one row's
 * ID that is another's barcode, or a code whose one row has an ID other rows hold too (a save, a well or a
 * move goes by that ID, and on the service it names them all). No row is answered for it: opened, Save
 * changed every row of the ID; recorded, the tube stood for whichever row was read first.
 */
export const sharedCode = z.strictObject({
  /** The value several rows hold: the code looked up, or the ID of the one row it names. */
  value: z.string(),
  /** How many rows hold it, as ID or as barcode. */
  count: z.number().int().min(2),
  /** The first of them (at most MAX_SHARED_ROWS_NAMED), by their ID and barcode, for the message. */
  rows: z
    .array(z.strictObject({ id: z.string().nullable(), barcode: z.string().nullable() }))
    .max(MAX_SHARED_ROWS_NAMED),
});
export type SharedCode = z.infer<typeof sharedCode>;

/**
 * Which of a row's names a looked-up value is: its ID, its ID_BARCODE, or its row uuid (the service's own
 * id of the row, idType ROW_UUID: some labs print it as the tube's 2D code). Named as the service's idTypes.
 */
export const rowMatchedBy = z.enum(['ID', 'ID_BARCODE', 'ROW_UUID']);
export type RowMatchedBy = z.infer<typeof rowMatchedBy>;

export const cachedRow = z.strictObject({
  found: z.literal(true),
  labsheet: z.string(),
  headers: z.array(z.string()),
  /** Which columns identify a row: known (created here, chosen by the user) or guessed from the names. */
  idColumn: z.string(),
  barcodeColumn: z.string().nullable(),
  idFrom: z.enum(ID_COLUMNS_FROM),
  matchedBy: rowMatchedBy,
  row: z.record(z.string(), cellValue),
  ...freshness,
});
export type CachedRow = z.infer<typeof cachedRow>;

/**
 * No row of the labsheet holds the value (or, `shared`, more than one does), as the rows read at
 * `fetchedAt` say (null: never read on this computer). The time matters: a miss is answered from rows read moments ago rather than reading the
 * whole labsheet again per unknown tube, so a screen says "as read 4 s ago", not "checked now".
 */
/**
 * Set when the service said, just now, that it has no labsheet of that name: no tube can be in it. A
 * screen says so, rather than "not in the labsheet" (Settings still naming the demo's Samples after a
 * switch to a real service read as a tube nobody had).
 */
const labsheetMissing = z.literal(true).optional();

export const rowNotFound = z.strictObject({
  found: z.literal(false),
  labsheet: z.string(),
  fetchedAt: z.number().nullable(),
  /** True when the service could not be reached and the rows saved earlier were searched. */
  fromCache: z.boolean(),
  /**
   * True when the rows searched are only part of the labsheet (too large to list whole, or its listing
   * broke off): the row may be past them. A screen asks rather than records it unasked, and says why.
   */
  partial: z.boolean(),
  /** Set when the value names several rows (sharedCode): no row is answered, and none may be used for it. */
  shared: sharedCode.optional(),
  labsheetMissing,
});
export type RowNotFound = z.infer<typeof rowNotFound>;

/** What a lookup of one value found: its row, or when the rows that lack it were read. */
export const rowAnswer = z.discriminatedUnion('found', [cachedRow, rowNotFound]);
export type RowAnswer = z.infer<typeof rowAnswer>;

/** A labsheet's ID columns as the app uses them now, and the saved column names to choose others from. */
export const labsheetColumns = z.strictObject({
  labsheet: z.string(),
  /** Empty when the labsheet's rows could not be read yet (offline, no saved copy). */
  headers: z.array(z.string()),
  /** Null when neither known nor guessable yet (rows never read). */
  idColumn: z.string().nullable(),
  barcodeColumn: z.string().nullable(),
  idFrom: z.enum(ID_COLUMNS_FROM),
});
export type LabsheetColumns = z.infer<typeof labsheetColumns>;

/**
 * `cache.rows`'s answer: the labsheet's columns once, then per value asked, in order, the cells of the
 * row it names in `headers` order (null: no row holds it, as the rows read at `fetchedAt` say). Each
 * row as a `cache.row` answer repeated the column names twice (its headers and its keys): a full rack
 * of a labsheet hundreds of columns wide was megabytes over the IPC, built and parsed on both sides.
 * `fromCache`: the service could not be reached, and the rows saved earlier were searched; `partial`:
 * they are only part of the labsheet (rowNotFound's).
 */
export const rowsAnswer = labsheetColumns.extend({
  /** `shared`: the value names several rows (sharedCode), and no row is given for it. */
  rows: z.array(
    z
      .union([
        z.strictObject({ matchedBy: rowMatchedBy, cells: z.array(cellValue) }),
        z.strictObject({ shared: sharedCode }),
      ])
      .nullable(),
  ),
  fetchedAt: z.number().nullable(),
  fromCache: z.boolean(),
  partial: z.boolean(),
  labsheetMissing,
});
export type RowsAnswer = z.infer<typeof rowsAnswer>;

/** The `k`th value of a `cache.rows` answer as `cache.row` answers one value. */
export function rowAnswerAt(a: RowsAnswer, k: number): RowAnswer {
  const hit = a.rows[k];
  const { labsheet, headers, idColumn, barcodeColumn, idFrom, fetchedAt, fromCache, partial } = a;
  // A found row comes with the rows it was found in: its labsheet's columns are known, and read.
  if (hit && 'shared' in hit) return { found: false, labsheet, fetchedAt, fromCache, partial, shared: hit.shared };
  if (!hit || idColumn === null || fetchedAt === null) {
    const missing = a.labsheetMissing ? { labsheetMissing: true as const } : {};
    return { found: false, labsheet, fetchedAt, fromCache, partial, ...missing };
  }
  const row: Record<string, CellValue> = {};
  headers.forEach((h, i) => (row[h] = hit.cells[i] ?? null));
  return {
    found: true,
    labsheet,
    headers,
    idColumn,
    barcodeColumn,
    idFrom,
    matchedBy: hit.matchedBy,
    row,
    fetchedAt,
    fromCache,
  };
}

/**
 * A labsheet's tube → sample index for the page: [ID, ID_BARCODE or null] of every row. The page
 * resolves a tube scan with it, so a tube costs one call (the enqueue), not a lookup and an enqueue.
 */
export const sampleIndex = z.strictObject({
  labsheet: z.string(),
  rows: z.array(z.tuple([z.string(), z.string().nullable()])),
  fetchedAt: z.number(),
  /** From here the page asks for a fresh index in the background (main reloads the rows). */
  refreshFrom: z.number(),
  /** After this the index is too old to answer: the page asks main per scan, as before. */
  freshUntil: z.number(),
});
export type SampleIndex = z.infer<typeof sampleIndex>;

export const knownLocation = z.strictObject({
  uuid: z.string(),
  name: z.string(),
  kind: z.enum(['manifest', 'location']),
  hrid: z.string().optional(),
  barcode: z.string().optional(),
  rows: z.number().int().optional(),
  columns: z.number().int().optional(),
});
export type KnownLocation = z.infer<typeof knownLocation>;

/**
 * Plates and boxes `cache.locations` lists at most: every plate ever opened on this computer is saved,
 * so the list grows with the lab's years. The pickers offer the most recently opened; a scanned code
 * is looked up by main among all of them (`code`).
 */
export const MAX_KNOWN_LOCATIONS = 500;

export const cacheChannels = {
  /** Exactly one of barcode, hrid, uuid. Answers null when neither the service nor the cache knows it. */
  'cache.manifest': channel({
    request: z.strictObject({
      barcode: z.string().max(200).optional(),
      hrid: z.string().max(200).optional(),
      uuid: z.string().max(200).optional(),
    }),
    response: cachedManifest.nullable(),
    readOnly: true,
  }),
  /**
   * A row of a labsheet by its ID or ID_BARCODE value, else by its row uuid (any letter case). A value not
   * held is answered from rows read a moment ago when there are such (main/cache/row-reads.ts), else after reading the
   * labsheet again. A value more than one row holds answers no row (rowNotFound's `shared`).
   */
  'cache.row': channel({
    request: z.strictObject({
      labsheet: z.string().min(1).max(200),
      value: z.string().min(1).max(500),
      refresh: z.boolean().optional(),
    }),
    response: rowAnswer,
    readOnly: true,
  }),
  /**
   * `cache.row` for many values at once, answered in their order: the rows are read again at most once
   * for the lot (a rack file of tubes the page does not know), not once per value.
   */
  'cache.rows': channel({
    request: z.strictObject({
      labsheet: z.string().min(1).max(200),
      values: z.array(z.string().min(1).max(500)).min(1).max(MAX_ROWS_PER_LOOKUP),
    }),
    response: rowsAnswer,
    readOnly: true,
  }),
  /**
   * Brings a labsheet's rows into the cache ahead of the first scan (Well fill opening a plate) and
   * answers its tube → sample index. Joins a load under way. Null when the service cannot be reached
   * and no copy is saved, or the labsheet is too large to hand to the page (lookups then go per scan).
   */
  'cache.sampleIndex': channel({
    request: z.strictObject({ labsheet: z.string().min(1).max(200) }),
    response: sampleIndex.nullable(),
    readOnly: true,
  }),
  /**
   * The values this computer's copy of a labsheet's rows holds in a column, most held first: Row update
   * offers them as a batch's Value is typed. Null when none could be read. No call to the service.
   */
  'cache.columnValues': channel({
    request: z.strictObject({ labsheet: z.string().min(1).max(200), column: z.string().min(1).max(200) }),
    response: z
      .array(z.strictObject({ value: z.string(), rows: z.number().int().positive() }))
      .max(50)
      .nullable(),
    readOnly: true,
  }),
  /** Which columns identify a labsheet's rows now; Row update shows them (a change is saved with the settings). */
  'cache.idColumns': channel({
    request: z.strictObject({ labsheet: z.string().min(1).max(200) }),
    response: labsheetColumns,
    readOnly: true,
  }),
  'cache.labsheets': channel({
    request: z.strictObject({}),
    response: z.strictObject({ names: z.array(z.string()), ...freshness }),
    readOnly: true,
  }),
  /**
   * The plates and boxes this computer has opened, by name: the MAX_KNOWN_LOCATIONS most recently
   * opened, or with `code` those whose uuid, name (any case) or barcode it is, among all of them.
   */
  'cache.locations': channel({
    request: z.strictObject({ code: z.string().min(1).max(200).optional() }),
    response: z.array(knownLocation).max(MAX_KNOWN_LOCATIONS),
    readOnly: true,
  }),
  /**
   * The layout of a manifest template whose name does not say it, asked once and remembered. A write
   * (the user's answer, kept across services): not readOnly, so it waits for main however long it takes.
   */
  'cache.setTemplateLayout': channel({
    request: z.strictObject({
      template: z.string().max(200),
      rows: z.number().int().min(1).max(26),
      columns: z.number().int().min(1).max(48),
    }),
    response: z.strictObject({ ok: z.literal(true) }),
  }),
};

export const cacheEvents = {
  /** A labsheet's rows were (re)loaded from the service: a page holding its index asks for the new one. */
  'cache.rowsLoaded': z.strictObject({ labsheet: z.string(), fetchedAt: z.number() }),
};
