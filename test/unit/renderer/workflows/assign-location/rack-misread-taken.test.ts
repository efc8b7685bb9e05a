import { describe, expect, it } from 'vitest';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * A rack file's misread (NOREAD, or a line that is no tube) at a position the box's record already
 * fills. On the real main in-process and its embedded sandbox (extended answers: it lists a box's
 * wells; demo data: TB000n is the row S-000n).
 */
const openBenches = benchesPerTest();

const csv = (...lines: string[]) => ['Position,Barcode', ...lines].join('\n');

describe('a rack file misread where the box already holds a tube', () => {
  it('is not listed to rescan (the next scan could not go there): the summary names the tube to check by eye', async () => {
    const b = await openBenches('extended');
    await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
    const first = b.assignScreen();
    await first.scan('BOX000001');
    await first.scan('TB000120');
    await b.sync();
    await b.otherAssigns('BOX000001', 'A5', 'S-0099');
    const { s, scan } = b.assignScreen();
    await scan('BOX000001');

    // A1 holds TB000120 (this computer's), A5 S-0099 (another bench's); A2 is free.
    const said = await s.rack.importText(csv('A1,NOREAD', 'A2,NOREAD', 'A3,TB000121', 'A5,PLT000003'));
    expect(said).toEqual({
      text:
        '1 tube saved from the rack file; 1 position to rescan: A2; A1 could not be read (NOREAD), and the ' +
        "box's record already has TB000120 there: check it by eye (nothing to rescan there); A5 could not be " +
        "read (PLT000003), and the box's record already has S-0099 there: check it by eye (nothing to rescan there)",
      ok: false,
    });
    expect(s.rescan).toEqual(['A2']);
    expect(s.rack.bad.map((x) => x.position)).toEqual(['A2']);

    // The rescan goes where a tube can go; the tube after it to the next free position, not over A1.
    await scan('TB000122');
    expect(b.said()).toMatch(/^TB000122 → BX-0001 .* A2$/);
    await scan('TB000123');
    expect(b.said()).toMatch(/^TB000123 → BX-0001 .* A4$/);
    await b.sync();
    expect(await b.env.call('outbox.counts', {})).toMatchObject({ failed: 0, uncertain: 0, pending: 0 });
    expect(['A1', 'A2', 'A3', 'A4', 'A5'].map((p) => b.heldOnService('BOX000001', p))).toEqual([
      'S-0120',
      'S-0122',
      'S-0121',
      'S-0123',
      'S-0099',
    ]);
  });
});
