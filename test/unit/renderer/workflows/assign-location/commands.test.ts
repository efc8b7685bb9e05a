import { describe, expect, it } from 'vitest';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * Command barcodes on Assign location. On the old code each said "Cancelled" and did nothing: an Undo
 * scanned after a wrong tube left it queued while the bench took it for taken back, and Skip skipped nothing.
 */
const open = benchesPerTest();

describe('command barcodes on Assign location', () => {
  it('Skip passes the next position over; Undo takes the last tube back out of the Outbox', async () => {
    const b = await open('spec');
    const { s, scan } = b.assignScreen();
    await scan('BOX000001');
    const first = s.targetPosition();
    expect(first).toBe('A1');
    await scan('#CMD:SKIP');
    expect(b.said()).toBe('A1 skipped: the next tube goes to A2');
    await scan('TB000150');
    expect(s.assignments.map((a) => a.position)).toEqual(['A2']);
    await scan('#CMD:UNDO');
    expect(b.said()).toBe('Undone: TB000150 → BX-0001 Freezer Box 1 A2');
    expect(s.assignments).toEqual([]);
    // A position scanned first, then Skip: that position is let go, the next free one is the target again.
    await scan('C3');
    await scan('#CMD:SKIP');
    expect(b.said()).toBe('C3 skipped: the next tube goes to A2');
    await scan('#CMD:DONE');
    expect(b.said()).toBe('"done" is a Well fill command; nothing was changed here');
  });
});
