import type { CellValue } from '../../../../shared/api/primitives.js';
import { defuseFormula } from '../../../../shared/csv-formula.js';

/**
 * One field in RFC 4180 form: quoted when it holds a comma, quote, line break or edge spaces. Text a
 * spreadsheet would run as a formula is defused (shared/csv-formula.ts); numbers are never touched.
 */
export function csvField(value: CellValue | boolean | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = defuseFormula(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Headers and rows as CSV with CRLF line ends (RFC 4180), ending in a line break. */
export function toCsv(headers: readonly string[], rows: readonly (readonly CellValue[])[]): string {
  const lines = [headers.map(csvField).join(',')];
  for (const row of rows) lines.push(headers.map((_, i) => csvField(row[i])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** A file name that says what was exported and is safe on every desktop file system. */
export function csvFileName(labsheet: string, page: number, pageSize: number): string {
  const base = labsheet.replace(/[^\p{L}\p{N}._-]+/gu, '_').replace(/^_+|_+$/g, '') || 'labsheet';
  return `${base}-rows-${(page - 1) * pageSize + 1}-${page * pageSize}.csv`;
}
