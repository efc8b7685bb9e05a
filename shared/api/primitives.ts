import { z } from 'zod';

/** A labsheet cell as the service transports it. */
export const cellValue = z.union([z.string(), z.number(), z.null()]);
export type CellValue = z.infer<typeof cellValue>;

export const NAME_MAX = 30;
export const nameField = z.string().trim().min(1, 'must not be empty').max(NAME_MAX, `at most ${NAME_MAX} characters`);

export const nonEmpty = z.string().min(1, 'must not be empty');

/**
 * The spec's "X or Y, at least one required" as the arguments of `.refine`: the check (an empty
 * string names nothing) and the message every such request says it with, pointing at `at` when given.
 */
export function requireOneOf<K extends string>(keys: readonly [K, K, ...K[]], at?: K) {
  const names = `${keys.slice(0, -1).join(', ')} or ${keys[keys.length - 1]}`;
  const check = (r: Partial<Record<K, unknown>>): boolean => keys.some((k) => Boolean(r[k]));
  return [check, { message: `one of ${names} is required`, ...(at === undefined ? {} : { path: [at] }) }] as const;
}

export const COLUMN_TYPES = [
  'TEXT',
  'NUMBER',
  'DATE',
  'DATETIME',
  'ID',
  'ID_BARCODE',
  'SEQUENCE_DATA',
  'QUANTITY_LEFT',
  'QUANTITY_CONSUMED',
  'CHECKBOX',
  'ATTACHED_FILES',
  'IMAGE_COL',
  'LINK',
  'LOOKUP',
  'FOREIGN_KEY',
  'LIST',
  'FORMULA',
  'CONNECTION',
] as const;
/** Magic column types have fixed names: whatever name a caller sends is replaced by these. */
export const MAGIC_COLUMN_NAMES = {
  LABSPACES: 'Labspaces',
  LAST_MODIFIED: 'Last Modified',
  EXISTING_MANIFEST: 'Existing Manifest',
  PROTOCOLS: 'Protocols',
  EXPERIMENTS: 'Experiments',
} as const;
export type MagicColumnType = keyof typeof MAGIC_COLUMN_NAMES;
export const MAGIC_COLUMN_TYPES = Object.keys(MAGIC_COLUMN_NAMES) as MagicColumnType[];
export const columnType = z.enum([...COLUMN_TYPES, ...(MAGIC_COLUMN_TYPES as [MagicColumnType, ...MagicColumnType[]])]);
export type ColumnType = z.infer<typeof columnType>;
export const isMagicColumnType = (t: string): t is MagicColumnType => t in MAGIC_COLUMN_NAMES;

export const WELL_LABELS = ['SAMPLE', 'POS_CONTROL', 'NEG_CONTROL', 'BLANK', 'STANDARD'] as const;
/** Empty string means "no label". */
export const wellLabel = z.enum([...WELL_LABELS, '']);
export type WellLabel = z.infer<typeof wellLabel>;

export const REMOVAL_FIELDS = ['SAMPLE', 'LABEL', 'TAGS'] as const;
export const removalField = z.enum(REMOVAL_FIELDS);
export type RemovalField = z.infer<typeof removalField>;

export const ID_TYPES = ['ID', 'ID_BARCODE', 'ROW_UUID', 'SERVICE_BARCODE'] as const;
export const idType = z.enum(ID_TYPES);
export type IdType = z.infer<typeof idType>;

/**
 * The service's uuids (rows, manifests, locations, labsheets) as text: 8-4-4-4-12 hex digits in
 * either case. The spec calls them "randomly generated" and promises no version or variant, so
 * unlike `z.uuid()` (RFC 9562: version nibble 1-8, variant 8-b) any hex digits are accepted there.
 */
const UUID_SHAPE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const WHOLE_UUID = new RegExp(`^${UUID_SHAPE}$`, 'i');
const UUID_IN_TEXT = new RegExp(UUID_SHAPE, 'i');

/** Whether a value is a service uuid as a whole (a scan, a cell, a typed identifier). */
export const isUuid = (value: string): boolean => WHOLE_UUID.test(value);

/** The first service uuid within a longer text (a pasted line), if any. */
export const findUuid = (text: string): string | undefined => UUID_IN_TEXT.exec(text)?.[0];

export const ARCHIVE_FILTERS = ['archived', 'unarchived', 'any'] as const;
export const archiveFilter = z.enum(ARCHIVE_FILTERS);
export type ArchiveFilter = z.infer<typeof archiveFilter>;

/** Query strings carry numbers as text; callers in code pass numbers. Both parse to a whole number. */
export const queryInt = z.coerce.number().int();

// ---- tolerant readers for answers --------------------------------------------------------------
// DESIGN: be liberal in what you accept. Requests keep the strict shapes above; these read what a
// real service may send within the spec's wording (numeric strings, numbers for ids, null for an
// optional string, missing optional fields). Only response schemas use them.

const NUMERIC_TEXT = /^-?\d+(\.\d+)?$/;

/** A number the spec types as number; a service may send it as numeric text ("12"). */
export const answerNumber = z.union([z.number(), z.string().trim().regex(NUMERIC_TEXT)]).transform(Number);

/** Text the spec types as string; a service may send an id as a number. */
export const answerText = z.union([z.string(), z.number()]).transform(String);

/** Optional text: absent, null, a string or a number; null and absent both read as absent. */
export const answerOptionalText = z
  .union([z.string(), z.number(), z.null()])
  .transform((v) => (v === null ? undefined : String(v)))
  .optional();

/** `success` as an answer may carry it, or leave it out; a refusal (`false`) is caught before schemas run. */
/** A boolean the spec names; services also send "true"/"false" or 1/0. Absent reads as absent. */
export const answerBoolean = z
  .union([
    z.boolean(),
    z.enum(['true', 'false', 'TRUE', 'FALSE', 'True', 'False']),
    z.literal(0),
    z.literal(1),
    z.null(),
  ])
  .transform((v) => (v === null ? undefined : v === true || v === 1 || String(v).toLowerCase() === 'true'))
  .optional();

/**
 * `success` as a service answers it: the spec's boolean, or "true"/"FALSE"/1/0 as answerBoolean reads
 * them (only true/"true"/false/"false" were read, so a refusal written "FALSE" or 0 was an unreadable
 * answer to a write, taken as accepted). Callers see a boolean, or undefined when absent or null.
 */
export const answerSuccess = answerBoolean.optional();

function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v === 'object' && typeof (v as { name?: unknown }).name === 'string') return (v as { name: string }).name;
  return JSON.stringify(v);
}

/**
 * A labsheet cell as a service may send it. The spec names null, string and number; CHECKBOX cells
 * arrive as booleans and ATTACHED_FILES as arrays on real services. The app edits cells as text, so
 * a boolean reads as "true"/"false" (what update-rows-by-id accepts back) and a list as its items
 * joined by ", " (attached files are shown, never edited here).
 */
export const answerCell = z.unknown().transform((v): CellValue => {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number') return v;
  if (Array.isArray(v)) return v.map(cellText).join(', ');
  return cellText(v);
});
