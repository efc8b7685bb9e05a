import { describe, expect, it } from 'vitest';
import { columnsFor } from '../../../../../renderer/workflows/labels/row-columns.js';
import { recordFromRow, recordsForWells } from '../../../../../shared/labels/index.js';

/** Which row cells a tube's label prints: a header names a field only as a whole, and a date prints as a day. */
describe('Labels › fields of a scanned row', () => {
  const idColumn = 'Sample ID';
  const barcodeColumn = null;

  it('a volume column is "Volume" with or without its unit; "Volume unit" and "Volume notes" are not', () => {
    for (const volume of ['Volume', 'Volume uL', 'Volume (µL)', 'volume (ml)', 'Volume µl'])
      expect(columnsFor({ headers: ['Volume unit', volume], idColumn, barcodeColumn }).volume).toBe(volume);
    expect(columnsFor({ headers: ['Volume unit', 'Volume notes'], idColumn, barcodeColumn }).volume).toBeUndefined();
  });

  it('a date column is a date word as the whole header; "Created by" and "Received from" are not', () => {
    for (const date of ['Date', 'Received', 'Collected', 'Date received', 'Collection date', 'Created on'])
      expect(columnsFor({ headers: ['Created by', date], idColumn, barcodeColumn }).date).toBe(date);
    expect(
      columnsFor({ headers: ['Created by', 'Received from', 'Date of birth'], idColumn, barcodeColumn }).date,
    ).toBeUndefined();
  });

  it('prints a date cell as a day: epoch ms of a whole day, an ISO date as written; a cell with no date keeps the print date', () => {
    const map = { id: 'Sample ID', date: 'Received' };
    expect(recordFromRow({ 'Sample ID': 'S-1', Received: Date.UTC(2025, 10, 26) }, map).date).toBe('2025-11-26');
    expect(recordFromRow({ 'Sample ID': 'S-1', Received: '2025-11-26' }, map).date).toBe('2025-11-26');
    // An instant prints as the day it was on this bench's calendar.
    const at = new Date(2025, 10, 26, 23, 30);
    expect(recordFromRow({ 'Sample ID': 'S-1', Received: at.getTime() }, map).date).toBe('2025-11-26');
    expect(recordFromRow({ 'Sample ID': 'S-1', Received: at.toISOString() }, map).date).toBe('2025-11-26');
    expect(recordFromRow({ 'Sample ID': 'S-1', Received: 'pending' }, map).date).toBeUndefined();
    expect(recordFromRow({ 'Sample ID': 'S-1', Received: null }, map).date).toBeUndefined();
  });
});

describe('Labels › fields of a well', () => {
  it("a well's label code (SAMPLE, POS_CONTROL) is not printed as the tube's name", () => {
    const wells = [
      { position: 'A1', sample: { id: 'S-1' }, label: 'SAMPLE' },
      { position: 'H11', sample: { id: 'S-C1' }, label: 'POS_CONTROL' },
    ];
    expect(recordsForWells({ name: 'QC Plate 1', hrid: 'PL-0001', barcode: 'PLT000001' }, wells)).toEqual([
      { id: 'S-1', position: 'A1', hrid: 'PL-0001' },
      { id: 'S-C1', position: 'H11', hrid: 'PL-0001' },
    ]);
  });

  it("a rack's wells chosen on Labels: each chosen well's record in the order chosen, each well read once, not once a chosen one", () => {
    const pos = (i: number) => `${String.fromCharCode(65 + Math.floor(i / 48))}${(i % 48) + 1}`;
    let reads = 0;
    const wells = Array.from(
      { length: 1248 },
      (_, i) =>
        Object.defineProperty({ sample: i % 2 ? null : { id: `S-${i}` } }, 'position', {
          enumerable: true,
          get: () => (reads++, pos(i)),
        }) as { position: string; sample: { id: string } | null },
    );
    const chosen = [pos(4), pos(1), pos(1247), pos(0)];
    const all = Array.from({ length: 1248 }, (_, i) => pos(i));
    expect(recordsForWells({ name: 'Rack', hrid: 'RK-1', barcode: '' }, wells, chosen)).toEqual([
      { id: 'S-4', position: pos(4), hrid: 'RK-1' },
      { id: 'S-0', position: pos(0), hrid: 'RK-1' },
    ]);
    reads = 0;
    expect(recordsForWells({ name: 'Rack', hrid: 'RK-1', barcode: '' }, wells, all)).toHaveLength(624);
    // Every well read for every chosen one: 1,248 × 1,248 reads.
    expect(reads / wells.length).toBeLessThan(10);
  });
});
