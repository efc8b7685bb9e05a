import { describe, expect, it } from 'vitest';
import type { WellSync, WellView } from '../../../../../renderer/lib/plate-map/well-view.js';
import { overlay } from '../../../../helpers/overlay.js';
import { describeWell } from '../../../../../renderer/lib/plate-map/well-words.js';
import { boxHoldings } from '../../../../../renderer/workflows/assign-location/box-holdings.js';
import type { CachedWell, PendingWellChange } from '../../../../../shared/ipc/channels/cache.js';
import type { OutboxError } from '../../../../../shared/ipc/channels/outbox.js';

/**
 * A tube moved within its box on Assign location is drawn on Well fill's plate in one well: where its
 * newest move that did or may happen puts it, the well a waiting move leaves drawn empty, as Assign
 * location's box holds it (boxHoldings). On the old code the plate drew the tube at every standing
 * assignment and kept it in the well a move left: T in B3 and C5 after two moves that gave up (and in A1,
 * where the service still listed it).
 */
const BOX = 'box-1';
const POSITIONS = ['A1', 'B3', 'C5', 'D7'];
const GAVE_UP: OutboxError = { kind: 'gave-up', status: 503, message: 'Stopped after 8 failed attempts.' };
const REFUSED: OutboxError = { kind: 'conflict', status: 409, message: 'Conflict', reason: 'C5 already holds S-0099' };
const LOCAL: OutboxError = { kind: 'local', message: 'The change could not be written on this computer.' };

type News = Pick<PendingWellChange, 'state' | 'error' | 'mayHaveArrived'>;
const NEWS = {
  waiting: { state: 'pending', error: null, mayHaveArrived: null },
  sent: { state: 'done', error: null, mayHaveArrived: null },
  'gave up': { state: 'failed', error: GAVE_UP, mayHaveArrived: 'gave-up' },
  refused: { state: 'failed', error: REFUSED, mayHaveArrived: null },
  'failed before it left': { state: 'failed', error: LOCAL, mayHaveArrived: null },
} satisfies Record<string, News>;

/**
 * Tube TB000160 moved by Assign location into `position` (from `from` of the same box, as a rack file's
 * move), queued under `id`, the name scanned.
 */
const move = (entryId: number, position: string, news: News, from?: string, id = 'TB000160'): PendingWellChange => ({
  entryId,
  updatedAt: 1,
  ...news,
  intent: {
    type: 'location-assign',
    labsheet: 'Samples',
    locationId: BOX,
    idType: 'ID_BARCODE',
    id,
    position,
    ...(from ? { from: { locationId: BOX, position: from } } : {}),
  },
});
/** The service lists its sample in A1 (answers that list wells). */
const listedInA1: CachedWell = {
  position: 'A1',
  sample: { id: 'S-0160', labsheet: 'Samples' },
  label: 'SAMPLE',
  tags: [],
};

const plate = (server: CachedWell[], pending: PendingWellChange[]) => overlay(POSITIONS, server, pending);
/** The wells holding a tube, as "position sample mark". */
const held = (wells: Map<string, WellView>) =>
  [...wells.values()].filter((w) => w.sample !== null).map((w) => `${w.position} ${w.sample} ${w.sync}`);
const mark = (wells: Map<string, WellView>, position: string): [string | null, WellSync | null] => [
  wells.get(position)!.sample,
  wells.get(position)!.sync,
];

describe('overlay: a tube moved twice in its box (A1 → B3 → C5) is drawn in one well', () => {
  // Put in A1 from this computer and sent; the service lists it there (extended) or lists no wells (spec).
  for (const [answers, server] of [
    ['wells listed', [listedInA1]],
    ['no wells listed', []],
  ] as const)
    describe(answers, () => {
      const inA1 = move(1, 'A1', NEWS.sent);

      it('both moves gave up after repeated service errors: at C5 only, A1 and B3 drawn empty and unsure', () => {
        const wells = plate(
          [...server],
          [inA1, move(2, 'B3', NEWS['gave up'], 'A1'), move(3, 'C5', NEWS['gave up'], 'B3')],
        );
        expect(held(wells)).toEqual(['C5 TB000160 unsure']);
        expect(mark(wells, 'A1')).toEqual([null, 'unsure']);
        expect(mark(wells, 'B3')).toEqual([null, 'unsure']);
        // The label the service keeps stays; the move takes the tube out, not the well's label.
        expect(wells.get('A1')!.label).toBe(server.length ? 'SAMPLE' : '');
      });

      it('the newer one refused: where the older one that may have happened puts it, B3', () => {
        const wells = plate(
          [...server],
          [inA1, move(2, 'B3', NEWS['gave up'], 'A1'), move(3, 'C5', NEWS.refused, 'B3')],
        );
        expect(held(wells)).toEqual(['B3 TB000160 unsure']);
        expect(wells.get('C5')).toMatchObject({ sample: null, sync: 'refused', unmade: { id: 'TB000160' } });
      });

      it('the newer one failed before it ever left: where the older one puts it, B3', () => {
        const wells = plate(
          [...server],
          [inA1, move(2, 'B3', NEWS['gave up'], 'A1'), move(3, 'C5', NEWS['failed before it left'], 'B3')],
        );
        expect(held(wells)).toEqual(['B3 TB000160 unsure']);
        expect(mark(wells, 'C5')).toEqual([null, 'failed']);
      });

      it('the same as Assign location holds the box', () => {
        const pending = [inA1, move(2, 'B3', NEWS['gave up'], 'A1'), move(3, 'C5', NEWS['gave up'], 'B3')];
        const box = boxHoldings({ movedAway: [], wells: [...server], pending });
        expect(box.held.map((t) => t.position)).toEqual(['C5']);
        expect(held(plate([...server], pending)).map((w) => w.split(' ')[0])).toEqual(box.occupied);
      });
    });
});

describe('overlay: the well a waiting move leaves', () => {
  it('is drawn empty while the move waits, with its mark, though the service still lists the tube there', () => {
    const wells = plate([listedInA1], [move(2, 'B3', NEWS.waiting, 'A1')]);
    expect(held(wells)).toEqual(['B3 TB000160 pending']);
    expect(mark(wells, 'A1')).toEqual([null, 'pending']);
  });

  it('once the move is confirmed, the wells read say what is there (main took the tube out of its copy)', () => {
    const wells = plate([listedInA1], [move(2, 'B3', NEWS.sent, 'A1')]);
    expect(mark(wells, 'A1')).toEqual(['S-0160', 'synced']);
  });

  it('a move that never happened leaves the tube where it was', () => {
    const wells = plate([listedInA1], [move(2, 'B3', NEWS.refused, 'A1')]);
    expect(held(wells)).toEqual(['A1 S-0160 synced']);
  });
});

describe('overlay: which entries are drawn by reading the plate again (readAgain)', () => {
  const readAgain = (server: CachedWell[], pending: PendingWellChange[]) => {
    const got = new Map<number, WellSync | null>();
    overlay(POSITIONS, server, pending, undefined, got);
    return Object.fromEntries(got);
  };

  it('a move within the plate, and the entry that drew the tube where it was, with the marks drawn', () => {
    expect(
      readAgain(
        [],
        [move(1, 'A1', NEWS.sent), move(2, 'B3', NEWS['gave up'], 'A1'), move(3, 'C5', NEWS.refused, 'B3')],
      ),
    ).toEqual({ 1: 'synced', 2: 'unsure', 3: 'refused' });
  });

  it('a lone move into an empty well is not: its news is drawn in its own well', () => {
    expect(readAgain([], [move(1, 'D7', NEWS.waiting)])).toEqual({});
  });
});

describe('overlay and boxHoldings: a waiting move over an older one main lists no more', () => {
  // Main lists no more the older move (A1 → B3) once the newer waits: given up, refused or confirmed, the
  // listing read before the newer one may still have the tube in A1, under its sample ID.
  const NAMES = ['S-0160', 'TB000160', '5e0c1a52-3f7b-4a51-9a43-0d1f6f1b0160'];
  const named = (c: PendingWellChange, names: string[] = NAMES): PendingWellChange => ({ ...c, names });
  const both = (server: CachedWell[], pending: PendingWellChange[]) => {
    const wells = plate(server, pending);
    const box = boxHoldings({ movedAway: [], wells: server, pending });
    return { plate: held(wells), wells, box: box.held.map((t) => `${t.position} ${t.id}`), occupied: box.occupied };
  };

  it('takes the tube out of the well the listing has it in, by any of its names: at C5 only, A1 free', () => {
    for (const [news, sync] of [
      [NEWS.waiting, 'pending'],
      [NEWS['gave up'], 'unsure'],
    ] as const) {
      const got = both([listedInA1], [named(move(3, 'C5', news, 'B3'))]);
      expect(got.plate).toEqual([`C5 TB000160 ${sync}`]);
      expect(mark(got.wells, 'A1')).toEqual([null, sync]);
      // The label the service keeps stays.
      expect(got.wells.get('A1')!.label).toBe('SAMPLE');
      // Its name and tooltip say whose move it waits for (on the old code: "A1, empty, SAMPLE, waiting to be sent").
      expect(describeWell(got.wells.get('A1')!)).toMatch(
        new RegExp(
          `^A1, empty, SAMPLE, S-0160 moved to C5 on Assign location, ${sync === 'pending' ? 'waiting' : 'unsure'}`,
        ),
      );
      expect(got.box).toEqual(['C5 TB000160']);
      expect(got.occupied).toEqual(['C5']);
    }
  });

  it('a listing that names the tube as it was queued is the same tube, whatever main knows of its names', () => {
    const byBarcode: CachedWell = { ...listedInA1, sample: { id: 'tb000160', labsheet: '' } };
    const got = both([byBarcode], [move(3, 'C5', NEWS.waiting, 'B3')]);
    expect(got.plate).toEqual(['C5 TB000160 pending']);
    expect(got.occupied).toEqual(['C5']);
  });

  it('takes it out of a well this computer assigned it to under another of its names', () => {
    const got = both([], [named(move(1, 'A1', NEWS.waiting)), named(move(3, 'C5', NEWS.waiting, undefined, 'S-0160'))]);
    expect(got.plate).toEqual(['C5 S-0160 pending']);
    expect(got.box).toEqual(['C5 S-0160']);
    expect(got.occupied).toEqual(['C5']);
  });

  it('leaves a well only Well fill filled: the service keeps a fill when the row is assigned elsewhere', () => {
    const fillD7: PendingWellChange = {
      entryId: 1,
      updatedAt: 1,
      ...NEWS.waiting,
      intent: {
        type: 'well-set',
        manifest: { uuid: BOX },
        position: 'D7',
        sample: { id: 'S-0160', labsheet: 'Samples' },
      },
    };
    const got = both([], [fillD7, named(move(3, 'C5', NEWS.waiting))]);
    expect(got.plate).toEqual(['C5 TB000160 pending', 'D7 S-0160 pending']);
    expect(got.occupied.sort()).toEqual(['C5', 'D7']);
  });

  it('leaves the listing as it is once the move is confirmed (the wells read say where it is), or when it never happened', () => {
    expect(both([listedInA1], [named(move(3, 'C5', NEWS.sent, 'B3'))]).plate).toEqual([
      'A1 S-0160 synced',
      'C5 TB000160 synced',
    ]);
    const refused = both([listedInA1], [named(move(3, 'C5', NEWS.refused, 'B3'))]);
    expect(refused.plate).toEqual(['A1 S-0160 synced']);
    expect(refused.occupied).toEqual(['A1']);
  });

  it("leaves another tube the listing has in the move's `from` when main knows the tube's names; takes it when not", () => {
    // B3: where the page drew the tube under an older move refused because another bench's S-0099 is there.
    const otherInB3: CachedWell = { ...listedInA1, position: 'B3', sample: { id: 'S-0099', labsheet: 'Samples' } };
    const known = both([otherInB3], [named(move(3, 'C5', NEWS.waiting, 'B3'))]);
    expect(known.plate).toEqual(['B3 S-0099 synced', 'C5 TB000160 pending']);
    expect(known.box).toEqual(['B3 S-0099', 'C5 TB000160']);
    expect(known.occupied.sort()).toEqual(['B3', 'C5']);
    // No saved row holds the tube: a well may name it by a sample ID this computer does not know.
    const unknown = both([otherInB3], [move(3, 'C5', NEWS.waiting, 'B3')]);
    expect(unknown.plate).toEqual(['C5 TB000160 pending']);
    expect(mark(unknown.wells, 'B3')).toEqual([null, 'pending']);
    expect(unknown.occupied).toEqual(['C5']);
    // The tube itself listed in its `from`, by its sample ID: taken out.
    const itself = both([{ ...listedInA1, position: 'B3' }], [named(move(3, 'C5', NEWS.waiting, 'B3'))]);
    expect(itself.plate).toEqual(['C5 TB000160 pending']);
    expect(itself.occupied).toEqual(['C5']);
  });

  it('leaves a sample of another labsheet with the same ID', () => {
    const other: CachedWell = { ...listedInA1, sample: { id: 'S-0160', labsheet: 'Other samples' } };
    const got = both([other], [named(move(3, 'C5', NEWS.waiting, 'B3'))]);
    expect(got.plate).toEqual(['A1 S-0160 synced', 'C5 TB000160 pending']);
    expect(got.occupied.sort()).toEqual(['A1', 'C5']);
  });
});
