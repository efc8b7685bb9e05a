import { describe, expect, it } from 'vitest';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * A plate whose layout keeps wells for controls (the demo QC plate: H11 a positive, H12 a negative
 * control, labelled with no sample). Well fill passes them over; on the old code Assign location took
 * them for free positions, and the service then held a sample in the positive-control well.
 */
const open = benchesPerTest();

describe('Assign location on a plate with control wells', () => {
  it('passes the control wells over, and refuses one scanned as the position, saying what it is', async () => {
    const b = await open('extended');
    const { s, scan } = b.assignScreen();
    await scan('PLT000001');
    expect(s.isTaken('H11')).toBe(true);
    await scan('H11');
    expect(b.said()).toBe("H11 is a POS_CONTROL well, kept for it (the plate's layout): scan another position");
    await scan('H10');
    await scan('TB000184');
    expect(s.assignments.map((a) => a.position)).toEqual(['H10']);
    // H11 and H12 are the controls: no free position is left after H10.
    expect(s.targetPosition()).not.toMatch(/^H1[12]$/);
  });
});
