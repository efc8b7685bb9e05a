import { classify } from '../../lib/scan-input/scan-kind.js';
import type { IncomingScan } from '../../lib/scan-input/scan-hub.svelte.js';
import { age } from '../../lib/format/age.js';
import { messageOf } from '../../lib/ipc/client.js';
import type { CachedRow } from '../../../shared/ipc/channels/cache.js';
import type { RowState } from './row-state.svelte.js';

export async function handleRowScan(s: RowState, scan: IncomingScan): Promise<void> {
  const fb = s.feedback;
  const c = classify(scan.text);
  if (c.garbage || c.kind === 'position' || c.kind === 'command') {
    return fb.report(
      scan.text,
      c.garbage ? `Not a barcode we know (${c.why})` : 'Scan a tube or a sample ID',
      'error',
      scan.mainAt,
    );
  }
  let row: CachedRow | null;
  try {
    row = await s.lookup(c.value);
  } catch (err) {
    // Main could not look it up at all: not "not in the labsheet"; nothing is opened or recorded.
    return fb.report(
      scan.text,
      `NOT RECORDED: ${c.value} could not be looked up (${messageOf(err)}); scan it again`,
      'error',
      scan.mainAt,
    );
  }
  const stale = row?.fromCache ? ` (saved copy, ${age(row.fetchedAt)} old)` : '';
  if (s.mode === 'single') {
    if (!row) return fb.report(scan.text, `${c.value} is not in ${s.labsheet}`, 'unknown', scan.mainAt);
    s.show(row);
    return fb.report(scan.text, `${row.row[row.idColumn]} opened${stale}`, 'info', scan.mainAt);
  }
  const id = row ? String(row.row[row.idColumn]) : c.value;
  if (s.alreadyInBatch(id))
    return fb.report(scan.text, `Duplicate: ${id} is already in this batch`, 'duplicate', scan.mainAt);
  await s.applyBatch(row, c.value, c.kind === 'tube');
  fb.report(
    scan.text,
    `${id}: ${s.batchField} = ${s.batchValue}${row ? '' : ' (not in the saved labsheet; the service will check)'}`,
    row ? 'success' : 'unknown',
    scan.mainAt,
  );
}
