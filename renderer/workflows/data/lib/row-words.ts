import { counted } from '../../../lib/format/counted.js';
import type { ArchiveFilter } from '../../../../shared/api/primitives.js';

/**
 * The button that reads the open labsheet's rows again (RowsView). Messages that ask for it name it by
 * this label: "reload them (↻)" pointed at the only ↻ there was, which reloads the labsheet names.
 */
export const RELOAD_ROWS = 'Reload rows';

/**
 * "0 unarchived rows": rows counted under the Archived filter, which a search or scan is read under.
 * A plain "0 rows" read as "not in the labsheet" when the row was only left out by the filter.
 */
export function rowsUnder(n: number, filter: ArchiveFilter): string {
  return counted(n, filter === 'any' ? 'row' : `${filter} row`);
}

/** " (archived rows not searched)": what the filter left out, said after a count; nothing for "any". */
export function leftOutBy(filter: ArchiveFilter): string {
  if (filter === 'any') return '';
  return ` (${filter === 'archived' ? 'unarchived' : 'archived'} rows not searched)`;
}
