import { describe, expect, it } from 'vitest';
import { applyLayout, layoutFromPlate } from '../../../../../renderer/workflows/well-fill/layout-apply.js';
import { labelWells } from '../../../../../renderer/workflows/well-fill/well-edits.js';
import { wellFillOnMainForSuite } from '../../../../helpers/well-fill-on-main.js';
import { layoutPayload } from '../../../../../shared/barcode/commands.js';

const fill = wellFillOnMainForSuite();
const { scan, said, queued } = fill;

describe('plate layouts on the real main process', () => {
  it('saves the controls of one plate as a layout and applies it to another by its command barcode, in one commit', async () => {
    await scan('PLT000001');
    await labelWells(fill.s, ['E1', 'E2', 'E3'], 'NEG_CONTROL');
    await labelWells(fill.s, ['D12'], 'STANDARD');
    const l = layoutFromPlate(fill.s, 'qPCR NTC');
    if (typeof l === 'string') throw new Error(l);
    // The demo plate's own controls (H11, H12) come along: "these controls" means all of them.
    expect(l.wells.map((w) => w.position)).toEqual(['D12', 'E1', 'E2', 'E3', 'H11', 'H12']);
    await fill.env.call('layouts.save', { layout: l });

    await scan('PLT000003');
    expect(fill.s.guard?.kind).toBe('wrong-plate');
    await fill.s.guard!.proceed(); // "Switch plate"
    expect(fill.s.plate?.hrid).toBe('PL-0003');
    expect(fill.s.cursor).toBe('A1');
    const before = await queued();
    await scan(layoutPayload('QPCR NTC')); // as a Caps Lock wedge types it
    expect(said()).toContain('Layout "qPCR NTC"');
    expect(await queued()).toBe(before + l.wells.length);
    for (const p of ['E1', 'E2', 'E3']) expect(fill.s.wells[p]).toMatchObject({ label: 'NEG_CONTROL', sample: null });
    expect(fill.s.wells['H11']).toMatchObject({ label: 'POS_CONTROL', tags: ['qc'] });

    // One undo step takes the whole layout back.
    await scan('#CMD:UNDO');
    expect(said()).toContain('Undone: layout qPCR NTC');
    for (const p of ['E1', 'E2', 'E3', 'D12', 'H11']) expect(fill.s.wells[p]?.label ?? '').toBe('');
    expect(fill.s.cursor).toBe('A1');
  });

  it('never overwrites a well holding a sample without a confirm; "Replace" then applies it; the fill passes over it', async () => {
    await scan('E1');
    await scan('TB000011');
    expect(fill.s.wells['E1']?.sample).toBe('S-0011');
    const before = await queued();
    const { layouts } = await fill.env.call('layouts.list', {});
    const r = await applyLayout(fill.s, layouts[0]!);
    expect(r).toMatchObject({ ok: false, guarded: true });
    expect(fill.s.guard?.message).toContain('E1 (S-0011)');
    expect(await queued()).toBe(before);
    await fill.s.guard!.proceed();
    expect(fill.s.wells['E1']).toMatchObject({ sample: null, label: 'NEG_CONTROL' });
    expect(await queued()).toBeGreaterThan(before);
    // Filling on from D11 goes round the layout's D12 and E1–E3.
    fill.s.fillFrom('D11');
    await scan('TB000012');
    await scan('TB000013');
    expect(fill.s.wells['D11']?.sample).toBe('S-0012');
    expect(fill.s.wells['E4']?.sample).toBe('S-0013');
  });

  it('an unknown layout name or a layout of another plate size is refused with the reason', async () => {
    await scan(layoutPayload('No such layout'));
    expect(said()).toContain('No saved layout is called "No such layout"');
    const r = await applyLayout(fill.s, {
      name: 'Big',
      size: 384,
      wells: [{ position: 'P24', label: 'BLANK', tags: [] }],
    });
    expect(r).toMatchObject({ ok: false, said: expect.stringContaining('384-well layout') });
  });
});
