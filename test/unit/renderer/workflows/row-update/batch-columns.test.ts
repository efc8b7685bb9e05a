import { describe, expect, it } from 'vitest';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';
import { rowScreen } from './row-screen.js';

/**
 * Row update's batch Field is typed: the labsheet's columns are offered as it is typed, so a typo is not the
 * first thing a bench learns of a column's name (it is refused at the scan, with the nearest name). Not the
 * row uuid, nor the columns naming the rows: one value written to every tube's ID would make them one.
 */
const openBenches = benchesPerTest();

describe('Row update › batch Field', () => {
  it("offers the labsheet's columns as read, not its uuid nor its ID and barcode columns", async () => {
    const b = await openBenches('spec');
    const { s, close } = await rowScreen(b);
    try {
      s.mode = 'batch';
      expect(s.batchColumns).toEqual([]);
      await s.loadIdColumns();
      expect(s.batchColumns).toEqual(expect.arrayContaining(['Volume uL', 'Status', 'Notes']));
      expect(s.batchColumns).not.toContain('uuid');
      expect(s.batchColumns).not.toContain('Sample ID');
      expect(s.batchColumns).not.toContain('Tube Barcode');
      // Its Value: the values the rows hold in that column, most held first; none until the Field names one.
      s.batchField = 'Stat';
      await s.loadBatchValues();
      expect(s.batchValues).toEqual([]);
      s.batchField = 'Status';
      await s.loadBatchValues();
      const held = (await b.env.call('lab.fetchLabsheetRows', { labsheet: 'Samples', pageSize: 1000 })).rows;
      const at = (await b.env.call('lab.fetchLabsheetRows', { labsheet: 'Samples', pageSize: 1 })).headers.indexOf(
        'Status',
      );
      const counts = new Map<string, number>();
      for (const r of held) counts.set(String(r[at]), (counts.get(String(r[at])) ?? 0) + 1);
      expect(new Set(s.batchValues)).toEqual(new Set(counts.keys()));
      expect(s.batchValues[0]).toBe([...counts].sort((x, y) => y[1] - x[1])[0]![0]);
      // A value none holds beside one that is near it is said, never refused (a new value is the user's).
      const held0 = s.batchValues[0]!;
      s.batchValue = held0;
      expect(s.batchValueHint).toBeNull();
      s.batchValue = held0.toUpperCase();
      expect(s.batchValueHint).toBe(
        `No row of Samples holds "${held0.toUpperCase()}" in Status yet; did you mean "${held0}"?`,
      );
      s.batchValue = 'frozen at -80 in rack 7';
      expect(s.batchValueHint).toBeNull();
      // Another labsheet chosen: none of the one before's.
      s.labsheet = 'Reagents';
      expect(s.batchColumns).toEqual([]);
      await s.loadIdColumns();
      expect(s.batchColumns).toEqual(expect.arrayContaining(['Name', 'Lot', 'Expires']));
      expect(s.batchColumns).not.toContain('Reagent ID');
    } finally {
      close();
    }
  });

  it("a text field of the open row offers the values the labsheet's rows hold in its column, once entered", async () => {
    const b = await openBenches('spec');
    const { s, scan, close } = await rowScreen(b);
    try {
      await scan('TB000011');
      expect(s.row?.row['Sample ID']).toBe('S-0011');
      expect(s.fieldValues.byColumn).toEqual({});
      await s.fieldValuesFor('Status');
      expect(s.fieldValues.labsheet).toBe('Samples');
      expect(s.fieldValues.byColumn['Status']).toEqual(expect.arrayContaining(['received', 'depleted']));
      expect(s.fieldValues.byColumn['Status']).toContain(String(s.row?.row['Status']));
    } finally {
      s.stop();
      close();
    }
  });
});
