import { stringify } from 'csv-stringify/sync';
import { defuseFormula } from '../../shared/csv-formula.js';
import { isInLayout, parsePosition } from '../../shared/layout/positions.js';
import { isReservingLabel } from '../../shared/outbox/well-state.js';
import type { RecordWell } from './record-wells.js';

/**
 * Every cell of a record's CSVs is text (sample IDs and labels from many hands): each is defused as
 * the Data screen's export does, so a spreadsheet opening the record shows it and never runs it. No
 * byte-order mark, unlike that export: instruments' import and analysis scripts read these files, and
 * a BOM would become part of their first column's name.
 */
const tableCsv = (rows: readonly (readonly string[])[]): string =>
  stringify(rows.map((cells) => cells.map(defuseFormula)));

/**
 * The label a well without a sample holds that makes it more than empty (a control, a blank, a
 * standard), or null: isReservingLabel, as Well fill's cursor, the grid and the picture read it.
 */
const controlLabel = (w: RecordWell): string | null => (isReservingLabel(w.label) ? w.label : null);

/**
 * What a record says a well holds, in one word: a blank sample id alone cannot tell an empty well from
 * one used at another bench that this computer cannot see (a service that lists no wells).
 */
export function contentOf(w: RecordWell): 'sample' | 'label' | 'empty' | 'unknown' {
  if (!w.known) return 'unknown';
  return w.sample !== null ? 'sample' : controlLabel(w) !== null ? 'label' : 'empty';
}

/** What the grid shows for a well whose content is unknown: never the blank that means "empty". */
export const UNKNOWN_CELL = '?';

/** `PLATE_<hrid>_<date>_<time>.csv`: one row per well, as instruments' import and analysis scripts read it. */
export function wellTableCsv(wells: readonly RecordWell[]): string {
  return tableCsv([
    ['position', 'sample id', 'labsheet', 'label', 'tags', 'filled at', 'content'],
    ...wells.map((w) => [
      w.position,
      w.sample?.id ?? '',
      w.sample?.labsheet ?? '',
      w.label,
      w.tags.join(';'),
      w.filledAt === null ? '' : new Date(w.filledAt).toISOString(),
      contentOf(w),
    ]),
  ]);
}

/**
 * The rows × columns matrix of sample ids that plate readers and qPCR software import: a header of
 * column numbers, then one line per row letter. A control well shows its label, an empty one nothing,
 * one whose content this computer does not know `?`.
 */
export function gridCsv(wells: readonly RecordWell[], layout: { rows: number; columns: number }): string {
  const grid: string[][] = Array.from({ length: layout.rows }, () => Array<string>(layout.columns).fill(''));
  for (const w of wells) {
    const at = parsePosition(w.position);
    if (!at || !isInLayout(at, layout)) continue;
    grid[at.row]![at.column] = !w.known ? UNKNOWN_CELL : (w.sample?.id ?? controlLabel(w) ?? '');
  }
  const header = ['', ...Array.from({ length: layout.columns }, (_, c) => String(c + 1))];
  return tableCsv([header, ...grid.map((cells, r) => [String.fromCharCode(65 + r), ...cells])]);
}
