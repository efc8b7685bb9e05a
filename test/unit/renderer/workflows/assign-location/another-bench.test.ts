import { describe, expect, it } from 'vitest';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * A box half filled at another bench, on a service that lists no wells (as the spec has it): it says
 * how many positions are used, not which. Assign location must not pick "the next free position"
 * then, which may be one of theirs. The real main in-process, the real sandbox; "another bench"
 * writes over HTTP.
 */
const openBenches = benchesPerTest();

async function bench(profile: 'spec' | 'extended') {
  const b = await openBenches(profile);
  const { s, scan } = b.assignScreen();
  return {
    s,
    scan,
    otherPuts: (position: string, sample: string) => b.otherPuts('BOX000001', position, sample),
    sync: b.sync,
    said: b.said,
    queued: b.queued,
  };
}

describe('Assign location on a box another bench half filled', () => {
  it('on a service that lists no wells, each tube waits for its position to be scanned', async () => {
    const b = await bench('spec');
    await b.otherPuts('A1', 'S-0099');
    await b.otherPuts('A2', 'S-0098');
    await b.scan('BOX000001');
    expect(b.said()).toMatch(
      /2 positions of this box were filled elsewhere and the service does not say which: scan the position \(C5\) before each tube$/,
    );
    const before = await b.queued();
    await b.scan('TB000100');
    expect(b.said()).toMatch(/^2 positions .* before each tube; nothing recorded$/);
    expect(await b.queued()).toBe(before);

    await b.scan('C5');
    await b.scan('TB000100');
    expect(b.said()).toMatch(/TB000100 → .* C5$/);
    // The next tube waits for its position again.
    await b.scan('TB000101');
    expect(b.said()).toMatch(/nothing recorded$/);
    expect(await b.queued()).toBe(before + 1);
  });

  it("this computer's own confirmed tubes explain their share of the count; the other bench's still hold the box", async () => {
    const b = await bench('spec');
    await b.scan('BOX000001');
    await b.scan('TB000100');
    await b.scan('TB000101');
    await b.sync();
    await b.scan('BOX000001'); // read again: the service now counts our two tubes
    expect(b.said()).toMatch(/tubes go to A3$/);

    await b.otherPuts('E5', 'S-0099');
    await b.scan('BOX000001');
    expect(b.said()).toMatch(/1 position of this box was filled elsewhere .* before each tube$/);
    await b.scan('A3');
    await b.scan('TB000102');
    expect(b.said()).toMatch(/TB000102 → .* A3$/);
  });

  it('where the service lists its wells, the next free position is known and tubes go there', async () => {
    const b = await bench('extended');
    await b.otherPuts('A1', 'S-0099');
    await b.scan('BOX000001');
    expect(b.said()).toMatch(/tubes go to A2$/);
    await b.scan('TB000100');
    expect(b.said()).toMatch(/TB000100 → .* A2$/);
  });
});
