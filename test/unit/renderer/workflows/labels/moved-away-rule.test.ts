import { describe, expect, it } from 'vitest';
import { boxHoldings } from '../../../../../renderer/workflows/assign-location/box-holdings.js';
import { drawPlate } from '../../../../../renderer/lib/plate-map/well-view.js';
import type { CachedManifest, CachedWell, PendingWellChange } from '../../../../../shared/ipc/channels/cache.js';
import type { Intent } from '../../../../../shared/outbox/intents.js';

/**
 * Which tubes the Labels screen takes out of a box for this computer's moves to other locations
 * (main's `movedAway`): the ones Assign location takes out of it (box-holdings.ts), by the same rule
 * (movedElsewhere). A tube the service lists there goes; one this computer filled there on Well fill
 * stays, as the service keeps a fill's sample when its row is assigned elsewhere.
 */
const manifest = { uuid: '6b1f6a0e-4b1a-4d7e-9d3e-1f0c2a3b4c5d' };
const POSITIONS = ['B1', 'B2', 'B3'];
const listed: CachedWell[] = [
  { position: 'B2', sample: { id: 'S-0102', labsheet: 'Samples' }, label: 'SAMPLE', tags: [] },
  { position: 'B3', sample: { id: 'S-0103', labsheet: 'Samples' }, label: 'SAMPLE', tags: [] },
];
const change = (entryId: number, intent: Intent, names?: string[]): PendingWellChange => ({
  entryId,
  state: 'pending',
  updatedAt: 0,
  intent,
  error: null,
  mayHaveArrived: null,
  ...(names ? { names } : {}),
});
/** S-0102 (scanned by its barcode) moved from this computer to a plate: waiting in the Outbox. */
const movedAway = change(
  5,
  {
    type: 'location-assign',
    labsheet: 'Samples',
    locationId: 'another-plate',
    idType: 'ID_BARCODE',
    id: 'TB000102',
    position: 'A1',
  },
  ['TB000102', 'S-0102'],
);

const labelled = (m: Pick<CachedManifest, 'wells' | 'pending' | 'movedAway'>) =>
  [...drawPlate(POSITIONS, m).values()].filter((w) => w.sample !== null).map((w) => `${w.sample}@${w.position}`);
const held = (m: Pick<CachedManifest, 'wells' | 'pending' | 'movedAway'>) =>
  boxHoldings(m)
    .held.map((t) => `${t.id}@${t.position}`)
    .sort();

describe('the tubes a box holds once this computer moved one elsewhere', () => {
  it('a listed tube moved away, under another of its names, is not in the box: as Assign location has it', () => {
    const m = { wells: listed, pending: [], movedAway: [movedAway] };
    expect(labelled(m)).toEqual(['S-0103@B3']);
    expect(labelled(m)).toEqual(held(m));
  });

  it('a tube this computer filled in the well on Well fill stays there: as Assign location has it', () => {
    const fill = change(2, {
      type: 'well-set',
      manifest,
      position: 'B2',
      sample: { id: 'S-0102', labsheet: 'Samples' },
      label: 'SAMPLE',
      tags: [],
    });
    const m = { wells: listed, pending: [fill], movedAway: [movedAway] };
    expect(labelled(m)).toEqual(['S-0102@B2', 'S-0103@B3']);
    expect(labelled(m)).toEqual(held(m));
  });
});
