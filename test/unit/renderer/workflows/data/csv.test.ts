import { describe, expect, it } from 'vitest';
import { csvField, csvFileName, toCsv } from '../../../../../renderer/workflows/data/lib/csv.js';

describe('CSV export', () => {
  it('leaves plain values alone and writes null as an empty field', () => {
    expect(csvField('S-0001')).toBe('S-0001');
    expect(csvField(12.5)).toBe('12.5');
    expect(csvField(null)).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling inner quotes (RFC 4180)', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('5" tube')).toBe('"5"" tube"');
    expect(csvField('line1\nline2')).toBe('"line1\nline2"');
    expect(csvField('cr\rlf')).toBe('"cr\rlf"');
  });

  it('keeps leading and trailing spaces by quoting them', () => {
    expect(csvField(' padded ')).toBe('" padded "');
  });

  it('defuses text a spreadsheet would run as a formula, but not numbers', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('+cmd')).toBe("'+cmd");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-5')).toBe('-5');
    expect(csvField('+1.5e3')).toBe('+1.5e3');
    expect(csvField(-5)).toBe('-5');
  });

  it('builds a whole file with CRLF line ends, aligned to the headers', () => {
    const csv = toCsv(
      ['uuid', 'Sample ID', 'Notes'],
      [
        ['u1', 'S-1', 'ok, fine'],
        ['u2', 'S-2', null],
      ],
    );
    expect(csv).toBe('uuid,Sample ID,Notes\r\nu1,S-1,"ok, fine"\r\nu2,S-2,\r\n');
  });

  it('pads short rows so every line has as many fields as there are headers', () => {
    expect(toCsv(['a', 'b', 'c'], [['1']])).toBe('a,b,c\r\n1,,\r\n');
  });

  it('names the file after the labsheet and the rows it holds, safely', () => {
    expect(csvFileName('Samples', 2, 50)).toBe('Samples-rows-51-100.csv');
    expect(csvFileName('a/b:c*d', 1, 25)).toBe('a_b_c_d-rows-1-25.csv');
    expect(csvFileName('///', 1, 5)).toBe('labsheet-rows-1-5.csv');
  });
});
