import { describe, expect, it } from 'vitest';
import { LabelSources } from '../../../../../renderer/workflows/labels/label-sources.svelte.js';
import type { CellValue, ColumnType } from '../../../../../shared/api/primitives.js';
import { labelRecord } from '../../../../../shared/labels/index.js';
import type { LabsheetIdColumns } from '../../../../../shared/ipc/id-columns.js';
import { createLabsheet } from '../../../../../main/sandbox/domain/labsheets.js';
import { benchesPerTest, type Benches } from '../../../../helpers/benches-on-main.js';

/**
 * The Labels screen's sources (what the screen builds its records from) on the real main in-process and
 * its embedded sandbox: `spec` lists no wells, `extended` does. An odd labsheet is made in the sandbox's
 * store, as a lab's own labsheet can be: its ID column is not the first column named "… ID".
 */
const openBenches = benchesPerTest();
const PRINT_DAY = '2026-11-27';

/** 2025-11-26 as epoch ms, midnight UTC: a DATE cell as the spec allows it, a number. */
const NOV_26_MS = Date.UTC(2025, 10, 26);

const BIOBANK: Array<{ name: string; type: ColumnType }> = [
  { name: 'Patient ID', type: 'TEXT' },
  { name: 'Sample ID', type: 'ID' },
  { name: 'Tube Barcode', type: 'ID_BARCODE' },
  { name: 'Created by', type: 'TEXT' },
  { name: 'Volume unit', type: 'TEXT' },
  { name: 'Volume', type: 'NUMBER' },
  { name: 'Received', type: 'DATE' },
];

/** The labsheet put straight into the service's store (cells as given, so an epoch-ms date and an empty ID stand). */
function addLabsheet(b: Benches, name: string, rows: ReadonlyArray<Record<string, CellValue>>): void {
  const store = b.sandbox().store;
  const sheet = createLabsheet(store, { name, columns: BIOBANK }, 'ada@lab.example');
  const columns = store.labsheets.columns(sheet.uuid);
  const cells = (r: Record<string, CellValue>) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [String(columns.find((c) => c.name === k)!.id), v]));
  store.rows.insertMany(
    sheet.uuid,
    columns,
    rows.map((r) => ({ cells: cells(r) })),
    store.now(),
  );
}

const biobankRows: ReadonlyArray<Record<string, CellValue>> = [
  {
    'Patient ID': 'P-17',
    'Sample ID': 'S-A1',
    'Tube Barcode': 'TB900001',
    'Created by': 'ada@lab.example',
    'Volume unit': 'uL',
    Volume: 40,
    Received: null,
  },
  {
    'Patient ID': 'P-18',
    'Sample ID': 'S-A2',
    'Tube Barcode': 'TB900002',
    'Created by': 'ada@lab.example',
    'Volume unit': 'uL',
    Volume: 25,
    Received: NOV_26_MS,
  },
  { 'Patient ID': 'P-19', 'Sample ID': null, 'Tube Barcode': 'TB900009', Volume: 10 },
  { 'Patient ID': 'P-20', 'Sample ID': null, 'Tube Barcode': 'TB900010', Volume: 12 },
];

/** Saves ID columns as the app's shell does (App.svelte's saveIdColumns). */
const saveWith =
  (b: Benches) =>
  async (labsheet: string, columns: LabsheetIdColumns | null): Promise<string | null> => {
    const r = await b.env.api.invoke('settings.set', { labsheetIdColumns: { [labsheet]: columns } });
    return r.ok ? null : r.error.message;
  };

function rowsScreen(b: Benches, labsheet: string) {
  const s = new LabelSources(b.env.api, () => PRINT_DAY);
  s.kind = 'rows';
  s.labsheet = labsheet;
  return s;
}

describe('Labels › Scanned rows on a labsheet whose ID column is a guess', () => {
  it('refuses the tube rather than label it with another column, and the chooser on the screen puts it right', async () => {
    const b = await openBenches('spec');
    addLabsheet(b, 'Biobank', biobankRows);
    const s = rowsScreen(b, 'Biobank');

    const refused = await s.addRow('TB900001');
    expect(refused.ok).toBe(false);
    expect(refused.message).toBe(
      'No label made for TB900001: "Patient ID" is only a guess at the ID column of Biobank, from the column names. ' +
        'Choose the ID column below, then scan it again.',
    );
    expect(s.rows).toEqual([]);
    // The chooser on the screen: the guessed columns and the labsheet's columns to choose from.
    expect(s.idColumns).toMatchObject({ labsheet: 'Biobank', idColumn: 'Patient ID', idFrom: 'guess' });
    expect(s.idColumns?.headers).toContain('Sample ID');
    expect(s.idSaid).toBe(
      'No tube of Biobank is labelled until you choose its ID column: "Patient ID" is only a guess from the column names.',
    );

    expect(await s.chooseIdColumns({ id: 'Sample ID', barcode: 'Tube Barcode', from: 'chosen' }, saveWith(b))).toBe(
      null,
    );
    expect(s.idColumns).toMatchObject({ idColumn: 'Sample ID', barcodeColumn: 'Tube Barcode', idFrom: 'chosen' });
    expect(await s.addRow('TB900001')).toEqual({ ok: true, message: 'S-A1 added (1 in the batch)' });
    expect(s.rows[0]?.record).toMatchObject({ id: 'S-A1', barcode: 'TB900001' });
    expect(s.idSaid).toBe('Label IDs come from the column Sample ID (you chose it).');
  });
});

describe('Labels › Scanned rows: label fields from the row', () => {
  it('takes volume from "Volume", not "Volume unit", keeps the print date over "Created by", and prints an epoch-ms date as a date', async () => {
    const b = await openBenches('spec');
    addLabsheet(b, 'Biobank', biobankRows);
    await saveWith(b)('Biobank', { id: 'Sample ID', barcode: 'Tube Barcode', from: 'chosen' });
    const s = rowsScreen(b, 'Biobank');

    expect((await s.addRow('TB900001')).ok).toBe(true);
    expect((await s.addRow('TB900002')).ok).toBe(true);
    expect(s.records).toEqual([
      { id: 'S-A1', barcode: 'TB900001', volume: '40', date: PRINT_DAY },
      { id: 'S-A2', barcode: 'TB900002', volume: '25', date: '2025-11-26' },
    ]);
  });

  it('refuses a row with no ID in words, and a second such row is refused the same way, not called a duplicate', async () => {
    const b = await openBenches('spec');
    addLabsheet(b, 'Biobank', biobankRows);
    await saveWith(b)('Biobank', { id: 'Sample ID', barcode: 'Tube Barcode', from: 'chosen' });
    const s = rowsScreen(b, 'Biobank');

    expect(await s.addRow('TB900001')).toMatchObject({ ok: true });
    expect(await s.addRow('TB900009')).toEqual({
      ok: false,
      message: "TB900009's row has no value in Sample ID: no label made.",
    });
    expect(await s.addRow('TB900010')).toEqual({
      ok: false,
      message: "TB900010's row has no value in Sample ID: no label made.",
    });
    // Every record still makes a label: none blocks the preview or the PDF.
    expect(s.records.map((r) => labelRecord.safeParse(r).success)).toEqual([true]);
  });
});

describe('Labels › print date', () => {
  it("{date} is the bench's calendar day, not UTC's", async () => {
    const b = await openBenches('spec');
    const before = process.env['TZ'];
    try {
      // Between them, one of these two is on another day than UTC at any hour.
      for (const zone of ['Etc/GMT-14', 'Etc/GMT+12']) {
        process.env['TZ'] = zone;
        const onBench = () => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
        const from = onBench();
        const s = new LabelSources(b.env.api);
        const day = s.today();
        const to = onBench();
        expect([from, to]).toContain(day);
      }
    } finally {
      if (before === undefined) delete process.env['TZ'];
      else process.env['TZ'] = before;
    }
  });
});

describe('Labels › a plate or box', () => {
  it('on a service that lists no wells, says the wells filled elsewhere get no label, and never that every one is labelled', async () => {
    const b = await openBenches('spec');
    const s = new LabelSources(b.env.api, () => PRINT_DAY);
    s.kind = 'wells';
    const o = await s.loadPlate({ barcode: 'PLT000001' });
    expect(o).toEqual({
      ok: true,
      message:
        'PL-0001 QC Plate 1: 0 filled wells known here. 12 wells filled elsewhere are not known here and get no label.',
    });
    expect(s.unknownFilled).toBe(12);
    expect(s.wellsNote).toBe('12 wells filled elsewhere are not known here and get no label.');
    expect(s.selectionSaid).toBe('None chosen: every filled well known here is labelled.');
    expect(s.records).toEqual([]);
  });

  it('on a service that lists its wells, labels them all and says so', async () => {
    const b = await openBenches('extended');
    const s = new LabelSources(b.env.api, () => PRINT_DAY);
    s.kind = 'wells';
    expect(await s.loadPlate({ barcode: 'PLT000001' })).toEqual({
      ok: true,
      message: 'PL-0001 QC Plate 1: 10 filled wells',
    });
    expect(s.wellsNote).toBe(null);
    expect(s.selectionSaid).toBe('None chosen: every filled well is labelled.');
  });

  it('finds a box again by the uuid its label from "New locations" encodes, in either case', async () => {
    const b = await openBenches('spec');
    const uuid = b.sandbox().store.manifests.find('barcode', 'BOX000001')!.uuid;
    const s = new LabelSources(b.env.api, () => PRINT_DAY);
    expect(await s.loadPlate({ barcode: uuid.toUpperCase() })).toMatchObject({ ok: true });
    expect(s.plate?.hrid).toBe('BX-0001');
    expect(s.records).toEqual([
      { id: 'BOX000001', name: 'Freezer Box 1', hrid: 'BX-0001', barcode: 'BOX000001', date: PRINT_DAY },
    ]);
  });

  it("a well's label names its tube by sample ID and position, never by the well's label code (SAMPLE)", async () => {
    const b = await openBenches('extended');
    const s = new LabelSources(b.env.api, () => PRINT_DAY);
    s.kind = 'wells';
    await s.loadPlate({ barcode: 'PLT000001' });
    expect(s.records[0]).toEqual({ id: 'S-0001', position: 'A1', hrid: 'PL-0001', date: PRINT_DAY });
    expect(s.records.some((r) => r.name !== undefined)).toBe(false);
  });
});
