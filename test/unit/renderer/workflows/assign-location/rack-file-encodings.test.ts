import { describe, expect, it } from 'vitest';
import { parseRackCsv } from '../../../../../renderer/workflows/assign-location/rack-csv.js';
import { rackFileText } from '../../../../../renderer/workflows/assign-location/rack-text.js';

/**
 * Rack files as bytes, the way the file chooser hands them over. A UTF-16 export (a spreadsheet's
 * "Unicode text", some rack scanners' own software) read as UTF-8 gave no line naming a position, and
 * nothing was saved.
 */
const box = { rows: 9, columns: 9 };
const FILE = 'Position,Barcode\r\nA1,TB000101\r\nA2,TB000102\r\n';

function utf16(text: string, order: 'le' | 'be', mark: boolean): Uint8Array {
  const out: number[] = mark ? (order === 'le' ? [0xff, 0xfe] : [0xfe, 0xff]) : [];
  for (const ch of text) {
    const c = ch.charCodeAt(0);
    out.push(...(order === 'le' ? [c & 0xff, c >> 8] : [c >> 8, c & 0xff]));
  }
  return Uint8Array.from(out);
}

const tubes = (bytes: Uint8Array) =>
  parseRackCsv(rackFileText(bytes), box).good.map((r) => `${r.position} ${r.barcode}`);

describe('rack files in the encodings real exports use', () => {
  it.each([
    ['UTF-16 little-endian with its mark', utf16(FILE, 'le', true)],
    ['UTF-16 big-endian with its mark', utf16(FILE, 'be', true)],
    ['UTF-16 little-endian without a mark', utf16(FILE, 'le', false)],
    ['UTF-8 with its mark', Uint8Array.from([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(FILE)])],
    ['plain UTF-8', new TextEncoder().encode(FILE)],
  ])('%s: both tubes are read', (_, bytes) => {
    expect(tubes(bytes)).toEqual(['A1 TB000101', 'A2 TB000102']);
  });

  it('bytes that are not UTF-8 are read with a stand-in character, never thrown on', () => {
    const bytes = Uint8Array.from([...new TextEncoder().encode('A1,TB0001'), 0xe9, 0x0a]);
    expect(rackFileText(bytes)).toBe('A1,TB0001\uFFFD\n');
  });
});
