import { describe, expect, it } from 'vitest';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * A tube put in a box on Assign location by its barcode, then moved to a plate by its sample ID (as
 * a label or a rack file names it): the box, opened again on either screen, has that position free,
 * as the service does. Before, this computer's first assignment still stood for main (it was matched
 * by the text scanned), so the box drew the tube in its old position and the next tube went past it.
 * Both screens on the real main in-process and its embedded sandbox; `spec` lists no wells (as a real
 * service may), `extended` does.
 */
const openBenches = benchesPerTest();

describe.each(['spec', 'extended'] as const)('a tube moved out of a box under another name (%s answers)', (profile) => {
  it('the box, opened again, has its old position free: drawn empty, filled next', async () => {
    const b = await openBenches(profile);
    await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
    const first = b.assignScreen();
    await first.scan('BOX000001');
    await first.scan('TB000101');
    expect(b.said()).toMatch(/TB000101 → .* A1$/);
    await b.sync();

    const move = b.assignScreen();
    await move.scan('PLT000003');
    await move.scan('S-0101');
    expect(b.said()).toMatch(/S-0101 → .* A1$/);
    await b.sync();
    expect(await b.env.call('outbox.counts', {})).toMatchObject({ pending: 0, failed: 0, uncertain: 0 });
    expect(b.heldOnService('BOX000001', 'A1')).toBeNull();
    expect(b.heldOnService('PLT000003', 'A1')).toBe('S-0101');

    await b.scan('BOX000001');
    expect(b.s.wells['A1']).toMatchObject({ sample: null });
    expect(b.s.cursor).toBe('A1');

    const again = b.assignScreen();
    await again.scan('BOX000001');
    await again.scan('TB000102');
    expect(b.said()).toMatch(/TB000102 → .* A1$/);
  });
});
