import { z } from 'zod';

/** The service answers `success` as a boolean or as the strings "true"/"false"; callers see a boolean. */
export const successFlag = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true');

/** A labsheet cell as the service transports it. */
export const cellValue = z.union([z.string(), z.number(), z.null()]);
export type CellValue = z.infer<typeof cellValue>;

export const NAME_MAX = 30;
export const nameField = z.string().trim().min(1, 'must not be empty').max(NAME_MAX, `at most ${NAME_MAX} characters`);

export const nonEmpty = z.string().min(1, 'must not be empty');

export const COLUMN_TYPES = [
  'TEXT', 'NUMBER', 'DATE', 'DATETIME', 'ID', 'ID_BARCODE', 'SEQUENCE_DATA', 'QUANTITY_LEFT',
  'QUANTITY_CONSUMED', 'CHECKBOX', 'ATTACHED_FILES', 'IMAGE_COL', 'LINK', 'LOOKUP', 'FOREIGN_KEY',
  'LIST', 'FORMULA', 'CONNECTION',
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

export const ARCHIVE_FILTERS = ['archived', 'unarchived', 'any'] as const;
export const archiveFilter = z.enum(ARCHIVE_FILTERS);
export type ArchiveFilter = z.infer<typeof archiveFilter>;

/** Query strings carry numbers as text; callers in code pass numbers. Both parse to a whole number. */
export const queryInt = z.coerce.number().int();
