import { describe, expect, it } from 'vitest';
import { tubeSentAs } from '../../../../../renderer/workflows/assign-location/id-type.js';
import type { TubeRow } from '../../../../../renderer/lib/samples/sample-index.js';

/**
 * How a tube found in its labsheet is named to the service in Detect mode, for uuid-shaped codes: a lab
 * whose sample IDs or barcodes are uuids, and one that prints the row's own uuid on its tubes. On the old
 * code every uuid-shaped code was sent as a row uuid (ROW_UUID): an ID that is a uuid made the service
 * look for a row with that uuid, and the move was refused, or another row moved.
 */
const UUID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const ROW_UUID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const tube = { kind: 'unknown' as const };

describe('Detect mode: a uuid-shaped code whose row is known', () => {
  it.each<[string, string, TubeRow, { id: string; idType: string }]>([
    ['the row’s ID, as spelled', UUID, { id: UUID, barcode: null }, { id: UUID, idType: 'ID' }],
    ['the row’s ID, in another case', UUID.toUpperCase(), { id: UUID, barcode: null }, { id: UUID, idType: 'ID' }],
    ['the row’s barcode', UUID, { id: 'S-0001', barcode: UUID }, { id: UUID, idType: 'ID_BARCODE' }],
    [
      'the row’s uuid, with an ID',
      ROW_UUID,
      { id: 'S-0002', barcode: 'TB2', byUuid: true },
      { id: 'S-0002', idType: 'ID' },
    ],
    [
      'the row’s uuid, no ID',
      ROW_UUID,
      { id: ROW_UUID, barcode: null, byUuid: true },
      { id: ROW_UUID, idType: 'ROW_UUID' },
    ],
  ])('%s', (_, value, row, sent) => {
    const out = tubeSentAs('detect', { ...tube, value }, row);
    // A uuid is one in any case: the row's own spelling or the read lower-cased is the same ID to the service.
    expect({ ...out, id: out.id.toLowerCase() }).toEqual({ ...sent, id: sent.id.toLowerCase() });
  });

  it('the "Row uuid" choice sends the code as read, by uuid', () => {
    expect(tubeSentAs('ROW_UUID', { ...tube, value: ROW_UUID }, { id: 'S-0002', barcode: null, byUuid: true })).toEqual(
      { id: ROW_UUID, idType: 'ROW_UUID' },
    );
  });
});
