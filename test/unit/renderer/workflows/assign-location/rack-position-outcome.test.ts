import { describe, expect, it } from 'vitest';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';
import type { AssignState } from '../../../../../renderer/workflows/assign-location/assign-state.svelte.js';

/**
 * Each position a rack file names ends in one outcome: saved, passed over (its tube already there),
 * or listed to rescan with why. A position listed to rescan and saved too sends the next scan over
 * the tube just saved there. On the real main in-process and its embedded sandbox (extended answers,
 * demo data: TB000n is the row S-000n).
 */
const openBenches = benchesPerTest();

async function box(tubes: string[] = []) {
  const b = await openBenches('extended');
  const { s } = await b.assignScreenOnFilledBox('BOX000001', tubes);
  return { b, s };
}

const csv = (...lines: string[]) => ['Position,Barcode', ...lines].join('\n');

/** Every position's outcome on the screen, and that none has two. */
function outcomes(s: AssignState) {
  const saved = s.assignments.map((a) => a.position!);
  const rescan = s.rack.bad.map((b) => b.position);
  expect(new Set(rescan).size, 'a position listed to rescan twice').toBe(rescan.length);
  expect(s.rescan).toEqual(rescan);
  expect(
    rescan.filter((p) => saved.includes(p)),
    'positions both saved and to rescan',
  ).toEqual([]);
  return { saved, rescan, taken: s.rack.taken.map((t) => `${t.raw}@${t.position}`) };
}

describe('a rack file that names one tube twice, and another tube at one of those positions', () => {
  // A position the file reads two different tubes at saves neither (the file cannot say which is there):
  // on the old code the other tube was saved there, while the rack may hold the named-twice one.
  it('by barcode and by sample ID: nothing is saved at either position, both are to rescan', async () => {
    const { s } = await box();
    const said = await s.rack.importText(csv('A1,TB000140', 'A2,S-0140', 'A2,TB000141'));
    expect(outcomes(s)).toEqual({ saved: [], rescan: ['A1', 'A2'], taken: [] });
    expect(s.rack.bad[1]!.reason).toBe(
      'the file puts this tube in A1 (as TB000140) too; a tube is in one position, so none of them was saved; ' +
        'also read as TB000141: the file reads S-0140 and TB000141 in A2; a position holds one tube, so none of ' +
        'them was saved: look at the rack there',
    );
    expect(said.text).toBe(
      '0 tubes saved from the rack file; the file puts one tube in more than one position (TB000140 in A1 and ' +
        'S-0140 in A2): a tube can be in only one, so none of those reads was saved; the file reads more than one ' +
        'tube at 1 position (A2 (S-0140 and TB000141)): a position holds one tube, so none of those reads was ' +
        'saved: look at the rack there; 2 positions to rescan: A1 A2',
    );
  });

  it('the other tube read first: the same outcome', async () => {
    const { s } = await box();
    await s.rack.importText(csv('A2,TB000141', 'A1,TB000140', 'A2,S-0140'));
    expect(outcomes(s)).toEqual({ saved: [], rescan: ['A2', 'A1'], taken: [] });
  });

  it('the same barcode twice', async () => {
    const { s } = await box();
    await s.rack.importText(csv('A3,TB000142', 'A4,TB000142', 'A4,TB000143'));
    expect(outcomes(s)).toEqual({ saved: [], rescan: ['A3', 'A4'], taken: [] });
  });

  it('at a position the box already holds the other tube at: passed over, not to rescan', async () => {
    const { s, b } = await box(['TB000145']);
    const before = await b.queued();
    await s.rack.importText(csv('A1,TB000145', 'A2,TB000146', 'A1,TB000146'));
    expect(outcomes(s)).toEqual({ saved: [], rescan: ['A2'], taken: ['TB000146@A1'] });
    expect(await b.queued()).toBe(before);
  });

  it('a tube at each of its two positions: nothing is saved there, both are to rescan', async () => {
    const { s } = await box();
    await s.rack.importText(csv('B1,TB000147', 'B1,TB000148', 'B2,TB000148', 'B2,TB000149'));
    expect(outcomes(s)).toEqual({ saved: [], rescan: ['B1', 'B2'], taken: [] });
  });
});

describe('other reads a position gets twice', () => {
  it('a misread and a good read: the good one is saved, nothing to rescan there', async () => {
    const { s } = await box();
    const said = await s.rack.importText(csv('C1,NOREAD', 'C1,TB000150', 'C2,TB000151'));
    expect(outcomes(s)).toEqual({ saved: ['C1', 'C2'], rescan: [], taken: [] });
    expect(said).toEqual({ text: '2 tubes saved from the rack file', ok: true });
  });

  it('two reads that are not tubes: the position is listed once, with both', async () => {
    const { s } = await box();
    await s.rack.importText(csv('C3,PLT000002', 'C3,NOREAD'));
    expect(outcomes(s)).toEqual({ saved: [], rescan: ['C3'], taken: [] });
    expect(s.rack.bad[0]).toEqual({
      position: 'C3',
      raw: 'NOREAD',
      reason: 'the scanner could not read this tube; also read as PLT000002: a plate barcode, not a tube',
    });
  });
});

describe('a tube the labsheet does not have, read at a position with another tube', () => {
  // Two different tubes at one position: neither is saved, so the one the labsheet lacks is not even
  // asked about (on the old code the other was saved there once it was skipped).
  it('neither is saved, nor asked about: the position is to rescan', async () => {
    const { s, b } = await box();
    const before = await b.queued();
    const said = await s.rack.importText(csv('D1,TB999301', 'D1,TB000152', 'D2,TB000153'));
    expect(s.rack.question).toBeNull();
    expect(said.text).toMatch(/^1 tube saved from the rack file; the file reads more than one tube at 1 position/);
    expect(outcomes(s)).toEqual({ saved: ['D2'], rescan: ['D1'], taken: [] });
    expect(await b.queued()).toBe(before + 1);
  });

  it('two of them read at one position: the position is to rescan, once, with both', async () => {
    const { s, b } = await box();
    const before = await b.queued();
    await s.rack.importText(csv('D3,TB999302', 'D3,TB999303'));
    expect(s.rack.question).toBeNull();
    expect(outcomes(s)).toEqual({ saved: [], rescan: ['D3'], taken: [] });
    expect(s.rack.bad[0]!.reason).toMatch(/^the file reads TB999302 and TB999303 in D3; .*also read as TB999303/);
    expect(s.targetPosition()).toBe('D3');
    expect(await b.queued()).toBe(before);
  });
});
