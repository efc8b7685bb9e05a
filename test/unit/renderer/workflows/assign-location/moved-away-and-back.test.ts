import { describe, expect, it } from 'vitest';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * A tube taken out of a box and scanned into another location while the service is out of reach, then
 * put back and scanned into the first box again. Before, the first box still drew the tube where it was
 * (its move away was another location's entry), so the scan back was a "Duplicate", nothing was
 * recorded, and once synced the service had the tube in the other location while it stood in the box.
 * The real main in-process and its embedded sandbox, behind a proxy that takes the service away.
 */
const openBenches = benchesPerTest();

describe.each(['spec', 'extended'] as const)('a tube moved away offline and back (%s answers)', (profile) => {
  it('put there from this computer: the scan back is recorded, and the service ends with it in the box', async () => {
    const b = await openBenches(profile);
    await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
    const first = b.assignScreen();
    await first.scan('BOX000001');
    await first.scan('TB000101');
    expect(b.said()).toMatch(/TB000101 → .* A1$/);
    await b.sync();
    expect(b.heldOnService('BOX000001', 'A1')).toBe('S-0101');
    await first.scan('BOX000001'); // read again: the service lists it there (extended)

    const away = b.assignScreen();
    await away.scan('PLT000003'); // read while the service answers, so it opens offline
    await b.queueHeldOffline();
    await away.scan('PLT000003');
    await away.scan('TB000101');
    expect(b.said()).toMatch(/TB000101 → .* A1$/);

    const back = b.assignScreen();
    await back.scan('BOX000001');
    await back.scan('A1');
    await back.scan('TB000101');
    expect(b.said()).toMatch(/TB000101 → .* A1$/);

    b.proxy().setFaults([]);
    for (let i = 0; i < 4; i++) await b.sync();
    expect(b.heldOnService('PLT000003', 'A1')).toBeNull();
    expect(b.heldOnService('BOX000001', 'A1')).toBe('S-0101');
  });

  it('put there by another bench: the box no longer draws it while its move away waits', async () => {
    const b = await openBenches(profile);
    await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
    await b.otherAssigns('BOX000001', 'B2', 'S-0102');
    const first = b.assignScreen();
    await first.scan('BOX000001');

    const away = b.assignScreen();
    await away.scan('PLT000003'); // read while the service answers, so it opens offline
    await b.queueHeldOffline();
    await away.scan('PLT000003');
    await away.scan('TB000102');
    expect(b.said()).toMatch(/TB000102 → .* A1$/);

    const back = b.assignScreen();
    await back.scan('BOX000001');
    await back.scan('B2');
    await back.scan('TB000102');
    expect(b.said()).toMatch(/TB000102 → .* B2$/);

    b.proxy().setFaults([]);
    for (let i = 0; i < 4; i++) await b.sync();
    expect(b.heldOnService('BOX000001', 'B2')).toBe('S-0102');
  });
});
