import { describe, expect, it } from 'vitest';
import { askSaid } from '../../../../../renderer/workflows/assign-location/rack-run.svelte.js';

const reads = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ position: `A${i + 1}`, barcode: `TB9${String(i).padStart(5, '0')}` }));

describe('the rack file question about tubes the labsheet does not have, on the last-scan line', () => {
  it('names one tube in the singular', () => {
    expect(askSaid(reads(1), 'Samples')).toBe(
      '1 tube in the rack file is not in the labsheet Samples: TB900000 (A1). Nothing from the file is saved yet: ' +
        'use it anyway, or skip it and rescan its position?',
    );
  });

  it('names a few of a full rack and says how many more the box below lists, not 1,248 barcodes in one line', () => {
    const said = askSaid(reads(1248), 'Samples');
    expect(said).toContain('1248 tubes in the rack file are not in the labsheet Samples: TB900000 (A1), ');
    expect(said).toContain('TB900007 (A8), and 1240 more, listed below. Nothing from the file is saved yet');
    expect(said).not.toContain('TB900008');
    expect(said.length).toBeLessThan(400);
  });
});
