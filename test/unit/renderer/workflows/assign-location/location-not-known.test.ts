import { describe, expect, it } from 'vitest';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * A location label this computer cannot open (made elsewhere: the spec gives no lookup of a location by
 * its barcode). On the old code the screen answered the scan of a location with "Scan a location, box or
 * plate first", and the box open before stayed open with A1 chosen: the next tube, meant for the freezer,
 * went into the box.
 */
const open = benchesPerTest();

describe('Assign location: a location barcode not known here', () => {
  it('says why, closes the box open before, and the next tube is not put into it', async () => {
    const b = await open('spec');
    const { s, scan } = b.assignScreen();
    await scan('BOX000001');
    await scan('A1');
    await scan('LOC-FREEZER-9');
    expect(b.said()).toBe(
      'LOC-FREEZER-9 is no location this computer knows: the service cannot be asked for a location by its ' +
        'barcode, so one made elsewhere opens here by the uuid on its label. BX-0001 Freezer Box 1 was closed, ' +
        'so no tube goes into it by mistake',
    );
    expect(s.location).toBeNull();
    expect(s.armed).toBeNull();
    await scan('TB000150');
    expect(s.assignments).toEqual([]);
    expect(b.said()).toBe('Scan a location, box or plate first');
  });

  it('with nothing open, the same words without a box to close', async () => {
    const b = await open('spec');
    const { scan } = b.assignScreen();
    await scan('LOC-FREEZER-9');
    expect(b.said()).toMatch(/^LOC-FREEZER-9 is no location this computer knows: .*uuid on its label$/);
  });
});
