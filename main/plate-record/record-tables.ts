import { stringify } from 'csv-stringify/sync';
import { isInLayout, parsePosition } from '../../shared/layout/positions.js';
import type { RecordWell } from './record-wells.js';

/**
 * What a record says a well holds, in one word: a blank sample id alone cannot tell an empty well from
 * one used at another bench that this computer cannot see (a service that lists no wells).
 */
export function contentOf(w: RecordWell): 'sample' | 'label' | 'empty' | 'unknown' {
  if (!w.known) return 'unknown';
  return w.sample !== null ? 'sample' : w.label !== '' ? 'label' : 'empty';
}

/** What the grid shows for a well whose content is unknown: never the blank that means "empty". */
export const UNKNOWN_CELL = '?';

/** `PLATE_<hrid>_<date>.csv`: one row per well, as instruments' import and analysis scripts read it. */
export function wellTableCsv(wells: readonly RecordWell[]): string {
  return stringify(
    wells.map((w) => [
      w.position,
      w.sample?.id ?? '',
      w.sample?.labsheet ?? '',
      w.label,
      w.tags.join(';'),
      w.filledAt === null ? '' : new Date(w.filledAt).toISOString(),
      contentOf(w),
    ]),
    { header: true, columns: ['position', 'sample id', 'labsheet', 'label', 'tags', 'filled at', 'content'] },
  );
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
    grid[at.row]![at.column] = !w.known
      ? UNKNOWN_CELL
      : (w.sample?.id ?? (w.label && w.label !== 'SAMPLE' ? w.label : ''));
  }
  const header = ['', ...Array.from({ length: layout.columns }, (_, c) => String(c + 1))];
  return stringify([header, ...grid.map((cells, r) => [String.fromCharCode(65 + r), ...cells])]);
}
