import { describe, expect, it } from 'vitest';
import { parseRackCsv } from '../../../../../renderer/workflows/assign-location/rack-csv.js';

const box = { rows: 9, columns: 9 };

describe('rack scanner CSV import', () => {
  it('keeps the good reads and marks the misread positions for a rescan', () => {
    const csv = 'Position,Barcode\nA1,TB000001\nA2,NOREAD\nA03,TB000003\nA4,\nA5,ERROR\n';
    const r = parseRackCsv(csv, box);
    expect(r.good).toEqual([
      { position: 'A1', barcode: 'TB000001' },
      { position: 'A3', barcode: 'TB000003' },
    ]);
    expect(r.bad.map((b) => b.position)).toEqual(['A2', 'A5']);
    expect(r.ignored).toBe(1);
  });
  it('reads ; and tab separated files', () => {
    expect(parseRackCsv('B1;TB1\nB2;TB2', box).good).toHaveLength(2);
    expect(parseRackCsv('C1\tTB1\nC2\tTB2', box).good).toHaveLength(2);
  });
  it('a barcode read twice is kept at both positions: the import, which knows every name of a tube, decides', () => {
    const r = parseRackCsv('A1,TB9\nA2,TB9', box);
    expect(r.good).toEqual([
      { position: 'A1', barcode: 'TB9' },
      { position: 'A2', barcode: 'TB9' },
    ]);
    expect(r.bad).toEqual([]);
  });
  it('positions outside the box are ignored, not imported', () => {
    const r = parseRackCsv('J1,TB1\nA1,TB2', box);
    expect(r.good).toEqual([{ position: 'A1', barcode: 'TB2' }]);
    expect(r.ignored).toBe(1);
  });
  it('takes what scanners write for a read they could not make as misreads, not tubes; says the lines that name no position', () => {
    const r = parseRackCsv(
      'A1,TB000100\nA2,N/A\nA3,NR\nA4,ERR\nA5,Unreadable\nA6,0000000000\nA 7,TB000107\nA8,TB000108',
      box,
    );
    // On the old code N/A and NR were saved as tubes, and the `A 7` line dropped unsaid.
    expect(r.good).toEqual([
      { position: 'A1', barcode: 'TB000100' },
      { position: 'A8', barcode: 'TB000108' },
    ]);
    expect(r.bad.map((b) => `${b.position} ${b.raw}`)).toEqual([
      'A2 N/A',
      'A3 NR',
      'A4 ERR',
      'A5 Unreadable',
      'A6 0000000000',
    ]);
    expect(r.unread).toEqual(['A 7,TB000107']);
  });
  it('a tab-separated file with a comma in a note is read by its tabs', () => {
    const r = parseRackCsv('Position\tBarcode\tNote\nA1\tTB1\tcap loose, checked\nA2\tTB2\t', box);
    expect(r.good).toEqual([
      { position: 'A1', barcode: 'TB1' },
      { position: 'A2', barcode: 'TB2' },
    ]);
    expect(r.unread).toEqual([]);
  });
  it('a "Rack,Position,Barcode" export is read by the columns its header names', () => {
    const r = parseRackCsv('Rack,Position,Barcode\nR1,A1,TB1\nR1,A2,NOREAD\nR1,A3,', box);
    expect(r.good).toEqual([{ position: 'A1', barcode: 'TB1' }]);
    expect(r.bad.map((b) => b.position)).toEqual(['A2']);
    expect(r.empty).toEqual(['A3']);
  });
});
