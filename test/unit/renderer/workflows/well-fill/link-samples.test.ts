import { describe, expect, it } from 'vitest';
import { emptyWell, type WellView } from '../../../../../renderer/lib/plate-map/well-view.js';
import { missingSaid, samplesOf } from '../../../../../renderer/workflows/well-fill/link-samples.js';

/** The samples "Link plate samples" looks up, by the labsheet each well names (link-samples.ts). */
const well = (position: string, sample: string | null, labsheet: string | null): WellView => ({
  ...emptyWell(position),
  sample,
  labsheet,
});

describe('the samples of a plate, by labsheet', () => {
  it("each in its well's own labsheet, once; one whose well names none in the screen's", () => {
    const wells = new Map(
      [
        well('A1', 'S-0001', 'Samples'),
        well('A2', 'R-001', 'Reagents'),
        well('A3', 'S-0002', ''),
        well('A4', 'S-0001', 'Samples'),
        well('A5', null, null),
        // The same ID in another labsheet is another row.
        well('A6', 'S-0001', 'Plasma'),
      ].map((w) => [w.position, w]),
    );
    expect([...samplesOf(wells, 'Samples')]).toEqual([
      ['Samples', ['S-0001', 'S-0002']],
      ['Reagents', ['R-001']],
      ['Plasma', ['S-0001']],
    ]);
  });

  it('says which samples are not in which labsheet', () => {
    expect(
      missingSaid([
        { labsheet: 'Samples', ids: ['S-1', 'S-2'] },
        { labsheet: 'Plasma', ids: ['P-9'] },
      ]),
    ).toBe('S-1, S-2 are not in Samples; P-9 is not in Plasma');
  });
});
