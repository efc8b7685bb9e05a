import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { wellFillOnMain, type WellFillOnMain } from '../../../../helpers/well-fill-on-main.js';

/**
 * A position typed or read for another plate (Q1 on a 384-well plate, I1 on a 96) is said to be
 * outside this plate and nothing is recorded; it used to be taken for a sample ID and asked about as
 * "not in the labsheet. Use it anyway?", where Alt+Y put a sample named "Q1" in the next well.
 */
let w: WellFillOnMain;
beforeEach(async () => {
  w = await wellFillOnMain();
});
afterEach(() => w?.close());

describe('Well fill, a position outside the open plate', () => {
  it('on a 384-well plate: Q1 is refused with the plate’s range, no question, nothing queued', async () => {
    await w.scan('PLT000002');
    const before = await w.queued();
    await w.scan('Q1');
    expect(w.said()).toBe('Q1 is outside PL-0002 (A1–P24): nothing recorded. Scan A1–P24 or a tube');
    expect(w.s.guard).toBeNull();
    expect(w.s.armed).toBeNull();
    expect(await w.queued()).toBe(before);
    // The last well of the plate is still a position.
    await w.scan('P24');
    expect(w.s.armed).toBe('P24');
  }, 60_000);

  it('on a 96-well plate: I1 and A13 are refused, H12 is a position', async () => {
    await w.scan('PLT000003');
    for (const code of ['I1', 'A13']) {
      await w.scan(code);
      expect(w.said()).toMatch(new RegExp(`^${code} is outside PL-0003 \\(A1–H12\\): nothing recorded`));
      expect(w.s.guard).toBeNull();
    }
    await w.scan('H12');
    expect(w.s.armed).toBe('H12');
  }, 60_000);

  it('a position outside it written otherwise (A-13, 13A) is refused as A13 is, not asked about as a sample', async () => {
    await w.scan('PLT000003');
    const before = await w.queued();
    for (const code of ['A-13', '13A', 'i:01']) {
      await w.scan(code);
      expect(w.said(), code).toMatch(/^(A13|I1) is outside PL-0003 \(A1–H12\): nothing recorded/);
      expect(w.s.guard, code).toBeNull();
    }
    expect(await w.queued()).toBe(before);
  }, 60_000);
});
