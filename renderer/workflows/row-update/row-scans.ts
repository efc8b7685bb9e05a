import { classify, garbageSaid, type ScanClass } from '../../lib/scan-input/scan-kind.js';
import { describeGs1 } from '../../../shared/barcode/gs1-describe.js';
import { localDay } from '../../lib/format/day.js';
import type { IncomingScan } from '../../lib/scan-input/scan-hub.svelte.js';
import { age } from '../../lib/format/age.js';
import { messageOf } from '../../lib/ipc/client.js';
import type { CachedRow, SharedCode } from '../../../shared/ipc/channels/cache.js';
import { asRead, missOf, sharedSaid, surelyNotInLabsheet } from '../../lib/samples/tube-row.js';
import { nearestName } from './nearest-name.js';
import { rowName } from './row-name.js';
import { checkCharacterKept } from '../../lib/samples/check-character-kept.js';
import { NotSaved, type BatchItem, type RowState } from './row-state.svelte.js';

export async function handleRowScan(s: RowState, scan: IncomingScan): Promise<void> {
  const fb = s.feedback;
  const c = classify(scan.text, { source: scan.source });
  if (c.garbage || c.kind === 'position' || c.kind === 'command') {
    return fb.report(scan.text, c.garbage ? garbageSaid(c) : 'Scan a tube or a sample ID', 'error', scan.mainAt);
  }
  if (c.kind === 'gs1') return packScan(s, c, scan);
  // A plate, box or storage location is no row of a labsheet: batch mode queued PLT000001 as an update of
  // the row with that Sample ID, refused by the service minutes later.
  if (c.kind === 'plate' || c.kind === 'box' || c.kind === 'location')
    return fb.report(
      scan.text,
      `${c.value} is a ${c.kind === 'location' ? 'storage location' : c.kind}, not a tube or sample: nothing recorded`,
      'error',
      scan.mainAt,
    );
  // Field and Value as they stand now, when the scan came: read again after the look-up, a Value cleared
  // meanwhile was queued as clearing the cell, with a green confirmation.
  const change = s.batchChange;
  // An empty Value is no choice made: queued, it cleared the Field of every tube scanned.
  if (s.mode === 'batch' && (change.field.trim() === '' || change.value.trim() === '')) {
    return fb.report(
      scan.text,
      `Nothing recorded: choose the Field (a column of ${s.labsheet}) and its Value first, then scan ${c.value} again`,
      'error',
      scan.mainAt,
    );
  }
  let row: CachedRow | null;
  let when = '';
  let surelyNot = false;
  let neverRead = false;
  let shared: SharedCode | undefined;
  try {
    const answer = await s.lookup(c.value);
    row = answer.found ? answer : null;
    if (!answer.found) {
      shared = answer.shared;
      const read = missOf(answer);
      when = asRead(read);
      surelyNot = surelyNotInLabsheet(read);
      // No rows of the labsheet were read, now or ever (the service down, offline, its listing unreadable):
      // nothing says the tube is not there.
      neverRead = read.readAt === null && !read.labsheetMissing;
    }
  } catch (err) {
    // Main could not look it up at all: not "not in the labsheet"; nothing is opened or recorded.
    return fb.report(
      scan.text,
      `NOT RECORDED: ${c.value} could not be looked up (${messageOf(err)}); scan it again`,
      'error',
      scan.mainAt,
    );
  }
  // Several rows hold the code (or the ID of its row): opened, Save changed every row of that ID; queued,
  // the change went to them all. None is taken for it, and the rows are named so the labsheet can be put right.
  if (shared)
    return fb.report(
      scan.text,
      `${sharedSaid(c.value, s.labsheet, shared)}: ${s.mode === 'single' ? 'nothing opened' : 'nothing recorded'}`,
      'error',
      scan.mainAt,
    );
  // No row has it, and a scanner set to another keyboard layout would type it for a code we know (S/0011
  // for S-0011): the tube in hand is most likely that one. Queued (offline, or for the service to check),
  // the change went to a row nobody has; said "not in Samples", nothing said why.
  const misread =
    c.cause ??
    (row || shared
      ? undefined
      : await checkCharacterKept(c.value, async (d) => {
          const a = await s.lookup(d);
          return a.found ? (rowName(a)?.value ?? null) : null;
        }));
  if (!row && misread)
    return fb.report(
      scan.text,
      `${s.mode === 'single' ? 'Nothing opened' : 'Nothing recorded'}: ${c.value} may be misread: ${misread}`,
      'error',
      scan.mainAt,
    );
  const stale = row?.fromCache ? ` (saved copy, ${age(row.fetchedAt)} old)` : '';
  if (s.mode === 'single') {
    if (!row && neverRead)
      return fb.report(
        scan.text,
        `${c.value} could not be looked up: the rows of ${s.labsheet} could not be read from the service, ` +
          'and none are saved on this computer. Scan it again when the service answers',
        'error',
        scan.mainAt,
      );
    if (!row) return fb.report(scan.text, `${c.value} is not in ${s.labsheet}${when}`, 'unknown', scan.mainAt);
    const name = rowName(row);
    // A scan never throws away edits or a pack's cells: it is refused, with how to go on, and the
    // open row stays as it is. Saving on the scan would send what the user may not have finished; a
    // dialog would stop the scanning hand. Checked after the look-up, so an edit typed meanwhile counts.
    if (s.unsaved.length > 0) {
      const again = name !== null && name.value === s.rowId ? '' : `, then scan ${c.value} again`;
      return fb.report(
        scan.text,
        `${s.rowId} has unsaved changes (${s.unsaved.join(', ')}): press Ctrl+S to save or Escape twice to discard${again}`,
        'error',
        scan.mainAt,
      );
    }
    s.show(row);
    // A row without an ID is known, and saved, by its barcode (rowName): said, as the user looks for its ID.
    const by =
      name === null
        ? ` (it has no ${row.idColumn} and no barcode: it cannot be saved here)`
        : name.column !== row.idColumn
          ? ` (it has no ${row.idColumn}: saved by its ${name.column})`
          : '';
    return fb.report(scan.text, `${name?.value ?? c.value} opened${by}${stale}`, 'info', scan.mainAt);
  }
  // Not in the rows just read from the service: queued, it was refused there minutes later. Only when the
  // rows could not be read (offline, a saved copy) does the service get to check it.
  if (!row && surelyNot)
    return fb.report(scan.text, `${c.value} is not in ${s.labsheet}${when}: nothing recorded`, 'unknown', scan.mainAt);
  // A field the row has no column of was queued with a success beep and refused in the Outbox. Checked
  // only against a row read: offline, with no row, the service checks it.
  if (row && !row.headers.includes(change.field)) {
    const near = nearestName(change.field, row.headers);
    return fb.report(
      scan.text,
      `Nothing recorded: ${change.field} is not a column of ${s.labsheet}${near ? ` (did you mean ${near}?)` : ''}`,
      'error',
      scan.mainAt,
    );
  }
  // The name the tube is queued by: its row's ID, or without one its barcode (rowName).
  const id = (row ? rowName(row)?.value : undefined) ?? c.value;
  if (s.alreadyInBatch(id, change))
    return fb.report(
      scan.text,
      `Duplicate: ${id} is already in this batch with ${change.field} = ${change.value}`,
      'duplicate',
      scan.mainAt,
    );
  let item: BatchItem;
  try {
    item = await s.applyBatch(row, c.value, c.kind === 'tube', change);
  } catch (err) {
    // Refused before main was asked (the labsheet's ID column is not known here): its words as they are.
    if (err instanceof NotSaved) return fb.report(scan.text, err.message, 'error', scan.mainAt);
    throw err;
  }
  // Not in the saved rows, or no rows could be read at all: the service checks it, and the words say which.
  const unchecked = neverRead
    ? ` (the rows of ${s.labsheet} could not be read; the service will check)`
    : ' (not in the saved labsheet; the service will check)';
  fb.report(
    scan.text,
    `${item.id}: ${item.field} = ${item.value}${row ? '' : unchecked}`,
    row ? 'success' : 'unknown',
    scan.mainAt,
  );
}

/** A reagent or consumable pack (GS1 barcode or Digital Link) fills the open row's mapped columns. */
function packScan(s: RowState, c: ScanClass, scan: IncomingScan): void {
  const fb = s.feedback;
  const what = c.gs1 ? describeGs1(c.gs1) : c.value;
  if (!c.gs1 || s.mode !== 'single' || !s.row) {
    const first = s.mode === 'single' ? 'open a row first (scan its tube or ID)' : 'in batch mode scan tubes';
    return fb.report(scan.text, `${what}: a product code, not a sample — ${first}`, 'error', scan.mainAt);
  }
  if (Object.keys(s.packColumns).length === 0) {
    return fb.report(
      scan.text,
      `${what}: no pack columns are set for ${s.labsheet} — choose them under "Pack columns"`,
      'error',
      scan.mainAt,
    );
  }
  const fill = s.fillFromPack(c.gs1, localDay());
  if (fill.filled.length === 0) {
    const why = fill.notInRow.length ? `${fill.notInRow.join(', ')} not in this row` : 'none of the mapped fields';
    return fb.report(scan.text, `${what}: nothing filled (${why})`, 'error', scan.mainAt);
  }
  const cells = fill.filled.map(([column, value]) => `${column} = ${value}`).join(', ');
  const notes = [
    ...(fill.missing.length ? [`no ${fill.missing.join(', ')} on this code`] : []),
    ...(fill.notInRow.length ? [`${fill.notInRow.join(', ')} not in this row`] : []),
  ];
  const tail = `${notes.length ? ` (${notes.join('; ')})` : ''} — press Save`;
  if (fill.expired) {
    return fb.report(scan.text, `EXPIRED pack (${c.gs1.expiry}): ${cells}${tail}`, 'expired', scan.mainAt);
  }
  fb.report(scan.text, `${cells}${tail}`, 'success', scan.mainAt);
}
