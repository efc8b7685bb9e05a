import type { z } from 'zod';
import { createLabsheetRequest, type CreateLabsheetRequest } from '../../../../shared/api/labsheets.js';
import { isMagicColumnType, MAGIC_COLUMN_NAMES, type ColumnType } from '../../../../shared/api/primitives.js';

/** One row of the column editor, as typed (strings everywhere; empty means "not given"). */
export interface ColumnDraft {
  /** Stable key for the editor's list; never sent. */
  key: number;
  name: string;
  type: ColumnType;
  /** LIST values, comma separated. */
  references: string;
  formula: string;
  labsheet: string;
  linkColumn: string;
  lookupColumnName: string;
}

export interface LabsheetDraft {
  name: string;
  folder: string;
  columns: ColumnDraft[];
}

/** Where an issue belongs: `name`, `folder`, `columns` (the whole list) or `columns.<i>.<field>`. */
export interface DraftIssue {
  at: string;
  message: string;
}

export type DraftCheck = { ok: true; request: CreateLabsheetRequest } | { ok: false; issues: DraftIssue[] };

/** Reference-type columns point at another labsheet (spec: "for reference-type columns"). */
export const REFERENCE_TYPES: ReadonlySet<ColumnType> = new Set(['LINK', 'LOOKUP', 'FOREIGN_KEY', 'CONNECTION']);

/** Which extra fields the editor shows for a type, so a user is only asked what applies. */
export function fieldsFor(
  type: ColumnType,
): Array<'references' | 'formula' | 'labsheet' | 'linkColumn' | 'lookupColumnName'> {
  if (type === 'LIST') return ['references'];
  if (type === 'FORMULA') return ['formula'];
  if (type === 'LOOKUP') return ['labsheet', 'linkColumn', 'lookupColumnName'];
  if (REFERENCE_TYPES.has(type)) return ['labsheet', 'linkColumn'];
  return [];
}

/** The name a column will really have: magic columns get their fixed name whatever is typed. */
export const effectiveName = (c: Pick<ColumnDraft, 'name' | 'type'>): string =>
  isMagicColumnType(c.type) ? MAGIC_COLUMN_NAMES[c.type] : c.name.trim();

export const splitReferences = (text: string): string[] =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

/** The request exactly as it will be sent: only the fields that apply to each column's type. */
export function draftToRequest(d: LabsheetDraft): z.input<typeof createLabsheetRequest> {
  const columns = d.columns.map((c) => {
    const col: Record<string, unknown> & { type: ColumnType } = { type: c.type };
    // Magic columns have fixed names; sending none avoids implying the typed one is used.
    if (!isMagicColumnType(c.type)) col['name'] = c.name.trim();
    for (const field of fieldsFor(c.type)) {
      if (field === 'references') col['references'] = splitReferences(c.references);
      else if (c[field].trim() !== '') col[field] = c[field].trim();
    }
    return col;
  });
  return { name: d.name.trim(), columns, ...(d.folder.trim() ? { folder: d.folder.trim() } : {}), waitRefresh: true };
}

/**
 * The spec's create rules, checked before anything is queued: the shared zod schema (the same one
 * the client and the sandbox use) plus what it cannot see — a name already taken by a labsheet in
 * `existing` (the list loaded from the service: names are unique, and a create queued offline would be
 * refused after the technician left), a regular column that takes a magic column's fixed name, a magic
 * column twice, names that differ only in case, a column named `uuid` (the row listing's first header
 * is the row uuid), more than one ID_BARCODE column.
 */
export function checkDraft(d: LabsheetDraft, existing: readonly string[] = []): DraftCheck {
  const request = draftToRequest(d);
  const issues: DraftIssue[] = [];
  const parsed = createLabsheetRequest.safeParse(request);
  if (!parsed.success) {
    for (const i of parsed.error.issues)
      issues.push({ at: i.path.map(String).join('.') || 'name', message: i.message });
  }
  const taken = nameTaken(d.name.trim(), existing);
  if (taken) issues.push({ at: 'name', message: taken });
  const seen = new Map<string, number>();
  d.columns.forEach((c, i) => {
    const name = effectiveName(c);
    if (name === '') return;
    const key = name.toLowerCase();
    if (key === RESERVED_COLUMN) {
      issues.push({
        at: `columns.${i}.name`,
        message: `"${name}" is reserved: the service lists each row's uuid under that name. Choose another name`,
      });
      return;
    }
    const prev = seen.get(key);
    if (prev !== undefined) {
      const already = issues.some((x) => x.at === `columns.${i}.name`);
      const what = isMagicColumnType(c.type) ? `${c.type} has the fixed name "${name}", which` : `"${name}"`;
      if (!already)
        issues.push({
          at: `columns.${i}.name`,
          message: `${what} is already used by column ${prev + 1} (names are compared ignoring case)`,
        });
    } else seen.set(key, i);
  });
  const barcodes = d.columns.filter((c) => c.type === 'ID_BARCODE').length;
  if (barcodes > 1)
    issues.push({
      at: 'columns',
      message: `at most one column of type ID_BARCODE is allowed (found ${barcodes}): keep one, or give the others another type`,
    });
  if (issues.length > 0 || !parsed.success) return { ok: false, issues };
  return { ok: true, request: parsed.data };
}

/** The header row listings give the row uuid under: no column may take it. */
const RESERVED_COLUMN = 'uuid';

/**
 * Why `name` cannot be a new labsheet's, when a loaded labsheet has it: spelled the same, or the same
 * but for letter case (which reads as the same labsheet at the bench, and a service may treat as one).
 */
function nameTaken(name: string, existing: readonly string[]): string | null {
  if (name === '') return null;
  if (existing.includes(name))
    return `a labsheet named "${name}" already exists (labsheet names are unique): choose another name`;
  const lower = name.toLowerCase();
  const near = existing.find((n) => n.toLowerCase() === lower);
  return near === undefined
    ? null
    : `a labsheet named "${near}" already exists, differing only in capital letters: choose a name that is clearly different`;
}

/** Issues for one place, for showing beside its field. */
export const issuesAt = (issues: readonly DraftIssue[], at: string): string[] =>
  issues.filter((i) => i.at === at).map((i) => i.message);

/** A fresh column row; keys only need to be unique within one editor. */
export function newColumn(key: number, type: ColumnType = 'TEXT', name = ''): ColumnDraft {
  return { key, name, type, references: '', formula: '', labsheet: '', linkColumn: '', lookupColumnName: '' };
}
