import { describe, expect, it } from 'vitest';
import { LabelSources } from '../../../../../renderer/workflows/labels/label-sources.svelte.js';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * Labels › Wells chosen: a choice of wells picked one by one went with one click (Clear choice, Choose all
 * filled wells) or by opening another plate, with no way back but picking them again. On the real main
 * in-process with the demo service listing its wells (QC Plate 1: S-0001–S-0010 in A1–A10).
 */
const openBenches = benchesPerTest();

async function choosing(): Promise<LabelSources> {
  const b = await openBenches('extended');
  const s = new LabelSources(b.env.api, () => '2026-11-29');
  s.kind = 'wells';
  expect((await s.loadPlate({ barcode: 'PLT000001' })).ok).toBe(true);
  for (const w of ['A2', 'A5', 'A7']) s.pickWell(w, false);
  return s;
}

describe('Labels › wells chosen again', () => {
  it('Clear choice is chosen again by Ctrl+Z, wells picked since kept', async () => {
    const s = await choosing();
    expect(s.clearSelection()).toEqual({ ok: true, message: 'Choice of 3 wells cleared: Ctrl+Z chooses them again' });
    expect(s.selection).toEqual([]);
    s.pickWell('A9', false);
    expect(s.chooseAgain()).toEqual({ ok: true, message: '3 wells chosen again (4 chosen)' });
    expect(s.selection).toEqual(['A2', 'A5', 'A7', 'A9']);
    expect(s.records.map((r) => r.id)).toEqual(['S-0002', 'S-0005', 'S-0007', 'S-0009']);
    expect(s.chooseAgain()).toEqual({ ok: false, message: 'No choice of wells to choose again' });
    expect(s.clearSelection()).toMatchObject({ ok: true });
    expect(s.clearSelection()).toEqual({ ok: false, message: 'No well is chosen: nothing cleared.' });
  });

  it('Choose all filled wells over a choice says so, and Ctrl+Z takes the filled ones off again', async () => {
    const s = await choosing();
    expect(s.selectFilled()).toEqual({
      ok: true,
      message: '10 filled wells chosen in place of your 3: Ctrl+Z chooses those again',
    });
    expect(s.selection).toHaveLength(10);
    expect(s.chooseAgain().ok).toBe(true);
    expect(s.selection).toEqual(['A2', 'A5', 'A7']);
    // All of them chosen already: nothing replaced, nothing to choose again.
    s.selectFilled();
    expect(s.selectFilled()).toEqual({ ok: true, message: '10 filled wells chosen' });
  });

  it('the plate scanned again keeps its choice; another plate starts with none, and the choice comes back only on its own plate', async () => {
    const s = await choosing();
    expect((await s.loadPlate({ barcode: 'PLT000001' })).ok).toBe(true);
    expect(s.selection).toEqual(['A2', 'A5', 'A7']);
    expect(s.choiceBefore).toBeNull();

    expect((await s.loadPlate({ barcode: 'PLT000003' })).ok).toBe(true);
    expect(s.selection).toEqual([]);
    expect(s.chooseAgain()).toEqual({
      ok: false,
      message: 'Not chosen again: those 3 wells are of PL-0001, and PL-0003 is open now',
    });
    expect(s.selection).toEqual([]);
    expect((await s.loadPlate({ barcode: 'PLT000001' })).ok).toBe(true);
    expect(s.choiceBefore?.why).toBe('left when PL-0003 was opened');
    expect(s.chooseAgain()).toEqual({ ok: true, message: '3 wells chosen again (3 chosen)' });
  });
});
