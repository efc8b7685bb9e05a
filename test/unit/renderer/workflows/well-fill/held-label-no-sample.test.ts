import { describe, expect, it, vi } from 'vitest';
import { labelWells } from '../../../../../renderer/workflows/well-fill/well-edits.js';
import { benchesPerTest, onPlate } from '../../../../helpers/benches-on-main.js';

/**
 * A label put on a well the page shows empty goes out as the well's whole state (manifest/update marks
 * sample, label and tags required), so with no sample. Held for a look because another bench changed the
 * plate (it put a tube in that well), "Send anyway" removes their tube: the Outbox line and the hold say so
 * where the user decides, not only "apply them over it". The real main in-process on the real sandbox,
 * behind the fault proxy; "another bench" writes to the sandbox over HTTP.
 */
const openBenches = benchesPerTest();

const PLATE = 'PLT000003'; // PL-0003, 96 wells, empty
const SAYS = 'sets H11 to no sample: removes any tube put there at another bench';

describe.each(['spec', 'extended'] as const)('Well fill: a held label on a well shown empty (%s)', (profile) => {
  it('the Outbox line and the hold say Send anyway removes the tube put there elsewhere', async () => {
    const b = await onPlate(await openBenches(profile), PLATE);
    b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
    await labelWells(b.s, ['H11'], 'POS_CONTROL');
    await b.otherPuts(PLATE, 'H11', 'S-0099');
    b.proxy().setFaults([]);
    await b.sync();
    const held = (await b.entries()).find((e) => e.state === 'failed')!;
    expect(held.lastError?.kind).toBe('plate-changed');
    // The old words: "PL-0003 H11 ← positive control" and "Send anyway to apply them over it, or discard them."
    expect(held.summary).toBe(`PL-0003 H11 ← positive control — ${SAYS}`);
    // Where the service lists wells, the tube it removes is named.
    expect(held.lastError?.message).toMatch(
      profile === 'spec'
        ? /Send anyway to apply them over it, or discard them\. This one sets H11 to no sample: sent anyway, it removes any tube put there at another bench\.$/
        : /Send anyway to apply them over it, or discard them\. H11 holds S-0099 on the service now\. This one sets H11 to no sample: sent anyway, it removes S-0099\.$/,
    );
    await vi.waitFor(() => expect(b.s.wells['H11']?.sync).toBe('held'));
    expect(b.onService('H11')).toBe('S-0099');
  });

  it('a held tube fill says nothing of the kind', async () => {
    const b = await onPlate(await openBenches(profile), PLATE);
    b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
    await b.scan('TB000001');
    await b.otherPuts(PLATE, 'H12', 'S-0099');
    b.proxy().setFaults([]);
    await b.sync();
    const held = (await b.entries()).find((e) => e.state === 'failed')!;
    expect(held.summary).toBe('PL-0003 A1 ← S-0001');
    expect(held.lastError?.message).not.toMatch(/no sample/);
  });
});
