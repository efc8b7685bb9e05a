import { describe, expect, it } from 'vitest';
import { overlay } from '../../../../../renderer/lib/plate-map/well-view.js';

const manifest = { uuid: 'u1' };

describe('plate map overlay', () => {
  it('draws pending changes over the server wells, with per-well sync state', () => {
    const map = overlay(
      ['A1', 'A2', 'A3'],
      [{ position: 'A1', sample: { id: 'S-1', labsheet: 'Samples' }, label: 'SAMPLE', tags: [] }],
      [
        {
          entryId: 1,
          state: 'pending',
          updatedAt: 1,
          intent: { type: 'well-set', manifest, position: 'A2', sample: { id: 'S-2', labsheet: 'Samples' } },
          error: null,
        },
        {
          entryId: 2,
          state: 'failed',
          updatedAt: 1,
          intent: { type: 'well-set', manifest, position: 'A3', sample: { id: 'S-3', labsheet: 'Samples' } },
          error: { kind: 'validation', status: 422, message: 'Refused', reason: 'no such sample' },
        },
        {
          entryId: 3,
          state: 'done',
          updatedAt: 1,
          intent: { type: 'well-remove', manifest, position: 'A1', fields: ['SAMPLE'] },
          error: null,
        },
      ],
    );
    expect(map.get('A1')).toMatchObject({ sample: null, label: 'SAMPLE', sync: 'synced' });
    expect(map.get('A2')).toMatchObject({ sample: 'S-2', sync: 'pending' });
    expect(map.get('A3')).toMatchObject({ sample: null, sync: 'failed', reason: 'no such sample' });
  });
});
