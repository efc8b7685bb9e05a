import { describe, expect, it } from 'vitest';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * A tube this computer put in a box, moved out since by another bench, on a service that lists its
 * wells. Before, this computer's confirmed assignment stood over the newer listing: both screens drew the
 * tube still in the box, scanning it back was a "Duplicate" (nothing recorded), and a tag on that well
 * from Well fill wrote the sample back into the box on the service. The real main in-process and its
 * embedded sandbox; the other bench writes over HTTP.
 */
const openBenches = benchesPerTest();

describe('a tube another bench moved out of the box (extended answers)', () => {
  it('the box read again has the position free, on Assign location and on Well fill', async () => {
    const b = await openBenches('extended');
    await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
    const first = b.assignScreen();
    await first.scan('BOX000001');
    await first.scan('TB000101');
    expect(b.said()).toMatch(/TB000101 → .* A1$/);
    await b.sync();
    await b.otherAssigns('PLT000003', 'A5', 'S-0101');
    expect(b.heldOnService('BOX000001', 'A1')).toBeNull();

    await b.scan('BOX000001');
    expect(b.s.wells['A1']).toMatchObject({ sample: null });

    const back = b.assignScreen();
    await back.scan('BOX000001');
    await back.scan('A1');
    await back.scan('TB000101');
    expect(b.said()).toMatch(/TB000101 → .* A1$/);
    await b.sync();
    expect(b.heldOnService('BOX000001', 'A1')).toBe('S-0101');
  });
});

/**
 * The same on a service that lists no wells (as the spec has it): only its count of empty positions
 * says a tube left. Counting fewer used positions than this computer's confirmed assignments fill, the
 * box's record of them is out of date: which one left is not known, so none of them is drawn as there.
 */
describe('a tube another bench moved out of the box (spec answers)', () => {
  it('the count of empty positions outranks the record: the position is free, the tube placed again', async () => {
    const b = await openBenches('spec');
    await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
    const first = b.assignScreen();
    await first.scan('BOX000001');
    await first.scan('TB000101');
    await first.scan('TB000102');
    expect(b.said()).toMatch(/TB000102 → .* A2$/);
    await b.sync();
    await b.otherAssigns('PLT000003', 'A5', 'S-0101');

    await b.scan('BOX000001');
    expect(b.s.wells['A1']).toMatchObject({ sample: null });

    const back = b.assignScreen();
    await back.scan('BOX000001');
    await back.scan('A1');
    await back.scan('TB000101');
    expect(b.said()).toMatch(/TB000101 → .* A1$/);
    await b.sync();
    expect(b.heldOnService('BOX000001', 'A1')).toBe('S-0101');
    expect(b.heldOnService('BOX000001', 'A2')).toBe('S-0102');
  });

  it('while the count agrees, this computer’s tubes stay drawn where it put them', async () => {
    const b = await openBenches('spec');
    await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
    const first = b.assignScreen();
    await first.scan('BOX000001');
    await first.scan('TB000101');
    await b.sync();
    const again = b.assignScreen();
    await again.scan('BOX000001');
    await again.scan('TB000101');
    expect(b.said()).toMatch(/^Duplicate: TB000101 is already in A1/);
  });
});
