import { expect, it } from 'vitest';
import { plateSvg } from '../../../../main/plate-record/plate-picture.js';
import { plateOfFolder, recordNames } from '../../../../main/plate-record/record-folders.js';
import { inTimeZone as inZone } from './helpers.js';

it("a record's names carry the day and time of the bench's clock, not UTC's", () => {
  // 09:30 on 2 March in Auckland is still 1 March in UTC.
  const at = Date.parse('2026-03-01T20:30:05Z');
  const names = inZone('Pacific/Auckland', () => recordNames('PL-0001', at));
  expect(names).toEqual({ base: 'PLATE_PL-0001_2026-03-02_093005', folder: 'PLATE_PL-0001_2026-03-02_093005' });
  expect(plateOfFolder(names.folder)).toBe('PL-0001');
  expect(inZone('America/Los_Angeles', () => recordNames('PL-0001', at)).folder).toBe(
    'PLATE_PL-0001_2026-03-01_123005',
  );
});

it('the picture says the same time, and on which clock', () => {
  const at = new Date('2026-03-01T20:30:05Z');
  const svg = inZone('Pacific/Auckland', () => plateSvg({ hrid: 'PL-1', name: 'QC', rows: 8, columns: 12 }, [], at));
  expect(svg).toContain('96-well plate map · 2026-03-02 09:30 (UTC+13:00)');
});
