import { describe, expect, it } from 'vitest';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * A tube another bench put in a box, moved away from here on another screen (scanned into a plate while
 * the box was not open), then its position in the box refilled here: the refill waits for the move out,
 * known from main's saved copy of the box. The real main in-process, its sandbox behind the fault proxy.
 */
const open = benchesPerTest();

describe('Assign location: refilling a position another bench filled, after moving its tube away', () => {
  it('sends the move out first, so the refill is not refused by the box still holding the tube', async () => {
    const b = await open('extended');
    await b.env.call('cache.sampleIndex', { labsheet: 'Samples' });
    await b.otherAssigns('BOX000001', 'A1', 'S-0099');
    // One 503 holds the plate's lane while the box's goes on: on the old code the refill went first and
    // was refused ("A1 already holds S-0099"), and stayed failed after the move went.
    b.proxy().setFaults([{ path: '/labsheets/assign-location', fault: { kind: 'status', status: 503 }, count: 1 }]);
    const plate = b.assignScreen();
    await plate.scan('PLT000003');
    await plate.scan('TB000099');
    const box = b.assignScreen();
    await box.scan('BOX000001');
    await box.scan('A1');
    await box.scan('TB000150');
    for (let i = 0; i < 6; i++) await b.sync();
    const moves = (await b.entries()).filter((e) => e.intent?.type === 'location-assign');
    expect(moves.map((e) => e.state)).toEqual(['done', 'done']);
    expect(b.heldOnService('BOX000001', 'A1')).toBe('S-0150');
  });
});
