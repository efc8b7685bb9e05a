import { describe, expect, it } from 'vitest';
import { benchesPerTest, onPlate } from '../../../../helpers/benches-on-main.js';

/**
 * A plate picked from the list while a tube scan is still being worked out (the service takes a moment
 * to answer the pick's read): the tube is recorded on no plate it was not drawn on, and an undo never
 * changes a plate the edit was not made on. Well fill on the real main in-process and the real sandbox
 * behind the fault proxy, which slows the new plate's read.
 */
const openBenches = benchesPerTest();

describe('Well fill: another plate opened while a tube is worked out', () => {
  it('the tube is refused with the reason, recorded on neither plate, and the new plate is as read', async () => {
    const b = await onPlate(await openBenches('extended'), 'PLT000001'); // PL-0001, A1…A10 used
    const other = b.sandbox().store.manifests.find('barcode', 'PLT000003')!; // PL-0003, empty
    b.proxy().setFaults([{ path: /fetch-metadata/, fault: { kind: 'latency', ms: 400 } }]);
    const before = await b.queued();
    const picked = b.s.load({ uuid: other.uuid });
    // What the scan hub says of it: "NOT RECORDED: " and this. The old code queued "PL-0001 A11 ← S-0012",
    // drew it on PL-0003, and its undo emptied PL-0003's well.
    await expect(b.scan('TB000012')).rejects.toThrow(
      /^S-0012 → A11: plate PL-0003 was opened while this was being worked out, so it is on neither plate/,
    );
    await picked;
    expect(b.s.plate?.hrid).toBe('PL-0003');
    expect(await b.queued()).toBe(before);
    expect(Object.values(b.s.wells).filter((w) => w.sample !== null)).toEqual([]);
    expect(b.s.canUndo).toBe(false);
  });
});
