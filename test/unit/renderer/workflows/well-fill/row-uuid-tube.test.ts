import { describe, expect, it } from 'vitest';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * A tube scanned by its row's uuid on Well fill (a lab that prints it as the tube's 2D code), on the real
 * main and its embedded sandbox. On the old code no lookup matched a row uuid: the tube was an unknown
 * sample, asked about, and put in the well under its uuid rather than its row's sample ID.
 */
const open = benchesPerTest();

describe('Well fill: a tube scanned by its row uuid', () => {
  it('is placed unasked as its row, by its sample ID; scanned again by its barcode it is a duplicate', async () => {
    const b = await open('spec');
    const store = b.sandbox().store;
    const uuid = store.rows.byIdValue(store.labsheets.byName('Samples')!.uuid, 'S-0007')[0]!.uuid;
    await b.scan('PLT000003');
    await b.scan(uuid.toUpperCase());
    expect(b.s.guard).toBeNull();
    expect(b.said()).toMatch(/^S-0007 → A1/);
    expect(b.s.wells['A1']).toMatchObject({ sample: 'S-0007' });
    await b.sync();
    expect(b.heldOnService('PLT000003', 'A1')).toBe('S-0007');
    await b.scan('TB000007');
    expect(b.s.guard?.kind).toBe('duplicate-sample');
    expect(b.s.wells['A2']?.sample ?? null).toBeNull();
  });
});
