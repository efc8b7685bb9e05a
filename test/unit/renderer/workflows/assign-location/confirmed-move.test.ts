import { describe, expect, it, vi } from 'vitest';
import { benchesPerTest, type Benches } from '../../../../helpers/benches-on-main.js';

/**
 * A move the service confirmed frees the position it left in the box as main keeps it, before the box
 * is read from the service again. The box is read before the move is sent, then opened again from
 * main's copy (the service out of reach): on the old code the copy still listed the tube where it was,
 * so it was drawn in two places and the next tube passed that position over as taken. On the real main
 * in-process and its embedded sandbox (extended answers: it lists a box's wells; demo data: TB000n is
 * the row S-000n), reached through the fault proxy.
 */
const openBenches = benchesPerTest();

const BOX = 'BOX000001'; // BX-0001, 9 × 9
const PLATE = 'PLT000003'; // PL-0003, 96 wells, empty
const csv = (...lines: string[]) => ['Position,Barcode', ...lines].join('\n');

/** The box opened on a fresh Assign location visit with the service out of reach: from main's copy. */
async function openedOffline(b: Benches) {
  b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
  const visit = b.assignScreen();
  await visit.scan(BOX);
  return visit;
}

describe('a confirmed move frees the position it left, before the box is read again', () => {
  it.each([
    [
      "this computer's tube",
      async (b: Benches) => {
        await b.assignScreenOnFilledBox(BOX, ['TB000160']);
      },
    ],
    [
      "another bench's tube (known only from the service's record)",
      async (b: Benches) => {
        await b.otherAssigns(BOX, 'A1', 'S-0160');
      },
    ],
  ])('moved within the box by a rack file: %s', async (_, putInA1) => {
    const b = await openBenches('extended');
    await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
    await putInA1(b);
    const { s } = b.assignScreen();
    await s.openManifest(BOX);
    expect(s.isTaken('A1')).toBe(true);
    expect(await s.rack.importText(csv('B2,TB000160'))).toEqual({
      text: '1 tube saved from the rack file; 1 tube moved within the box (TB000160 A1 → B2)',
      ok: true,
    });
    await b.sync();
    expect(await b.env.call('outbox.counts', {})).toMatchObject({ pending: 0, failed: 0, uncertain: 0 });
    expect([b.heldOnService(BOX, 'A1'), b.heldOnService(BOX, 'B2')]).toEqual([null, 'S-0160']);

    const again = await openedOffline(b);
    expect(again.s.whereIs('TB000160', null)?.position).toBe('B2');
    expect(again.s.isTaken('A1')).toBe(false);
    expect(again.s.holderOf('A1')).toBeNull();
    expect(again.s.targetPosition()).toBe('A1');
    await again.scan('TB000161');
    expect(b.said()).toMatch(/^TB000161 → BX-0001 .* A1$/);
  });

  it('moved twice this visit by rack files, both confirmed: at the newer position, the one between free', async () => {
    const b = await openBenches('extended');
    await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
    const { s, scan } = await b.assignScreenOnFilledBox(BOX, ['TB000160']);
    await s.rack.importText(csv('B3,TB000160'));
    await b.sync();
    expect(await s.rack.importText(csv('C5,TB000160'))).toEqual({
      text: '1 tube saved from the rack file; 1 tube moved within the box (TB000160 B3 → C5)',
      ok: true,
    });
    await b.sync();
    expect(await b.env.call('outbox.counts', {})).toMatchObject({ pending: 0, failed: 0, uncertain: 0 });
    expect(b.heldOnService(BOX, 'C5')).toBe('S-0160');

    await vi.waitFor(() => expect(s.whereIs('TB000160', null)?.position).toBe('C5'));
    expect(['A1', 'B3', 'C5'].filter((p) => s.isTaken(p))).toEqual(['C5']);
    await scan('B3');
    await scan('TB000161');
    expect(b.said()).toMatch(/^TB000161 → BX-0001 .* B3$/);
  });

  it('moved out of the box, to a plate: the box has its position free, and Well fill draws it empty', async () => {
    const b = await openBenches('extended');
    await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
    await b.assignScreenOnFilledBox(BOX, ['TB000160']);
    const move = b.assignScreen();
    await move.scan(PLATE);
    await move.scan('TB000160');
    expect(b.said()).toMatch(/^TB000160 → PL-0003 .* A1$/);
    await b.sync();
    expect(await b.env.call('outbox.counts', {})).toMatchObject({ pending: 0, failed: 0, uncertain: 0 });
    expect(b.heldOnService(BOX, 'A1')).toBeNull();

    const again = await openedOffline(b);
    expect(again.s.whereIs('TB000160', null)).toBeNull();
    expect(again.s.isTaken('A1')).toBe(false);
    expect(again.s.targetPosition()).toBe('A1');
    await b.scan(BOX);
    expect(b.s.wells['A1']).toMatchObject({ sample: null });
  });

  it('a tube Well fill put in a well keeps that well when it is assigned elsewhere, as the service keeps it', async () => {
    const b = await openBenches('extended');
    await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
    await b.scan(PLATE);
    await b.scan('TB000160');
    const box = b.assignScreen();
    await box.scan(BOX);
    await box.scan('TB000160');
    expect(b.said()).toMatch(/^TB000160 → BX-0001 .* A1$/);
    await b.sync();
    expect(await b.env.call('outbox.counts', {})).toMatchObject({ pending: 0, failed: 0, uncertain: 0 });
    // The well a fill gave the sample is not the row's location: the service keeps the sample there.
    expect(b.heldOnService(PLATE, 'A1')).toBe('S-0160');

    b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
    const plate = b.assignScreen();
    await plate.scan(PLATE);
    expect(plate.s.isTaken('A1')).toBe(true);
    expect(plate.s.holderOf('A1')).toBe('S-0160');
  });
});
