import { describe, expect, it } from 'vitest';
import { NotSaved } from '../../../../../renderer/workflows/row-update/row-state.svelte.js';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';
import { rowScreen } from './row-screen.js';
import { addLabsheet, cellsOnService, rowUpdatesFor, saveIdColumnsOn } from './own-labsheet.js';

/**
 * Row update on a labsheet whose ID columns this computer only guesses from the column names (made
 * elsewhere, never chosen here). A row update names its row by an element keyed by the ID column, and the
 * service takes every later element keyed by an ID or barcode column as the start of another row. On the
 * old code a wrong guess sent edits to another row, and the bench was told they were saved. The real main
 * in-process, its embedded sandbox behind the fault proxy.
 */
const openBenches = benchesPerTest();

describe('Row update while the ID columns are only a guess', () => {
  it('a barcode column the guess missed: the save is refused, and once the columns are chosen it goes to its own row', async () => {
    const b = await openBenches('spec');
    addLabsheet(
      b,
      'Tubes A',
      [
        { name: 'Sample ID', type: 'ID' },
        { name: 'Tube', type: 'ID_BARCODE' },
        { name: 'Status', type: 'TEXT' },
      ],
      [
        { 'Sample ID': 'S-0001', Tube: 'TB000001', Status: 'received' },
        { 'Sample ID': 'S-0002', Tube: 'TB000002', Status: 'received' },
      ],
    );
    const { s, scan, said, close } = await rowScreen(b);
    try {
      s.labsheet = 'Tubes A';
      await scan('S-0001');
      expect(said()).toBe('S-0001 opened');
      expect(s.row).toMatchObject({ idColumn: 'Sample ID', barcodeColumn: null, idFrom: 'guess' });
      s.draft['Tube'] = 'TB000002';
      s.draft['Status'] = 'discarded';
      const asked = s.idColumnsAsked;
      // The old code queued [{Sample ID: S-0001}, {Tube: TB000002}, {Status: discarded}]: done, and S-0002 discarded.
      const refused = await s.saveRow().catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(NotSaved);
      expect((refused as Error).message).toBe(
        'Not saved: "Sample ID" is only a guess at the ID column of Tubes A, from the column names, and no column ' +
          'was found by name to be its barcode column. A wrong guess sends changes to another row: check the ID ' +
          'columns above (choose its ID column, and its barcode column or none), then save again',
      );
      // The chooser is opened for it.
      expect(s.idColumnsAsked).toBe(asked + 1);
      expect(s.idColumns).toMatchObject({ labsheet: 'Tubes A', idFrom: 'guess' });
      expect(await rowUpdatesFor(b, 'Tubes A')).toEqual([]);

      // The user names Tube the barcode column: its edit, read-only now, is taken out, and said so.
      expect(await s.chooseIdColumns({ id: 'Sample ID', barcode: 'Tube', from: 'chosen' }, saveIdColumnsOn(b))).toBe(
        null,
      );
      expect(said()).toBe(
        'Tube names the rows of Tubes A now: its unsaved change was taken out (a row update cannot change it; ' +
          'change it on the service itself)',
      );
      expect(s.row).toMatchObject({ idColumn: 'Sample ID', barcodeColumn: 'Tube', idFrom: 'chosen' });
      expect(s.changes).toEqual({ Status: 'discarded' });
      expect(await s.saveRow()).toBe(1);
      await b.sync();
      expect(cellsOnService(b, 'Tubes A', 'S-0001', 'Status')).toEqual(['discarded']);
      expect(cellsOnService(b, 'Tubes A', 'S-0002', 'Status')).toEqual(['received']);
      expect(cellsOnService(b, 'Tubes A', 'S-0001', 'Tube')).toEqual(['TB000001']);

      // A column confirmed as the barcode column is not changed by a row update.
      s.draft['Tube'] = 'TB000002';
      await expect(s.saveRow()).rejects.toThrow(/Tube names the rows of Tubes A/);
      expect(cellsOnService(b, 'Tubes A', 'S-0001', 'Tube')).toEqual(['TB000001']);
    } finally {
      close();
    }
  });

  it('a guessed ID column: an offline batch scan is refused, and with the ID column chosen it is queued by it', async () => {
    const b = await openBenches('spec');
    addLabsheet(
      b,
      'Biobank',
      [
        { name: 'Sample', type: 'ID' },
        { name: 'Patient ID', type: 'TEXT' },
        { name: 'Tube Barcode', type: 'ID_BARCODE' },
        { name: 'Status', type: 'TEXT' },
      ],
      [
        { Sample: 'S-0001', 'Patient ID': 'P-100', 'Tube Barcode': 'TB000001', Status: 'received' },
        { Sample: 'S-0002', 'Patient ID': 'P-200', 'Tube Barcode': 'TB000002', Status: 'received' },
        { Sample: 'S-0003', 'Patient ID': 'P-300', 'Tube Barcode': 'TB000003', Status: 'received' },
      ],
    );
    const { s, scan, said, close } = await rowScreen(b);
    try {
      s.labsheet = 'Biobank';
      s.mode = 'batch';
      s.batchField = 'Status';
      s.batchValue = 'checked';
      // Read once while online (the screen shows the ID columns before the first scan), then offline.
      await s.loadIdColumns();
      expect(s.idColumns).toMatchObject({ idColumn: 'Patient ID', barcodeColumn: 'Tube Barcode', idFrom: 'guess' });
      b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);

      await scan('TB000001');
      // The old code queued it under Patient ID = P-100, which the service took as a cell of the row before it.
      expect(said()).toBe(
        'Nothing recorded: "Patient ID" is only a guess at the ID column of Biobank, from the column names, and ' +
          '"Tube Barcode" its barcode column. A wrong guess sends changes to another row: check the ID columns ' +
          'above (keep them with one click, or choose others), then scan TB000001 again',
      );
      expect(b.feedback.last?.kind).toBe('bad');
      expect(s.batch).toEqual([]);
      expect(await rowUpdatesFor(b, 'Biobank')).toEqual([]);

      expect(
        await s.chooseIdColumns({ id: 'Sample', barcode: 'Tube Barcode', from: 'chosen' }, saveIdColumnsOn(b)),
      ).toBe(null);
      await scan('TB000001');
      expect(said()).toBe('S-0001: Status = checked');
      expect((await rowUpdatesFor(b, 'Biobank')).map((e) => e.intent)).toMatchObject([
        { idColumn: 'Sample', id: 'S-0001', changes: { Status: 'checked' } },
      ]);
      b.proxy().setFaults([]);
      await b.sync();
      expect(cellsOnService(b, 'Biobank', 'S-0001', 'Status')).toEqual(['checked']);
      for (const [id, patient] of [
        ['S-0001', 'P-100'],
        ['S-0002', 'P-200'],
        ['S-0003', 'P-300'],
      ] as const)
        expect(cellsOnService(b, 'Biobank', id, 'Patient ID')).toEqual([patient]);
    } finally {
      close();
    }
  });

  it('one click keeping a right guess lets the save go', async () => {
    const b = await openBenches('spec');
    addLabsheet(
      b,
      'Tubes C',
      [
        { name: 'Sample ID', type: 'ID' },
        { name: 'Tube Barcode', type: 'ID_BARCODE' },
        { name: 'Status', type: 'TEXT' },
      ],
      [{ 'Sample ID': 'S-0001', 'Tube Barcode': 'TB000001', Status: 'received' }],
    );
    const { s, scan, close } = await rowScreen(b);
    try {
      s.labsheet = 'Tubes C';
      await scan('TB000001');
      s.draft['Status'] = 'thawed';
      await expect(s.saveRow()).rejects.toThrow(/^Not saved: "Sample ID" is only a guess/);
      // What the chooser's one click sends: the columns it shows, the guess.
      const shown = s.idColumns!;
      expect(
        await s.chooseIdColumns(
          { id: shown.idColumn!, barcode: shown.barcodeColumn, from: 'chosen' },
          saveIdColumnsOn(b),
        ),
      ).toBe(null);
      expect(s.changes).toEqual({ Status: 'thawed' });
      expect(await s.saveRow()).toBe(1);
      await b.sync();
      expect(cellsOnService(b, 'Tubes C', 'S-0001', 'Status')).toEqual(['thawed']);
    } finally {
      close();
    }
  });
});
