import { describe, expect, it } from 'vitest';
import { identifyColumns } from '../../../../main/cache/row-columns.js';
import { idColumnsOfCreate } from '../../../../main/cache/created-labsheets.js';
import { applySettingsPatch, DEFAULT_SETTINGS, settings, settingsPatch } from '../../../../shared/ipc/settings.js';

describe('which column is the ID of a labsheet', () => {
  const headers = ['uuid', 'Name', 'Parent ID', 'Accession', 'Tube barcode', 'Conc'];

  it('what the app knows wins over the names, at any position', () => {
    expect(identifyColumns(headers, { id: 'Accession', barcode: null, from: 'chosen' })).toEqual({
      idColumn: 'Accession',
      barcodeColumn: null,
      idFrom: 'chosen',
    });
    expect(identifyColumns(headers, { id: 'Accession', barcode: 'Tube barcode', from: 'created' })).toEqual({
      idColumn: 'Accession',
      barcodeColumn: 'Tube barcode',
      idFrom: 'created',
    });
  });

  it('a remembered column the listing no longer has falls back to the guess, and says so', () => {
    expect(identifyColumns(headers, { id: 'Gone', barcode: null, from: 'created' })).toMatchObject({ idFrom: 'guess' });
    // A barcode column that went away is dropped, the ID column still stands.
    expect(identifyColumns(headers, { id: 'Accession', barcode: 'Gone', from: 'chosen' })).toEqual({
      idColumn: 'Accession',
      barcodeColumn: null,
      idFrom: 'chosen',
    });
  });

  it('guesses a column named like an ID, else the first; never the row uuid', () => {
    expect(identifyColumns(headers)).toEqual({ idColumn: 'Parent ID', barcodeColumn: 'Tube barcode', idFrom: 'guess' });
    expect(identifyColumns(['uuid', 'Name', 'Sample ID', 'Conc'])).toMatchObject({ idColumn: 'Sample ID' });
    expect(identifyColumns(['uuid', 'Name', 'Conc'])).toMatchObject({ idColumn: 'Name', barcodeColumn: null });
  });

  it('a labsheet created here brings its ID and ID_BARCODE columns', () => {
    const request = {
      name: 'Tubes',
      columns: [
        { name: 'Name', type: 'TEXT' as const },
        { name: ' Tube ', type: 'ID_BARCODE' as const },
        { name: 'Sample ID', type: 'ID' as const },
      ],
    };
    expect(idColumnsOfCreate(request)).toEqual({ id: 'Sample ID', barcode: 'Tube', from: 'created' });
  });

  it('is a settings section: a patch sets one labsheet, null forgets it, an old file reads as none known', () => {
    const a = applySettingsPatch(
      DEFAULT_SETTINGS,
      settingsPatch.parse({ labsheetIdColumns: { Tubes: { id: 'Sample ID', barcode: null, from: 'chosen' } } }),
    );
    const b = applySettingsPatch(
      a,
      settingsPatch.parse({ labsheetIdColumns: { Other: { id: 'Code', barcode: 'BC', from: 'created' } } }),
    );
    expect(Object.keys(b.labsheetIdColumns)).toEqual(['Tubes', 'Other']);
    expect(
      applySettingsPatch(b, settingsPatch.parse({ labsheetIdColumns: { Tubes: null } })).labsheetIdColumns,
    ).toEqual({ Other: { id: 'Code', barcode: 'BC', from: 'created' } });
    expect(
      settingsPatch.safeParse({ labsheetIdColumns: { T: { id: 'X', barcode: null, from: 'guess' } } }).success,
    ).toBe(false);
    const { labsheetIdColumns: _, ...older } = DEFAULT_SETTINGS;
    expect(settings.parse(older).labsheetIdColumns).toEqual({});
  });
});
