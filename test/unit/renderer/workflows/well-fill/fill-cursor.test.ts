import { afterEach, describe, expect, it } from 'vitest';
import { answerGuard } from '../../../../../renderer/workflows/well-fill/well-fill-scans.js';
import { labelWells } from '../../../../../renderer/workflows/well-fill/well-edits.js';
import { wellFillOnMain, type WellFillOnMain } from '../../../../helpers/well-fill-on-main.js';

/**
 * Where the fill goes next after the edits a bench makes between tubes, and what a yes to one question
 * does not answer: Well fill's state on the real main in-process, on the demo's empty 96-well PL-0003.
 */
let open: WellFillOnMain | null = null;
afterEach(async () => {
  await open?.close();
  open = null;
});

async function onEmptyPlate() {
  const w = await wellFillOnMain();
  open = w;
  await w.scan('PLT000003');
  return w;
}
const inTurn = <T>(edit: () => Promise<T>) => edit();

describe('Well fill: the next well after an edit', () => {
  it('a control labelled where the fill stood is passed over: the next tube goes on, unasked', async () => {
    const b = await onEmptyPlate();
    await b.scan('TB000040');
    expect(b.s.cursor).toBe('A2');
    expect(await labelWells(b.s, ['A2', 'A3'], 'POS_CONTROL')).toBe('POS_CONTROL set on A2 A3 · next A4');
    await b.scan('TB000041');
    expect(b.s.guard).toBeNull();
    expect(b.said()).toMatch(/^S-0041 → A4 · next A5/);
    expect(b.s.wells['A2']).toMatchObject({ sample: null, label: 'POS_CONTROL' });
  });

  it('Skip on the last well in fill order goes on from the first empty well, not the one skipped', async () => {
    const b = await onEmptyPlate();
    await b.scan('TB000040'); // A1
    b.s.fillFrom('H12');
    await b.scan('#CMD:SKIP');
    expect(b.said()).toBe('Skipped H12; next well A2');
    await b.scan('TB000041');
    expect(b.said()).toMatch(/^S-0041 → A2/);
    expect(b.s.wells['H12']?.sample).toBeNull();
  });

  it('Skip on the only empty well left says there is nowhere to skip to, and leaves it next', async () => {
    const b = await onEmptyPlate();
    // Every well but H12 labelled blank: the fill passes over blanks, so H12 is the one well left.
    const all = Object.keys(b.s.wells).filter((p) => p !== 'H12');
    await labelWells(b.s, all, 'BLANK');
    expect(b.s.cursor).toBe('H12');
    await b.scan('#CMD:SKIP');
    expect(b.said()).toBe('H12 is the only empty well left: nothing to skip to');
    expect(b.s.cursor).toBe('H12');
  });
});

describe('Well fill: a yes answers one question', () => {
  it('"Replace" an occupied well with a tube the labsheet lacks still asks about the tube, as an empty well does', async () => {
    const b = await onEmptyPlate();
    await b.scan('TB000040'); // A1
    const before = await b.queued();
    await b.scan('A1');
    await b.scan('TB999999');
    expect(b.s.guard?.kind).toBe('occupied-well');
    await answerGuard(b.s, inTurn);
    expect(b.s.guard?.kind).toBe('unknown-sample');
    expect(b.s.guard?.message).toMatch(/^TB999999 is not in the labsheet/);
    expect(await b.queued()).toBe(before);
    expect(b.s.wells['A1']?.sample).toBe('S-0040');

    await answerGuard(b.s, inTurn); // Use anyway: both said yes to
    expect(b.said()).toMatch(/^TB999999 → A1/);
    expect(b.s.wells['A1']?.sample).toBe('TB999999');
    expect(await b.queued()).toBe(before + 1);
  });
});
