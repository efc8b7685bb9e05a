import { describe, expect, it } from 'vitest';
import { manifestMetadata } from '../../../../../shared/api/manifests.js';
import { manifestSaid } from '../../../../../renderer/workflows/data/lib/manifest-lookup.js';

/** Data › Manifests' answer to a scan, for answers as a service may send them (read by the real schema). */
describe('a manifest found, in one line', () => {
  const read = (body: object) =>
    manifestSaid(manifestMetadata.parse({ uuid: 'u-1', hrid: 'PL-0001', success: true, ...body }));

  it('leaves out the name and the empty count the service did not send, never "undefined"', () => {
    expect(read({ name: 'QC Plate 1', emptySpaces: '12' })).toBe('PL-0001 QC Plate 1: 12 empty');
    expect(read({ emptySpaces: '0' })).toBe('PL-0001: 0 empty');
    expect(read({ name: 'QC Plate 1' })).toBe('PL-0001 QC Plate 1');
    expect(read({ name: 'QC Plate 1', emptySpaces: 'many' })).toBe('PL-0001 QC Plate 1');
    expect(read({})).toBe('PL-0001');
  });
});
