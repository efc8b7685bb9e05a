import { describe, expect, it } from 'vitest';
import { recordBuiltOn } from '../../../../main/plate-record/record-basis.js';
import { recordWells } from '../../../../main/plate-record/record-wells.js';
import type { PendingWellChange } from '../../../../shared/ipc/channels/cache.js';
import { listedPlate } from './helpers.js';

/**
 * A move on Assign location of `id` into `position` of the plate u1, as the read cache lists it; `from`:
 * the well of the plate the page saw the tube in.
 */
const move = (
  entryId: number,
  id: string,
  position: string,
  over: Partial<PendingWellChange> = {},
  from?: string,
): PendingWellChange => ({
  entryId,
  state: 'pending',
  updatedAt: 0,
  intent: {
    type: 'location-assign',
    labsheet: 'Samples',
    locationId: 'u1',
    idType: 'ID',
    id,
    position,
    ...(from ? { from: { locationId: 'u1', position: from } } : {}),
  },
  error: null,
  mayHaveArrived: null,
  ...over,
});
const listed = (position: string, id: string) => ({
  position,
  sample: { id, labsheet: 'Samples' },
  label: '',
  tags: [],
});
const byPosition = (pending: PendingWellChange[], wells = [listed('A1', 'S-0001'), listed('C3', 'S-0003')]) =>
  new Map(recordWells(listedPlate({ wells, pending }), (entry) => entry * 1000).map((w) => [w.position, w]));

describe('moves on Assign location in the record, as Well fill draws them', () => {
  it('a move within the plate takes its tube out of the well it leaves, scanned by another of its names', () => {
    // Its barcode, which main's saved rows do not know: the tube the page saw in A1 is the one moved.
    const wells = byPosition([move(7, 'TB000001', 'B1', {}, 'A1')]);
    expect(wells.get('A1')).toMatchObject({ sample: null, known: true });
    expect(wells.get('B1')).toMatchObject({ sample: { id: 'TB000001' }, filledAt: 7000 });
  });

  it('a confirmed move is not taken for one still waiting: the reading says where its tube is', () => {
    const wells = byPosition([move(7, 'S-0003', 'D4', { state: 'done' })]);
    expect(wells.get('C3')?.sample?.id).toBe('S-0003');
  });

  it('a tube the reading lists elsewhere in the plate leaves it while the move waits', () => {
    const wells = byPosition([move(7, 'S-0003', 'D4')]);
    expect(wells.get('C3')?.sample).toBeNull();
    expect(wells.get('D4')?.sample?.id).toBe('S-0003');
  });

  it('a tube moved twice is in the well of its newest move', () => {
    const wells = byPosition([move(7, 'S-0050', 'E5'), move(8, 'S-0050', 'F6')]);
    expect(wells.get('E5')?.sample).toBeNull();
    expect(wells.get('F6')?.sample?.id).toBe('S-0050');
  });

  it('a move into a well the reading shows holding a sample is not stated', () => {
    const wells = byPosition([move(7, 'S-0050', 'A1')]);
    expect(wells.get('A1')?.sample?.id).toBe('S-0001');
  });

  it('the record waits for an open move, and is not made while one failed', () => {
    const m = listedPlate({ pending: [move(7, 'S-0050', 'E5'), move(8, 'S-0051', 'E6', { state: 'done' })] });
    expect(recordBuiltOn(m)).toEqual([7]);
    const refused = listedPlate({
      pending: [move(9, 'S-0052', 'E7', { state: 'failed', error: { kind: 'rejected', message: 'Position taken' } })],
    });
    expect(() => recordBuiltOn(refused)).toThrow(
      /E7 \(tube S-0052 placed on Assign location\): refused — Position taken/,
    );
  });
});
