import { describe, expect, it } from 'vitest';
import { benchesPerTest } from './helpers/benches-on-main.js';

const open = benchesPerTest();

describe('a tube moved to another box while offline, then put back in its first box', () => {
  it('scanned back into box A is recorded (not called a duplicate), and the service ends with it in A', async () => {
    const b = await open('extended');
    const first = b.assignScreen();
    await first.scan('BOX000001');
    await first.scan('TB000100');
    await b.sync();
    expect(b.heldOnService('BOX000001', 'A1')).toBe('S-0100');

    await b.queueHeldOffline();
    const plate = b.assignScreen();
    await plate.scan('PLT000003');
    await plate.scan('TB000100');
    console.log('into plate:', b.said());

    // The technician puts the tube back into box A, position A1, and scans it there.
    const back = b.assignScreen();
    await back.scan('BOX000001');
    console.log('box again:', b.said(), 'next', back.s.targetPosition());
    await back.scan('A1');
    console.log('A1:', b.said());
    await back.scan('TB000100');
    console.log('tube:', b.said());
    const saidBack = b.said();

    b.proxy().setFaults([]);
    for (let i = 0; i < 4; i++) await b.sync();
    const inBox = b.heldOnService('BOX000001', 'A1');
    const inPlate = b.heldOnService('PLT000003', 'A1');
    console.log('service: box A1 =', inBox, ' plate A1 =', inPlate);
    expect(saidBack).not.toMatch(/Duplicate|not empty/);
    expect(inPlate).toBeNull();
  }, 60_000);
});
