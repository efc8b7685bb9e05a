import { describe, expect, it } from 'vitest';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * A location label scanned while the service cannot be reached, and it is not known here. On the old code
 * the lookup's failure was thrown past the screen: the box open before stayed open with A1 chosen, so the
 * next tube, meant for the freezer, was queued into the box. The real main in-process with its embedded
 * sandbox, reached through the fault proxy.
 */
const open = benchesPerTest();

describe('Assign location: a location barcode that cannot be looked up (offline)', () => {
  it('says why, closes the box open before, and the next tube is not put into it', async () => {
    const b = await open('spec');
    const { s, scan } = b.assignScreen();
    await scan('BOX000001');
    await scan('A1');
    b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
    await scan('LOC-FREEZER-9');
    expect(b.said()).toMatch(
      /^NOT OPENED: Could not look up "LOC-FREEZER-9": the service could not be reached.* BX-0001 Freezer Box 1 was closed, so no tube goes into it by mistake$/,
    );
    expect(s.location).toBeNull();
    expect(s.armed).toBeNull();
    // The service back: on the old code this tube went into BX-0001 at A1.
    b.proxy().setFaults([]);
    await scan('TB000150');
    expect(s.assignments).toEqual([]);
    expect(b.said()).toBe('Scan a location, box or plate first');
  });
});
