import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { gridCsv, wellTableCsv } from '../../../../main/plate-record/record-tables.js';
import type { RecordWell } from '../../../../main/plate-record/record-wells.js';

const well = (position: string, id: string | null, label = '', tags: string[] = []): RecordWell => ({
  position,
  sample: id === null ? null : { id, labsheet: 'Samples' },
  label,
  tags,
  filledAt: null,
  known: true,
});

describe("a plate record's CSVs opened in a spreadsheet", () => {
  const wells = [
    well('A1', '=HYPERLINK("http://evil","x")'),
    well('A2', '@SUM(A1)'),
    well('B1', '+1+cmd', '', ['-tag']),
    well('B2', '-5'),
    well('C1', null, '=POS_CONTROL'),
  ];

  it('the well table shows formula-like text as text, and leaves numbers alone', () => {
    const rows = parse(wellTableCsv(wells), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r['sample id'])).toEqual([
      `'=HYPERLINK("http://evil","x")`,
      `'@SUM(A1)`,
      `'+1+cmd`,
      '-5',
      '',
    ]);
    expect(rows[2]!['tags']).toBe(`'-tag`);
    expect(rows[4]!['label']).toBe(`'=POS_CONTROL`);
    expect(rows[0]!['position']).toBe('A1');
  });

  it('the grid does too', () => {
    const m = parse(gridCsv(wells, { rows: 3, columns: 2 })) as string[][];
    expect(m[0]).toEqual(['', '1', '2']);
    expect(m[1]).toEqual(['A', `'=HYPERLINK("http://evil","x")`, `'@SUM(A1)`]);
    expect(m[2]).toEqual(['B', `'+1+cmd`, '-5']);
    expect(m[3]).toEqual(['C', `'=POS_CONTROL`, '']);
  });
});

describe('a well labelled SAMPLE with no sample in it', () => {
  const wells = [well('A1', null, 'SAMPLE'), well('A2', null, 'POS_CONTROL'), well('A3', 'S-0001', 'SAMPLE')];

  it('is empty in the well table, as in the grid and the picture (Well fill fills it)', () => {
    const rows = parse(wellTableCsv(wells), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r['position'], r['content']])).toEqual([
      ['A1', 'empty'],
      ['A2', 'label'],
      ['A3', 'sample'],
    ]);
    expect(parse(gridCsv(wells, { rows: 1, columns: 3 }))).toEqual([
      ['', '1', '2', '3'],
      ['A', '', 'POS_CONTROL', 'S-0001'],
    ]);
  });
});
