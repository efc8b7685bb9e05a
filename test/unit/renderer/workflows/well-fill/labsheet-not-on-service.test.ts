import { afterEach, describe, expect, it } from 'vitest';
import { wellFillOnMain, type WellFillOnMain } from '../../../../helpers/well-fill-on-main.js';

/**
 * Well fill set to a labsheet the service does not have (a newcomer's first scans on a real service while
 * Settings still name the demo's "Samples"): the service answers that labsheet "not found". On the old code
 * every tube was said recorded in green ("TB000001 → A1") and refused in the Outbox minutes later. The real
 * main in-process and its embedded sandbox, which has no labsheet "Biobank".
 */
let w: WellFillOnMain | null = null;
afterEach(async () => {
  await w?.close();
  w = null;
});

describe('Well fill on a labsheet the service does not have', () => {
  it('asks before recording a tube, saying the service has no such labsheet', async () => {
    w = await wellFillOnMain();
    w.s.labsheet = 'Biobank';
    await w.scan('PLT000003');
    await w.scan('TB000001');
    expect(w.said()).toMatch(/^TB000001 is not in the labsheet as read/);
    // The labsheet itself is what is missing: said, with where to choose another, not only "not in it".
    expect(w.said()).toMatch(
      /the service has no labsheet of that name, so no tube is in it\. Check the labsheet chosen in Settings/,
    );
    expect(w.s.wells['A1']?.sample ?? null).toBeNull();
    expect(await w.queued()).toBe(0);
  });
});
