import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { platePng, plateSvg } from '../../../../main/plate-record/plate-picture.js';
import type { RecordWell } from '../../../../main/plate-record/record-wells.js';

const plate = (name: string, hrid = 'PL-0001') => ({ hrid, name, rows: 8, columns: 12, unplacedUsed: 0 });
const wells = (id: string): RecordWell[] => [
  { position: 'A1', sample: { id, labsheet: 'Samples' }, label: '', tags: [], filledAt: null, known: true },
];

describe('the plate picture with characters XML does not allow', () => {
  it('a control character in the plate name, hrid or a sample ID still makes a picture', () => {
    const at = new Date('2026-01-02T03:04:05Z');
    for (const [p, w] of [
      [plate('QC\u0001 plate'), wells('S-0001')],
      [plate('QC plate', 'PL-\u001b0001'), wells('S-0001')],
      [plate('QC plate'), wells('S-\u00080001')],
      [plate('QC \uffff plate'), wells('\ud83dS')],
    ] as const) {
      const png = PNG.sync.read(platePng(p, w, at));
      expect(png.width).toBeGreaterThan(0);
    }
  });

  it('shows where such a character was, and nothing XML forbids', () => {
    const svg = plateSvg(plate('QC\u0001 plate'), wells('S-\u00070001'), new Date(0));
    expect(svg).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/);
    expect(svg).toContain('QC\ufffd plate');
    expect(svg).toContain('S-\ufffd0001');
  });
});

describe("the plate picture's note on unknown wells", () => {
  const unknown: RecordWell[] = [{ position: 'A1', sample: null, label: '', tags: [], filledAt: null, known: false }];
  it('says why they are unknown: a service that lists no wells, or a plate changed at another bench', () => {
    expect(plateSvg(plate('QC'), unknown, new Date(0))).toContain('the service does not list wells');
    const changed = plateSvg({ ...plate('QC'), unplacedUsed: 3, changedElsewhere: true }, unknown, new Date(0));
    expect(changed).toContain('changed at another bench');
    expect(changed).not.toContain('placed elsewhere');
  });
});
