import { describe, expect, it } from 'vitest';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * A rack file that is not the open box's: positions the box does not have, or none of it at all. On the
 * old code those lines were dropped one by one and the rest saved as a success ("9 tubes saved"), the
 * other tubes lost unsaid; a file of no position of the box said a green "0 tubes saved".
 */
const open = benchesPerTest();
const tube = (n: number) => `TB${String(n).padStart(6, '0')}`;

describe('a rack file with reads the open box cannot take', () => {
  it('a 12-column rack’s file on a 9 × 9 box saves nothing and names the positions the box lacks', async () => {
    const b = await open('spec');
    const { s, scan } = b.assignScreen();
    await scan('BOX000001');
    expect(s.layout).toEqual({ rows: 9, columns: 9 });
    const lines = ['Position,Barcode'];
    for (let c = 1; c <= 12; c++) lines.push(`A${String(c).padStart(2, '0')},${tube(200 + c)}`);
    expect(await s.rack.importText(lines.join('\n'))).toEqual({
      text:
        'Nothing from the rack file was saved: it names 3 positions BX-0001 Freezer Box 1 does not have (A10 A11 A12). ' +
        'Is it the file of another rack, or is another box open? Open the rack’s box, or choose its file'.replace(
          '’',
          "'",
        ),
      ok: false,
    });
    expect(s.assignments).toEqual([]);
  });

  it('a file whose first column is the rack’s barcode is read by the columns its header names', async () => {
    const b = await open('spec');
    const { s, scan } = b.assignScreen();
    await scan('BOX000001');
    // Refused on the old code as "names no position … the file of another rack?".
    const said = await s.rack.importText(['Rack,Position,Tube', 'RK1,A01,TB000160', 'RK1,A02,TB000161'].join('\n'));
    expect(said).toEqual({ text: '2 tubes saved from the rack file', ok: true });
    expect(s.assignments.map((a) => `${a.id}@${a.position}`)).toEqual(['TB000160@A1', 'TB000161@A2']);
  });

  it('with no header line, it is refused for its columns, not as the file of another rack', async () => {
    const b = await open('spec');
    const { s, scan } = b.assignScreen();
    await scan('BOX000001');
    const said = await s.rack.importText(['RK1,A01,TB000301', 'RK1,A02,TB000302'].join('\n'));
    expect(said.ok).toBe(false);
    expect(said.text).toMatch(
      /^Nothing from the rack file was saved: its lines have 3 columns, and the first is no position of BX-0001 Freezer Box 1/,
    );
  });

  it('lines of the export’s own (a rack ID, a date) pass: the file’s tubes are saved', async () => {
    const b = await open('spec');
    const { s, scan } = b.assignScreen();
    await scan('BOX000001');
    const csv = ['Rack ID,RK000001', 'Date,2026-11-27', 'Position,Barcode', `A1,${tube(150)}`, `A2,${tube(151)}`];
    expect(await s.rack.importText(csv.join('\n'))).toEqual({ text: '2 tubes saved from the rack file', ok: true });
  });
});
