import { z } from 'zod';
import {
  answerBoolean,
  answerCell,
  answerNumber,
  answerOptionalText,
  answerSuccess,
  answerText,
  archiveFilter,
  cellValue,
  columnType,
  idType,
  isMagicColumnType,
  nameField,
  nonEmpty,
  requireOneOf,
} from './primitives.js';

// ---- resources -------------------------------------------------------------------------------

/** Additional properties on labsheet and column objects are accepted (spec), so these are loose. */
export const labsheetColumn = z
  .looseObject({
    name: z.string().optional(),
    type: columnType,
    position: z.string().optional(),
    formula: z.string().optional(),
    references: z.array(z.string()).optional(),
    labsheet: z.string().optional(),
    linkColumn: z.string().optional(),
    lookupColumnName: z.string().optional(),
    prefix: z.string().optional(),
    numberOfNumPlaces: z.number().optional(),
  })
  .superRefine((col, ctx) => {
    // Magic columns get fixed names, so their name is not checked; every other column needs one.
    if (!isMagicColumnType(col.type) && (col.name === undefined || col.name.trim() === '')) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'must not be empty' });
    }
    // The 30-character limit applies to names that are used; a magic column's name is ignored (spec).
    if (!isMagicColumnType(col.type) && col.name !== undefined && col.name.length > 30) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'at most 30 characters' });
    }
    if (col.type === 'LIST' && (!col.references || col.references.length === 0)) {
      ctx.addIssue({ code: 'custom', path: ['references'], message: 'LIST columns need references' });
    }
  });
export type LabsheetColumn = z.infer<typeof labsheetColumn>;

/**
 * Column names a row listing gives more than once. A cell is addressed by its column's name (a row
 * update, a change's basis), so such a column cannot be told apart from its namesake: shown, never
 * changed, and never compared.
 */
export function duplicateHeaders(headers: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const h of headers) (seen.has(h) ? twice : seen).add(h);
  return twice;
}

export const rowList = z.object({
  headers: z.array(answerText),
  rows: z.array(z.array(answerCell)),
  total: answerNumber,
  success: answerSuccess,
});
export type RowList = z.infer<typeof rowList>;

/**
 * The template a conversion answers. The app shows these fields and acts on none but `uuid`, so
 * every other one is read tolerantly: a numeric `index`, `folder: null` or a missing flag is fine.
 */
export const labsheetTemplate = z.object({
  uuid: answerText,
  Id: answerOptionalText,
  name: answerOptionalText,
  index: answerOptionalText,
  type: answerOptionalText,
  createdBy: answerOptionalText,
  creationDate: answerOptionalText,
  defaultAddRows: answerNumber.optional(),
  editable: answerBoolean,
  isPrivate: answerBoolean,
  alerts: answerBoolean,
  iconIndex: answerNumber.optional(),
  folder: answerOptionalText,
  success: answerSuccess,
});
export type LabsheetTemplate = z.infer<typeof labsheetTemplate>;

// ---- requests and responses ------------------------------------------------------------------

export const createLabsheetRequest = z
  .looseObject({
    name: nameField,
    columns: z.array(labsheetColumn).min(1, 'at least one column'),
    folder: z.string().optional(),
    waitRefresh: z.boolean().optional(),
  })
  .superRefine((req, ctx) => {
    const idColumns = req.columns.filter((c) => c.type === 'ID').length;
    if (idColumns !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['columns'],
        message: `exactly one column of type ID is required (found ${idColumns})`,
      });
    }
    const seen = new Set<string>();
    req.columns.forEach((c, i) => {
      if (isMagicColumnType(c.type) || c.name === undefined) return;
      const key = c.name.trim();
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['columns', i, 'name'], message: `duplicate column name "${key}"` });
      seen.add(key);
    });
  });
export type CreateLabsheetRequest = z.infer<typeof createLabsheetRequest>;

export const createLabsheetResponse = z.object({
  name: answerOptionalText,
  uuid: answerText,
  path: answerOptionalText,
  success: answerSuccess,
});

export const fetchLabsheetListQuery = z.strictObject({});
export const fetchLabsheetListResponse = z.object({
  items: z.array(z.looseObject({ name: answerText })),
  total: answerNumber.optional(),
  success: answerSuccess,
});

/**
 * The labsheet list names every labsheet: its `total`, when it sends one, is no more than it lists. The spec
 * shows no query for the list, so one that answers a first page cannot be asked for the rest.
 */
export const listsEveryLabsheet = (list: { items: readonly unknown[]; total?: number | undefined }): boolean =>
  list.total === undefined || list.total <= list.items.length;

export const ROW_PAGE_SIZE_DEFAULT = 5;
export const ROW_PAGE_SIZE_MAX = 1000;
export const ROW_PAGE_PRODUCT_LIMIT = 50000;

/**
 * Pagination rules of row listing. They answer 400 with a plain string rather than the error table,
 * so they are checked by this function (shared by the client and the sandbox), not by the schema.
 */
export function rowPaginationViolation(page: number, pageSize: number): string | null {
  if (!Number.isInteger(pageSize) || pageSize < 1) return 'pageSize must be a whole number of at least 1';
  if (pageSize > ROW_PAGE_SIZE_MAX) return `pageSize must be at most ${ROW_PAGE_SIZE_MAX}`;
  if (!Number.isInteger(page) || page < 1)
    return 'page must be a whole number of at least 1 (pages are indexed from 1)';
  if (page * pageSize >= ROW_PAGE_PRODUCT_LIMIT)
    return `page multiplied by pageSize must be less than ${ROW_PAGE_PRODUCT_LIMIT}`;
  return null;
}

export const fetchRowsQuery = z.strictObject({
  labsheet: nonEmpty,
  // Numbers stay loose here: rowPaginationViolation() owns their rules and their plain-string 400.
  pageSize: z.coerce.number().optional(),
  page: z.coerce.number().optional(),
  /** The spec leaves the filter's parameter name unshown; DESIGN.md fixes it as `archived`. */
  archived: archiveFilter.optional(),
});
export type FetchRowsQuery = z.infer<typeof fetchRowsQuery>;
export const fetchRowsResponse = rowList;

/**
 * An element of update-rows-by-id: a flat row object (one per row, its ID column included), the
 * single-key form (an ID-keyed element starts a new row), or a bare string (an ID with no changes).
 */
export const rowUpdateElement = z.union([z.string(), z.record(z.string(), cellValue)]);
export type RowUpdateElement = z.infer<typeof rowUpdateElement>;
export const updateRowsByIdRequest = z.strictObject({
  labsheet: nonEmpty,
  rows: z.array(rowUpdateElement).min(1, 'at least one row'),
});
export type UpdateRowsByIdRequest = z.infer<typeof updateRowsByIdRequest>;
/** Words of a row's `success` that clearly say the row was updated, and that it was not. */
const ROW_UPDATED = /^(true|ok|success|updated|1|yes)$/i;
const ROW_NOT_UPDATED = /^(false|fail(ed|ure)?|error|no|0)$/i;
/** A row's `success` as read: updated, not updated, or a word that says neither (kept to show). */
export type RowSuccess = boolean | { unconfirmed: string };
/**
 * The spec types a row's `success` as a string with its values not shown. Only a clear yes is an
 * update and a clear no a refusal; any other word ("NOT_UPDATED", "SKIPPED", "Validation error") does
 * not confirm the change, which taken as done was lost without a word.
 */
const rowUpdated = z.union([z.boolean(), z.string(), z.number()]).transform((v): RowSuccess => {
  if (typeof v === 'boolean') return v;
  const word = String(v).trim();
  if (ROW_UPDATED.test(word)) return true;
  if (ROW_NOT_UPDATED.test(word)) return false;
  return { unconfirmed: word };
});
/**
 * A row result with no `success` (left out, or null) is an update: the service lists the row among the
 * rows it updated and says nothing against it. DESIGN takes a 2xx to a write as a success even when its
 * body is not understood, and lets a service leave out a field; assign-location takes a 2xx without
 * `success` so too (coalesce.ts). Taken as "false", a change the service had applied was shown refused,
 * and the bench told to make it again. A word is an answer: one saying neither yes nor no stays unsure.
 */
const rowResult = z.object({
  uuid: answerOptionalText,
  success: rowUpdated.nullish().transform((v): RowSuccess => v ?? true),
});
/**
 * Read element by element: one the service wrote otherwise (no `updatedRows`, a row result that is not
 * one) says nothing updated for it, and costs the others nothing. Read as a whole, one odd element made
 * the answer unreadable, so every row of the batch was taken as updated, the ones not found too. A row
 * result that is no object at all says nothing of its row, and is not taken as an update.
 */
export const updateRowsByIdResponse = z
  .array(
    z
      .object({
        ID: answerText,
        updatedRows: z
          .array(rowResult.catch({ uuid: undefined, success: false as RowSuccess }))
          .nullish()
          .transform((r) => r ?? []),
      })
      .nullable()
      .catch(null),
  )
  .transform((elements) => elements.filter((e) => e !== null));
export type UpdateRowsByIdResponse = z.infer<typeof updateRowsByIdResponse>;

export const addSequenceToRowRequest = z
  .strictObject({
    labsheet: nonEmpty,
    id: nonEmpty,
    sequenceName: z.string().optional(),
    sequenceUuid: z.string().optional(),
    sequenceColumn: nonEmpty,
    createClone: z.boolean().optional(),
  })
  .refine(...requireOneOf(['sequenceName', 'sequenceUuid'], 'sequenceName'));
export type AddSequenceToRowRequest = z.infer<typeof addSequenceToRowRequest>;
export const successOnlyResponse = z.object({ success: answerSuccess });

/** `templateName (string)`: the spec's 30-character limit is for labsheet and column names, not a template's. */
export const labsheetToTemplateRequest = z.strictObject({
  labsheet: nonEmpty,
  templateName: z.string().trim().min(1, 'must not be empty'),
});
export const labsheetToTemplateResponse = labsheetTemplate;

export const deleteColumnRequest = z.strictObject({ labsheet: nonEmpty, columnName: nonEmpty });
export const deleteColumnResponse = z.object({
  success: answerSuccess,
  name: answerOptionalText,
  uuid: answerOptionalText,
});

export const assignLocationRequest = z.strictObject({
  labsheet: nonEmpty,
  locationId: nonEmpty,
  idType,
  assignments: z
    .array(z.strictObject({ id: nonEmpty, position: z.string().optional() }))
    .min(1, 'at least one assignment'),
});
export type AssignLocationRequest = z.infer<typeof assignLocationRequest>;
export const assignLocationResponse = z.object({
  success: answerSuccess,
  assignedPositions: z.array(z.object({ id: answerText, position: answerOptionalText })),
});
export type AssignLocationResponse = z.infer<typeof assignLocationResponse>;
