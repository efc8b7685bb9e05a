import { describe, expect, it } from 'vitest';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * A rack file's lists (positions to rescan, reads whose position is taken) are about the box it was read
 * for. On the real main in-process and its embedded sandbox (demo data: TB000n is the row S-000n).
 */
const openBenches = benchesPerTest();

const csv = (...lines: string[]) => ['Position,Barcode', ...lines].join('\n');

describe('a rack file’s lists when another box is opened', () => {
  it('go with the box: the new box shows no misread as rescanned, and the next tube takes its first free position', async () => {
    const b = await openBenches('extended');
    const { s, scan } = b.assignScreen();
    await scan('BOX000001');
    const said = await s.rack.importText(csv('A1,TB000130', 'A2,NOREAD', 'A3,TB000131'));
    expect(said.text).toMatch(/1 position to rescan: A2/);
    expect(s.rack.bad.map((x) => x.position)).toEqual(['A2']);

    // Left, A2 (of BX-0001) read "Every misread position rescanned" under the plate: nothing was rescanned.
    await scan('PLT000003');
    expect(s.location?.name).toMatch(/PL-0003/);
    expect(s.rescan).toEqual([]);
    expect([s.rack.bad, s.rack.taken, s.rack.waiting]).toEqual([[], [], []]);
    await scan('TB000132');
    expect(b.said()).toMatch(/^TB000132 → PL-0003 .* A1$/);
  });
});
