import { describe, expect, it } from 'vitest';
import { inverseOf, sampleIntent } from '../../../../../renderer/workflows/well-fill/well-intents.js';
import { emptyWell } from '../../../../../renderer/lib/plate-map/well-view.js';

const manifest = { uuid: 'u1' };

describe('undo intents', () => {
  it('undoing a sample placed in an empty well removes the sample and the label it added', () => {
    const before = emptyWell('A1');
    const fwd = sampleIntent(manifest, 'A1', { id: 'S-1', labsheet: 'Samples' }, before);
    expect(fwd.label).toBe('SAMPLE');
    expect(inverseOf(fwd, before, manifest)).toEqual([
      { type: 'well-remove', manifest, position: 'A1', fields: ['SAMPLE', 'LABEL'] },
    ]);
  });
  it('undoing a replacement puts the previous sample back; a control keeps its label', () => {
    const before = { ...emptyWell('H1'), sample: 'S-9', labsheet: 'Samples', label: 'POS_CONTROL' };
    const fwd = sampleIntent(manifest, 'H1', { id: 'S-1', labsheet: 'Samples' }, before);
    expect(fwd.label).toBeUndefined();
    expect(inverseOf(fwd, before, manifest)).toEqual([
      { type: 'well-set', manifest, position: 'H1', sample: { id: 'S-9', labsheet: 'Samples' } },
    ]);
  });
  it('undoing a tube put into a control well without a sample clears the sample and keeps the control', () => {
    const before = { ...emptyWell('H12'), label: 'NEG_CONTROL' };
    const fwd = {
      type: 'well-set' as const,
      manifest,
      position: 'H12',
      sample: { id: 'S-1', labsheet: 'Samples' },
      label: 'NEG_CONTROL' as const,
      tags: [],
    };
    expect(inverseOf(fwd, before, manifest)).toEqual([
      { type: 'well-set', manifest, position: 'H12', sample: null, label: 'NEG_CONTROL', tags: [] },
      { type: 'well-remove', manifest, position: 'H12', fields: ['SAMPLE', 'TAGS'] },
    ]);
  });
  it('undoing a removal sets back exactly the removed fields', () => {
    const before = { ...emptyWell('B2'), sample: 'S-2', labsheet: 'Samples', label: 'SAMPLE', tags: ['qc'] };
    expect(
      inverseOf({ type: 'well-remove', manifest, position: 'B2', fields: ['TAGS', 'LABEL'] }, before, manifest),
    ).toEqual([{ type: 'well-set', manifest, position: 'B2', label: 'SAMPLE', tags: ['qc'] }]);
  });
});
