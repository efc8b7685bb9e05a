import { describe, expect, it } from 'vitest';
import { NotSaved } from '../../../../../renderer/workflows/row-update/row-state.svelte.js';
import { benchesPerTest, type Benches } from '../../../../helpers/benches-on-main.js';
import { rowScreen } from './row-screen.js';
import { addLabsheet, cellsOnService, rowUpdatesFor, saveIdColumnsOn } from './own-labsheet.js';

/**
 * Rows of a labsheet whose ID cell is empty: a tube labelled and received before it was given a sample
 * ID. On the old code single mode said "null opened" and its save failed "Invalid payload"; batch mode
 * said "null: Status = received" for each scan of it (no duplicate caught) and queued it under the ID
 * column with the barcode as its value, which no row has. Such a row is named, and saved, by its barcode.
 * The real main in-process and its embedded sandbox.
 */
const openBenches = benchesPerTest();

async function biobank(b: Benches) {
  addLabsheet(
    b,
    'Biobank',
    [
      { name: 'Sample ID', type: 'ID' },
      { name: 'Tube Barcode', type: 'ID_BARCODE' },
      { name: 'Status', type: 'TEXT' },
    ],
    [
      { 'Sample ID': 'S-0001', 'Tube Barcode': 'TB000001', Status: 'received' },
      { 'Sample ID': null, 'Tube Barcode': 'TB000009', Status: 'received' },
      { 'Sample ID': null, 'Tube Barcode': 'TB000010', Status: 'received' },
    ],
  );
  await saveIdColumnsOn(b)('Biobank', { id: 'Sample ID', barcode: 'Tube Barcode', from: 'chosen' });
  const screen = await rowScreen(b);
  screen.s.labsheet = 'Biobank';
  return screen;
}

describe('Row update: a row with no ID', () => {
  it('opens and saves by its barcode', async () => {
    const b = await openBenches('spec');
    const { s, scan, said, close } = await biobank(b);
    try {
      await scan('TB000009');
      expect(said()).toBe('TB000009 opened (it has no Sample ID: saved by its Tube Barcode)');
      expect(s.rowId).toBe('TB000009');
      s.draft['Status'] = 'checked';
      expect(await s.saveRow()).toBe(1);
      expect((await rowUpdatesFor(b, 'Biobank')).map((e) => e.intent)).toMatchObject([
        { idColumn: 'Tube Barcode', id: 'TB000009', changes: { Status: 'checked' } },
      ]);
      await b.sync();
      expect(cellsOnService(b, 'Biobank', 'TB000009', 'Status', 'barcode')).toEqual(['checked']);
      expect(cellsOnService(b, 'Biobank', 'TB000010', 'Status', 'barcode')).toEqual(['received']);
      expect((await rowUpdatesFor(b, 'Biobank'))[0]?.state).toBe('done');
    } finally {
      close();
    }
  });

  it('in batch mode is queued by its barcode, and a second scan of it is a duplicate', async () => {
    const b = await openBenches('spec');
    const { s, scan, said, close } = await biobank(b);
    try {
      s.mode = 'batch';
      s.batchField = 'Status';
      s.batchValue = 'checked';
      await scan('TB000010');
      expect(said()).toBe('TB000010: Status = checked');
      await scan('TB000010');
      expect(said()).toBe('Duplicate: TB000010 is already in this batch with Status = checked');
      expect((await rowUpdatesFor(b, 'Biobank')).map((e) => e.intent)).toMatchObject([
        { idColumn: 'Tube Barcode', id: 'TB000010', changes: { Status: 'checked' } },
      ]);
      await b.sync();
      expect(cellsOnService(b, 'Biobank', 'TB000010', 'Status', 'barcode')).toEqual(['checked']);
      expect(cellsOnService(b, 'Biobank', 'TB000009', 'Status', 'barcode')).toEqual(['received']);
    } finally {
      close();
    }
  });

  it('with no barcode either, its save is refused in words', async () => {
    const b = await openBenches('spec');
    const { s, scan, close } = await biobank(b);
    try {
      await scan('TB000009');
      // Its barcode emptied too (as read): nothing the service finds rows by names it.
      s.show({ ...s.row!, row: { ...s.row!.row, 'Tube Barcode': null } });
      s.draft['Status'] = 'checked';
      const refused = await s.saveRow().catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(NotSaved);
      expect((refused as Error).message).toBe(
        'Not saved: this row has no Sample ID and no Tube Barcode, so the service could not tell it from other ' +
          'rows. Give it a Sample ID on the service first',
      );
      expect(await rowUpdatesFor(b, 'Biobank')).toEqual([]);
    } finally {
      close();
    }
  });
});
