import { describe, expect, it } from 'vitest';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * A position skipped on purpose (the Skip command) stays empty for the visit. On the old code the box
 * read again (the screen shown again after the Outbox, a change's news) made the first free position the
 * next one, and the next tube went into the slot left empty. The real main in-process and its embedded
 * sandbox (demo data: TB000n is the row S-000n).
 */
const open = benchesPerTest();

describe('Assign location: a skipped position', () => {
  it('is passed over after the box is read again; scanned first, it still takes a tube', async () => {
    const b = await open('spec');
    const { s, scan } = b.assignScreen();
    await scan('BOX000001');
    await scan('#CMD:SKIP');
    expect(b.said()).toBe('A1 skipped: the next tube goes to A2');
    await scan('TB000101');
    expect(b.said()).toBe('TB000101 → BX-0001 Freezer Box 1 A2');

    await s.refreshHoldings();
    expect(s.targetPosition()).toBe('A3');
    await scan('TB000102');
    expect(b.said()).toBe('TB000102 → BX-0001 Freezer Box 1 A3');

    await scan('A1');
    await scan('TB000103');
    expect(b.said()).toBe('TB000103 → BX-0001 Freezer Box 1 A1');
    expect(s.targetPosition()).toBe('A4');
  });

  it('a box opened again starts the visit over: nothing is skipped', async () => {
    const b = await open('spec');
    const { s, scan } = b.assignScreen();
    await scan('BOX000001');
    await scan('#CMD:SKIP');
    await scan('BOX000001');
    expect(s.targetPosition()).toBe('A1');
  });
});
