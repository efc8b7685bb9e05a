import { MAGIC_COLUMN_TYPES, type CellValue, type ColumnType } from '../../../shared/api/primitives.js';
import type { ColumnRecord } from '../store/labsheets.js';
import { invalid } from './service-error.js';

/** Columns whose values the service computes; callers cannot write them. */
export const READ_ONLY_TYPES: ReadonlySet<ColumnType> = new Set<ColumnType>(['FORMULA', ...MAGIC_COLUMN_TYPES]);
const NUMERIC_TYPES: ReadonlySet<ColumnType> = new Set<ColumnType>(['NUMBER', 'QUANTITY_LEFT', 'QUANTITY_CONSUMED']);
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

function isRealDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

const show = (v: CellValue): string => JSON.stringify(v);

/**
 * Checks a value against its column's type and returns what is stored (numbers as numbers,
 * checkboxes as "true"/"false", IDs as strings). Throws a 422 naming the column otherwise.
 */
export function coerceCell(col: ColumnRecord, value: CellValue): CellValue {
  const what = `column "${col.name}" (${col.type})`;
  if (READ_ONLY_TYPES.has(col.type)) throw invalid(`${what} is computed by the service and cannot be written`);
  if (value === null) {
    if (col.type === 'ID') throw invalid(`${what} is the row's ID and cannot be empty`);
    return null;
  }
  if (NUMERIC_TYPES.has(col.type)) {
    const n = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value);
    if (!Number.isFinite(n)) throw invalid(`${what} needs a number, got ${show(value)}`);
    return n;
  }
  switch (col.type) {
    case 'ID':
    case 'ID_BARCODE': {
      const s = String(value).trim();
      if (s === '') throw invalid(`${what} cannot be an empty string`);
      return s;
    }
    case 'DATE':
      if (typeof value !== 'string' || !isRealDate(value))
        throw invalid(`${what} needs a date as YYYY-MM-DD, got ${show(value)}`);
      return value;
    case 'DATETIME':
      if (typeof value !== 'string' || !DATETIME.test(value) || Number.isNaN(Date.parse(value))) {
        throw invalid(`${what} needs an ISO 8601 date-time, got ${show(value)}`);
      }
      return value;
    case 'CHECKBOX': {
      const s = String(value).toLowerCase();
      if (s === 'true' || s === '1') return 'true';
      if (s === 'false' || s === '0') return 'false';
      throw invalid(`${what} needs true or false, got ${show(value)}`);
    }
    case 'LIST': {
      const refs = Array.isArray(col.spec.references) ? (col.spec.references as unknown[]).map(String) : [];
      if (!refs.includes(String(value)))
        throw invalid(`${what} must be one of ${refs.map((r) => JSON.stringify(r)).join(', ')}, got ${show(value)}`);
      return String(value);
    }
    default:
      return value;
  }
}
