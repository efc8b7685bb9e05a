import { describe, expect, it } from 'vitest';
import { parseRackCsv } from '../../../../../renderer/workflows/assign-location/rack-csv.js';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * Rack scanner exports as real scanners and spreadsheets write them, read on Assign location on the real
 * main in-process and its embedded sandbox (demo data: TB000n is the row S-000n). On the old code
 * misread markers spelled `NO-READ`, `NO_READ` or `No_Tube` were saved as tubes; a "Rack Barcode" column
 * was taken for the tubes' (every read the rack's barcode); "Tube Position" was no position column;
 * positions counted 1, 2, … were said as another rack's file; and a spreadsheet's blank rows (`,,`) were
 * said as lines naming no position, the file marked not all saved.
 */
const open = benchesPerTest();
const box = { rows: 9, columns: 9 };

describe('rack scanner exports on Assign location', () => {
  it('takes misread and empty-slot markers written with a dash or an underscore as what they are, not as tubes', () => {
    const r = parseRackCsv(
      ['A1,TB000100', 'A2,NO-READ', 'A3,NO_READ', 'A4,Not_Read', 'A5,Read-Error', 'A6,No_Tube', 'A7,NO-TUBE'].join(
        '\n',
      ),
      box,
    );
    expect(r.good).toEqual([{ position: 'A1', barcode: 'TB000100' }]);
    expect(r.bad.map((b) => `${b.position} ${b.raw}`)).toEqual([
      'A2 NO-READ',
      'A3 NO_READ',
      'A4 Not_Read',
      'A5 Read-Error',
    ]);
    expect(r.empty).toEqual(['A6', 'A7']);
  });

  it('offline, a file of such markers saves only its tube', async () => {
    const b = await open('spec');
    const { s, scan } = b.assignScreen();
    await scan('BOX000001');
    b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
    const said = await s.rack.importText(['Position,Barcode', 'A1,TB000100', 'A2,NO_READ', 'A3,No_Tube'].join('\n'));
    expect(said).toEqual({ text: '1 tube saved from the rack file; 1 position to rescan: A2', ok: false });
    expect(s.assignments.map((a) => `${a.id}@${a.position}`)).toEqual(['TB000100@A1']);
  });

  it('"Rack Barcode,Position,Tube Barcode": the tubes are read from the tube column, not the rack’s', async () => {
    const b = await open('spec');
    const { s, scan } = b.assignScreen();
    await scan('BOX000001');
    const said = await s.rack.importText(['Rack Barcode,Position,Tube Barcode', 'RK000001,A1,TB000160'].join('\n'));
    expect(said).toEqual({ text: '1 tube saved from the rack file', ok: true });
    expect(s.assignments.map((a) => `${a.id}@${a.position}`)).toEqual(['TB000160@A1']);
  });

  it('"Rack ID,Tube Position,Tube Barcode" is read by those columns', async () => {
    const b = await open('spec');
    const { s, scan } = b.assignScreen();
    await scan('BOX000001');
    const said = await s.rack.importText(
      ['Rack ID,Tube Position,Tube Barcode', 'RK000001,A1,TB000161', 'RK000001,A2,TB000162'].join('\n'),
    );
    expect(said).toEqual({ text: '2 tubes saved from the rack file', ok: true });
    expect(s.assignments.map((a) => `${a.id}@${a.position}`)).toEqual(['TB000161@A1', 'TB000162@A2']);
  });

  it('"Well Position" names the position column too', () => {
    expect(parseRackCsv(['Rack,Well Position,Tube ID', 'RK1,B3,TB000170'].join('\n'), box).good).toEqual([
      { position: 'B3', barcode: 'TB000170' },
    ]);
  });

  it('positions written as numbers are said plainly as not supported, not as another rack’s file', async () => {
    const b = await open('spec');
    const { s, scan } = b.assignScreen();
    await scan('BOX000001');
    for (const file of [
      ['Position,Barcode', '1,TB000163', '2,TB000164'],
      ['Rack ID,Tube Position,Tube Barcode', 'RK000001,1,TB000163', 'RK000001,2,TB000164'],
    ]) {
      const said = await s.rack.importText(file.join('\n'));
      expect(said).toEqual({
        text:
          'Nothing from the rack file was saved: its positions are written as numbers (1, 2, …), and Benchlink ' +
          "cannot tell which slot of BX-0001 Freezer Box 1 a number is. Export the rack's file with positions " +
          'written as row letter and column (A1, A2, …), then choose it again',
        ok: false,
      });
    }
    expect(s.assignments).toEqual([]);
  });

  it('a spreadsheet’s blank rows are no lines of the rack: every tube saved is said as all saved', async () => {
    const b = await open('spec');
    const { s, scan } = b.assignScreen();
    await scan('BOX000001');
    const said = await s.rack.importText(
      ['Rack,Position,Barcode', 'RK1,A1,TB000165', ',,', 'RK1,A2,TB000166', ',,', ',,'].join('\n'),
    );
    expect(said).toEqual({ text: '2 tubes saved from the rack file', ok: true });
  });
});
