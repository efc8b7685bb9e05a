import { describe, expect, it } from 'vitest';
import { recordWells } from '../../../../main/plate-record/record-wells.js';
import { listedPlate } from './helpers.js';

const plate = listedPlate;

describe('the record of wells a service or a change names otherwise (A01, a1)', () => {
  it('states them at their well, not as empty', () => {
    const m = plate({
      wells: [{ position: 'A01', sample: { id: 'S-0001', labsheet: 'Samples' }, label: '', tags: [] }],
      pending: [
        {
          entryId: 7,
          state: 'pending',
          updatedAt: 0,
          intent: {
            type: 'well-set',
            manifest: { uuid: 'u1' },
            position: 'b02',
            sample: { id: 'S-0002', labsheet: 'Samples' },
            label: '',
            tags: [],
          },
          error: null,
          mayHaveArrived: null,
        },
      ],
    });
    const wells = new Map(recordWells(m, () => 1234).map((w) => [w.position, w]));
    expect(wells.get('A1')).toMatchObject({ sample: { id: 'S-0001' }, known: true });
    expect(wells.get('B2')).toMatchObject({ sample: { id: 'S-0002' }, filledAt: 1234 });
    expect(wells.size).toBe(96);
  });
});
