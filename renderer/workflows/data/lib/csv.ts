import type { CellValue } from '../../../../shared/api/primitives.js';

/**
 * Spreadsheet programs run a cell that starts with one of these as a formula ("CSV injection").
 * Lab data comes from many hands, so such text cells are written with a leading apostrophe, which
 * spreadsheets show as plain text. Numbers are never touched: -5 stays -5.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** One field in RFC 4180 form: quoted when it holds a comma, quote, line break or edge spaces. */
export function csvField(value: CellValue | boolean | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = FORMULA_START.test(value) && !NUMERIC.test(value) ? `'${value}` : value;
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
