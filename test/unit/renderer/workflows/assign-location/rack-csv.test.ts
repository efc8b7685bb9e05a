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
});
