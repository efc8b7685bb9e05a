import { describe, expect, it } from 'vitest';
import { boxHoldings } from '../../../../../renderer/workflows/assign-location/box-holdings.js';
import type { CachedWell, PendingWellChange } from '../../../../../shared/ipc/channels/cache.js';
import type { OutboxError } from '../../../../../shared/ipc/channels/outbox.js';
import type { Intent } from '../../../../../shared/outbox/intents.js';
import type { WellLabel } from '../../../../../shared/api/primitives.js';

/** What a box holds, from the service's wells and this computer's changes as main's cache answers them. */
const manifest = { uuid: '6b1f6a0e-4b1a-4d7e-9d3e-1f0c2a3b4c5d' };
const wells: CachedWell[] = [{ position: 'A5', sample: { id: 'S-0012', labsheet: 'Samples' }, label: '', tags: [] }];
const removeA5: Intent = { type: 'well-remove', manifest, position: 'A5', fields: ['SAMPLE', 'LABEL'] };
const moveIntoA5: Intent = {
  type: 'location-assign',
  labsheet: 'Samples',
  locationId: manifest.uuid,
  idType: 'ID_BARCODE',
  id: 'TB000050',
  position: 'A5',
};
const heldError: OutboxError = { kind: 'plate-changed', message: 'Needs a look: plate PL-0001 changed on the service' };
const refusedError: OutboxError = { kind: 'validation', status: 422, message: 'Refused' };

function change(
  entryId: number,
  intent: Intent,
  state: PendingWellChange['state'],
  error: OutboxError | null = null,
  mayHaveArrived: PendingWellChange['mayHaveArrived'] = null,
) {
  return { entryId, state, updatedAt: 0, intent, error, mayHaveArrived } satisfies PendingWellChange;
}

describe('boxHoldings: a removal held for a look', () => {
  it('leaves the tube in the well (it is still there) and says the removal waits for the user', () => {
    const h = boxHoldings({ movedAway: [], wells, pending: [change(1, removeA5, 'failed', heldError)] });
    expect(h.occupied).toEqual(['A5']);
    expect(h.held.map((t) => `${t.id}@${t.position}`)).toEqual(['S-0012@A5']);
    expect(h.removalsHeld).toEqual([{ position: 'A5', tube: 'S-0012', movedIn: null }]);
  });

  it('names the tube a move queued after it puts in the well: that move waits for it', () => {
    const h = boxHoldings({
      movedAway: [],
      wells,
      pending: [change(1, removeA5, 'failed', heldError), change(2, moveIntoA5, 'pending')],
    });
    expect(h.removalsHeld).toEqual([{ position: 'A5', tube: 'S-0012', movedIn: 'TB000050' }]);
    expect(h.held.map((t) => `${t.id}@${t.position}`)).toEqual(['TB000050@A5']);
  });

  it('a removal the service refused is not held: it never happened and nothing waits for it', () => {
    const h = boxHoldings({ movedAway: [], wells, pending: [change(1, removeA5, 'failed', refusedError)] });
    expect(h.removalsHeld).toEqual([]);
    expect(h.held.map((t) => `${t.id}@${t.position}`)).toEqual(['S-0012@A5']);
  });

  it('a later change on Well fill to the well says what it holds next', () => {
    const fill: Intent = {
      type: 'well-set',
      manifest,
      position: 'A5',
      sample: { id: 'S-0013', labsheet: 'Samples' },
    };
    const h = boxHoldings({
      movedAway: [],
      wells,
      pending: [change(1, removeA5, 'failed', heldError), change(2, fill, 'pending')],
    });
    expect(h.removalsHeld).toEqual([]);
    expect(h.held.map((t) => `${t.id}@${t.position}`)).toEqual(['S-0013@A5']);
  });

  it('discarded (gone from the pending list), the well holds the service’s tube again', () => {
    const h = boxHoldings({ movedAway: [], wells, pending: [change(2, moveIntoA5, 'failed', refusedError)] });
    expect(h.removalsHeld).toEqual([]);
    expect(h.held.map((t) => `${t.id}@${t.position}`)).toEqual(['S-0012@A5']);
  });
});

describe('boxHoldings: a fill held for a look', () => {
  const fillA6: Intent = { type: 'well-set', manifest, position: 'A6', sample: { id: 'S-0013', labsheet: 'Samples' } };

  it('takes the well (the sample may still go in) and says the fill waits for the user', () => {
    const h = boxHoldings({ movedAway: [], wells, pending: [change(1, fillA6, 'failed', heldError)] });
    expect(h.occupied.sort()).toEqual(['A5', 'A6']);
    expect(h.held.map((t) => `${t.id}@${t.position}`)).toEqual(['S-0012@A5', 'S-0013@A6']);
    expect(h.fillsHeld).toEqual([{ position: 'A6', sample: 'S-0013' }]);
  });

  it('a fill the service refused never happened: the well is free', () => {
    const h = boxHoldings({ movedAway: [], wells, pending: [change(1, fillA6, 'failed', refusedError)] });
    expect(h.occupied).toEqual(['A5']);
    expect(h.fillsHeld).toEqual([]);
  });

  it('a later change on Well fill to the well says what it holds next', () => {
    const other: Intent = { ...fillA6, sample: { id: 'S-0014', labsheet: 'Samples' } } as Intent;
    const h = boxHoldings({
      movedAway: [],
      wells,
      pending: [change(1, fillA6, 'failed', heldError), change(2, other, 'pending')],
    });
    expect(h.fillsHeld).toEqual([]);
    expect(h.held.map((t) => `${t.id}@${t.position}`)).toEqual(['S-0012@A5', 'S-0014@A6']);
  });
});

describe('boxHoldings: a change that failed but may be on the service', () => {
  const fillA6: Intent = { type: 'well-set', manifest, position: 'A6', sample: { id: 'S-0013', labsheet: 'Samples' } };
  const gaveUp: OutboxError = {
    kind: 'gave-up',
    status: 503,
    message:
      'Stopped after 8 failed attempts: the service answered each with an error. Last: the service said "Operation failed" (HTTP 503).',
  };

  // On the old code any failed change counted as never made: the next tube went to A6, where S-0013 may be.
  it('a fill that gave up after repeated service errors takes its well, as the plate draws it', () => {
    const h = boxHoldings({ movedAway: [], wells, pending: [change(1, fillA6, 'failed', gaveUp, 'gave-up')] });
    expect(h.occupied.sort()).toEqual(['A5', 'A6']);
    expect(h.held.map((t) => `${t.id}@${t.position}`)).toEqual(['S-0012@A5', 'S-0013@A6']);
    expect(h.fillsHeld).toEqual([]);
  });
});

describe("boxHoldings: a move out of a position (its `from`), another bench's tube there", () => {
  const moveA5ToB1: Intent = {
    type: 'location-assign',
    labsheet: 'Samples',
    locationId: manifest.uuid,
    idType: 'ID',
    id: 'S-0012',
    position: 'B1',
    from: { locationId: manifest.uuid, position: 'A5' },
  };

  it('not sent yet: the position it leaves is free for the next tube (sent after the move)', () => {
    const h = boxHoldings({ movedAway: [], wells, pending: [change(1, moveA5ToB1, 'pending')] });
    expect(h.occupied).toEqual(['B1']);
    expect(h.held.map((t) => `${t.id}@${t.position}`)).toEqual(['S-0012@B1']);
  });

  it('refused: it moved nothing, the tube is still where it was', () => {
    const h = boxHoldings({ movedAway: [], wells, pending: [change(1, moveA5ToB1, 'failed', refusedError)] });
    expect(h.occupied).toEqual(['A5']);
  });

  it('confirmed: the wells read say what is there (another bench may have filled it since)', () => {
    const h = boxHoldings({ movedAway: [], wells, pending: [change(1, moveA5ToB1, 'done')] });
    expect(h.occupied.sort()).toEqual(['A5', 'B1']);
  });
});

describe('boxHoldings: a tube this computer assigned twice, by scans (no `from`), both failed', () => {
  const assign = (position: string): Intent => ({
    type: 'location-assign',
    labsheet: 'Samples',
    locationId: manifest.uuid,
    idType: 'ID_BARCODE',
    id: 'TB000050',
    position,
  });
  const gaveUp: OutboxError = { kind: 'gave-up', status: 503, message: 'Stopped after 8 failed attempts' };
  const local: OutboxError = { kind: 'local', message: 'Not sent: it failed on this computer 5 times in a row' };

  // On the old code B3 stayed taken with no tube in it: the next tube passed it over, "B3 is not empty".
  it('both given up after tries (either may be on the service): at the newer position only, the older one free', () => {
    const h = boxHoldings({
      movedAway: [],
      wells: [],
      pending: [
        change(1, assign('B3'), 'failed', gaveUp, 'gave-up'),
        change(2, assign('C5'), 'failed', gaveUp, 'gave-up'),
      ],
    });
    expect(h.held.map((t) => `${t.id}@${t.position}`)).toEqual(['TB000050@C5']);
    expect(h.occupied).toEqual(['C5']);
  });

  it('the newer one failed before it left: the tube is where the older one put it', () => {
    const h = boxHoldings({
      movedAway: [],
      wells: [],
      pending: [change(1, assign('B3'), 'failed', gaveUp, 'gave-up'), change(2, assign('C5'), 'failed', local)],
    });
    expect(h.held.map((t) => `${t.id}@${t.position}`)).toEqual(['TB000050@B3']);
    expect(h.occupied).toEqual(['B3']);
  });

  it('drawn over a tube the service lists there, then moved on: that position stays taken', () => {
    const h = boxHoldings({
      movedAway: [],
      wells,
      pending: [
        change(1, assign('A5'), 'failed', gaveUp, 'gave-up'),
        change(2, assign('C5'), 'failed', gaveUp, 'gave-up'),
      ],
    });
    expect(h.occupied.sort()).toEqual(['A5', 'C5']);
  });
});

describe('wells a layout keeps with no tube in them', () => {
  const labelled = (position: string, label: CachedWell['label']): CachedWell => ({
    position,
    sample: null,
    label,
    tags: [],
  });

  it('a control, a blank or a standard is taken; a well labelled SAMPLE is the next tube’s, as on Well fill', () => {
    const h = boxHoldings({
      movedAway: [],
      wells: [
        labelled('A1', 'SAMPLE'),
        labelled('A2', 'POS_CONTROL'),
        labelled('A3', 'BLANK'),
        labelled('A4', 'STANDARD'),
      ],
      pending: [],
    });
    expect(h.occupied.sort()).toEqual(['A2', 'A3', 'A4']);
    expect(h.controls.map((c) => c.position)).toEqual(['A2', 'A3', 'A4']);
  });

  it('a layout applied here labels a well a control, and a change taking the label off frees it', () => {
    const set = (position: string, label: WellLabel): Intent => ({
      type: 'well-set',
      manifest,
      position,
      label,
    });
    const h = boxHoldings({
      movedAway: [],
      wells: [labelled('B2', 'NEG_CONTROL')],
      pending: [
        change(1, set('B1', 'NEG_CONTROL'), 'pending'),
        change(2, set('B3', 'SAMPLE'), 'pending'),
        change(3, { type: 'well-remove', manifest, position: 'B2', fields: ['LABEL'] }, 'pending'),
      ],
    });
    expect(h.occupied).toEqual(['B1']);
  });
});

describe('boxHoldings: a listed tube this computer moved to another location (main’s movedAway)', () => {
  const otherBox = '0c9e7c1a-2f4d-4c6b-8a1e-3d5f7b9c1e2a';
  const moveAway: Intent = {
    type: 'location-assign',
    labsheet: 'Samples',
    locationId: otherBox,
    idType: 'ID_BARCODE',
    id: 'TB000012',
    position: 'A1',
  };
  const away = (entryId: number, state: PendingWellChange['state'] = 'pending') => ({
    ...change(entryId, moveAway, state),
    names: ['S-0012', 'TB000012'],
  });

  it('frees the position it was listed in, under any of its names', () => {
    const h = boxHoldings({ wells, pending: [], movedAway: [away(3)] });
    expect(h.occupied).toEqual([]);
    expect(h.held).toEqual([]);
  });

  it('its position is not drawn as the other box’s: the move’s own position stays free here', () => {
    const h = boxHoldings({ wells, pending: [], movedAway: [away(3, 'done')] });
    expect(h.occupied).not.toContain('A1');
  });

  it('a fill from this computer after the move puts the sample back: the well is taken', () => {
    const fillA5: Intent = {
      type: 'well-set',
      manifest,
      position: 'A5',
      sample: { id: 'S-0012', labsheet: 'Samples' },
    };
    const h = boxHoldings({ wells, pending: [change(4, fillA5, 'pending')], movedAway: [away(3)] });
    expect(h.occupied).toEqual(['A5']);
    expect(h.held.map((t) => `${t.id}@${t.position}`)).toEqual(['S-0012@A5']);
  });

  it('a well this computer filled keeps its sample (the service keeps a fill’s sample)', () => {
    const fillA5: Intent = {
      type: 'well-set',
      manifest,
      position: 'A5',
      sample: { id: 'S-0012', labsheet: 'Samples' },
    };
    const h = boxHoldings({ wells: [], pending: [change(2, fillA5, 'pending')], movedAway: [away(3)] });
    expect(h.occupied).toEqual(['A5']);
  });
});
