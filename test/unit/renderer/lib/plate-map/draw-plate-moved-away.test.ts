import { describe, expect, it } from 'vitest';
import { drawPlate, type WellSync, type WellView } from '../../../../../renderer/lib/plate-map/well-view.js';
import { describeWell } from '../../../../../renderer/lib/plate-map/well-words.js';
import { boxHoldings } from '../../../../../renderer/workflows/assign-location/box-holdings.js';
import type { CachedManifest, CachedWell, PendingWellChange } from '../../../../../shared/ipc/channels/cache.js';
import type { Intent, LocationAssignIntent, WellIntent } from '../../../../../shared/outbox/intents.js';

/**
 * The one drawing of a plate (drawPlate) that Well fill, its Labflow link and Labels share: a tube the
 * wells list, moved from this computer to another location (main's `movedAway`), is out of its well, by
 * the rule Assign location's box holdings take it out by, in the Outbox's order; and the move's news is
 * drawn by reading the plate again.
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
/** S-0102 (scanned by its barcode) moved from this computer to A1 of another plate: waiting in the Outbox. */
const movedAway = (entryId = 5) =>
  change(
    entryId,
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
const fillB2 = (entryId: number) =>
  change(entryId, {
    type: 'well-set',
    manifest,
    position: 'B2',
    sample: { id: 'S-0102', labsheet: 'Samples' },
    label: 'SAMPLE',
    tags: [],
  });
const labelB2 = (entryId: number) =>
  change(entryId, { type: 'well-set', manifest, position: 'B2', label: 'BLANK', tags: [] });

/** A plate as main answers it, which both drawings read. */
type PlateDrawn = Pick<CachedManifest, 'wells' | 'pending' | 'movedAway'>;

const tubes = (wells: Map<string, WellView>) =>
  [...wells.values()].filter((w) => w.sample !== null).map((w) => `${w.sample}@${w.position}`);
/** The tubes Assign location's box holds, by the same names. */
const held = (m: PlateDrawn) =>
  boxHoldings(m)
    .held.map((t) => `${t.id}@${t.position}`)
    .sort();

describe('drawPlate: a listed tube moved to another location from this computer', () => {
  it('is out of its well, drawn empty with the move mark and where it went, as Assign location holds the box', () => {
    const m: PlateDrawn = { wells: listed, pending: [], movedAway: [movedAway()] };
    const wells = drawPlate(POSITIONS, m);
    expect(tubes(wells)).toEqual(['S-0103@B3']);
    expect(tubes(wells)).toEqual(held(m));
    const b2 = wells.get('B2')!;
    expect(b2).toMatchObject({
      sample: null,
      label: 'SAMPLE',
      sync: 'pending',
      movedOut: { tube: 'S-0102', to: null },
    });
    expect(describeWell(b2)).toBe(
      'B2, empty, SAMPLE, S-0102 moved to another plate or box on Assign location, waiting to be sent',
    );
  });

  it('filled here before the move (the listed sample written again), it stays: the service keeps a fill', () => {
    const m: PlateDrawn = { wells: listed, pending: [fillB2(2)], movedAway: [movedAway(5)] };
    expect(tubes(drawPlate(POSITIONS, m))).toEqual(['S-0102@B2', 'S-0103@B3']);
    expect(tubes(drawPlate(POSITIONS, m))).toEqual(held(m));
  });

  it('filled here after the move (put back), it is drawn there, over the well the move emptied', () => {
    const m: PlateDrawn = { wells: listed, pending: [fillB2(7)], movedAway: [movedAway(5)] };
    const drawn = new Map<number, { before: WellView; intent: WellIntent | LocationAssignIntent }>();
    const wells = drawPlate(POSITIONS, m, drawn);
    expect(tubes(wells)).toEqual(['S-0102@B2', 'S-0103@B3']);
    expect(tubes(wells)).toEqual(held(m));
    // Discarded in the Outbox, the fill leaves the well as the move left it: empty.
    expect(drawn.get(7)?.before).toMatchObject({ sample: null, sync: 'pending' });
  });

  it("the move's news, and that of a change drawn in the well before it, read the plate again", () => {
    const m: PlateDrawn = { wells: listed, pending: [labelB2(3), labelB2(8)], movedAway: [movedAway(5)] };
    const readAgain = new Map<number, WellSync | null>();
    const wells = drawPlate(POSITIONS, m, undefined, readAgain);
    expect(wells.get('B2')).toMatchObject({ sample: null, label: 'BLANK', sync: 'pending' });
    // The label changed after the move is drawn over the emptied well: its own news redraws it so.
    expect([...readAgain].sort(([a], [b]) => a - b)).toEqual([
      [3, 'pending'],
      [5, 'pending'],
    ]);
  });
});
