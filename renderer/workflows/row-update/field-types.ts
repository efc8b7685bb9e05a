import { isUuid, type CellValue } from '../../../shared/api/primitives.js';
import { onBenchClock } from '../../../shared/bench-clock.js';

export type FieldKind = 'number' | 'checkbox' | 'date' | 'text' | 'readonly';

/** Columns the service fills itself; shown, never edited. */
const SERVICE_COLUMNS = new Set([
  'uuid',
  'last modified',
  'existing manifest',
  'labspaces',
  'protocols',
  'experiments',
]);

/**
 * The row listing carries no column types, so the input kind is read from the value: a number
 * edits as a number, "true"/"false" as a checkbox, an ISO date as a date. A wrong guess costs a
 * plain text box, never a wrong value (the service validates by the real column type).
 */
export function fieldKind(column: string, value: CellValue, identifying: readonly string[]): FieldKind {
  if (identifying.includes(column) || SERVICE_COLUMNS.has(column.toLowerCase())) return 'readonly';
  if (typeof value === 'number') return 'number';
  if (value === 'true' || value === 'false') return 'checkbox';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return 'date';
  return 'text';
}

/** Turns what an input holds back into a cell value of the field's kind. */
export function toCell(kind: FieldKind, raw: string | boolean): CellValue {
  if (kind === 'checkbox') return raw === true || raw === 'true' ? 'true' : 'false';
  if (typeof raw !== 'string') return String(raw);
  if (raw.trim() === '') return null;
  if (kind === 'number') {
    const n = Number(raw);
    return Number.isFinite(n) ? n : raw;
  }
  return raw;
}

/** Service identifiers (uuids) are for machines: shown apart, in a details line, not as fields. */
export function isMachineId(value: CellValue): boolean {
  return typeof value === 'string' && isUuid(value);
}

/** A read-only value as a person reads it: a timestamp in the bench's local time, not ISO. */
export function readableValue(value: CellValue, locale?: string): string {
  if (value === null) return '';
  if (typeof value === 'string') return onBenchClock(value, { seconds: false, locale }) ?? value;
  return String(value);
}
