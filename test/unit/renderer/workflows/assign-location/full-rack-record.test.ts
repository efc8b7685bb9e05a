import { describe, expect, it } from 'vitest';
import { nextEmptyWell } from '../../../../../renderer/lib/plate-map/fill-order.js';
import type { QueuedSync } from '../../../../../renderer/lib/outbox/follow-entry-sync.js';
import {
  heldStill,
  holderOf,
  isTaken,
  notOffered,
  takenPositions,
  standing,
  unmadeInPlace,
  whereIs,
  type Assignment,
  type BoxRecord,
} from '../../../../../renderer/workflows/assign-location/box-record.js';

/**
 * A rack of 26 × 48 filled this visit from a rack file: its record's questions are asked of every position
 * (the next free one, after each save) and of every tube (what is still in place), so each must cost the
 * record once, not once a position. Each took the visit's 1,248 tubes once a position: the rack file's
 * "Saving" step took 0.9 s in the page, most of it looking for the next free position of a full rack.
 * `reads` counts how often the record's tubes are read (their mark and their position).
 */
const layout = { rows: 26, columns: 48 };
const pos = (i: number) => `${String.fromCharCode(65 + Math.floor(i / 48))}${(i % 48) + 1}`;

function filledRack(tubes: number, sync: (i: number) => QueuedSync | null) {
  const counter = { reads: 0 };
  const assignments = Array.from({ length: tubes }, (_, i): Assignment => {
    const a = { id: `TB${i}`, idType: 'ID_BARCODE' as const, entryId: i + 1, reason: null };
    return Object.defineProperties(a, {
      sync: { enumerable: true, get: () => (counter.reads++, sync(i)) },
      position: { enumerable: true, get: () => (counter.reads++, pos(i)) },
    }) as Assignment;
  });
  const box: BoxRecord = {
    occupied: [],
    held: [],
    removalsHeld: [],
    fillsHeld: [],
    controls: [],
    assignments,
    labsheet: 'Samples',
  };
  return { box, counter };
}

describe('a rack filled this visit: its record is read once for all its positions', () => {
  it('the next free position of a full rack is none, and of a rack less its last tube that position', () => {
    for (const tubes of [1248, 1247]) {
      const { box, counter } = filledRack(tubes, () => 'pending');
      const next = nextEmptyWell(layout, 'row-major', notOffered(box, []));
      expect(next).toBe(tubes === 1248 ? null : pos(1247));
      // Asked position by position, each read all 1,248 tubes: about 2,500 reads a tube.
      expect(counter.reads / tubes).toBeLessThan(20);
    }
  });

  it('a position held back by the screen (skipped) is not offered; one whose tube was discarded is', () => {
    const { box } = filledRack(1248, (i) => (i === 5 ? 'discarded' : 'synced'));
    expect(nextEmptyWell(layout, 'row-major', notOffered(box, []))).toBe(pos(5));
    expect(nextEmptyWell(layout, 'row-major', notOffered(box, [pos(5)]))).toBeNull();
    expect(takenPositions(box).has(pos(5))).toBe(false);
    expect(isTaken(box, pos(4))).toBe(true);
  });

  it('tubes the service refused stay in place, found once for all: the next tube goes past them', () => {
    const { box, counter } = filledRack(1248, (i) => (i < 1000 ? 'refused' : 'synced'));
    const inPlace = unmadeInPlace(box);
    expect(inPlace).toHaveLength(1000);
    expect(inPlace[0]!.id).toBe('TB0');
    // Compared with every newer tube, each refused one read about 500 of them.
    expect(counter.reads / 1248).toBeLessThan(20);
    expect(nextEmptyWell(layout, 'row-major', notOffered(box, []))).toBeNull();
  });

  it('a refused tube a newer one went in over is no longer in place', () => {
    const { box } = filledRack(3, (i) => (i === 0 ? 'refused' : 'pending'));
    const over: Assignment = {
      id: 'TB9',
      idType: 'ID_BARCODE',
      entryId: 9,
      reason: null,
      sync: 'pending',
      position: pos(0),
    };
    expect(unmadeInPlace({ ...box, assignments: [...box.assignments, over] })).toEqual([]);
    expect(unmadeInPlace(box).map((a) => a.id)).toEqual(['TB0']);
  });

  it('held still for a rack file read again, the record answers as the live one, from one reading of it', () => {
    // Every tube put in this visit, a few moved on since (TB3 from A4 to B1, over TB48) and one refused.
    const { box } = filledRack(1248, (i) => (i === 7 ? 'refused' : 'synced'));
    const moved: Assignment = {
      id: 'tb3',
      idType: 'ID_BARCODE',
      entryId: 2000,
      reason: null,
      sync: 'pending',
      position: pos(48),
      from: pos(3),
    };
    const live: BoxRecord = { ...box, occupied: ['Z1'], assignments: [...box.assignments, moved] };
    const still = heldStill(live, { idType: 'ID_BARCODE' as const });
    for (const i of [0, 3, 7, 48, 1247]) expect(whereIs(still, `TB${i}`, null)).toEqual(whereIs(live, `TB${i}`, null));
    expect(whereIs(still, 'TB3', null)).toMatchObject({ position: pos(48), as: 'tb3' });
    expect(whereIs(still, 'TB9999', null)).toBeNull();
    for (const p of [pos(3), pos(7), pos(48), 'Z1', 'Z2']) {
      expect(holderOf(still, p)).toBe(holderOf(live, p));
      expect(isTaken(still, p)).toBe(isTaken(live, p));
    }
    expect(unmadeInPlace(still).map((a) => a.id)).toEqual(unmadeInPlace(live).map((a) => a.id));
    // One reading: the same answer object each time, and news after it changes the live record only.
    expect(standing(still)).toBe(standing(still));
    moved.sync = 'discarded';
    expect(whereIs(live, 'TB3', null)).toMatchObject({ position: pos(3), as: 'TB3' });
    expect(whereIs(still, 'TB3', null)).toMatchObject({ position: pos(48), as: 'tb3' });
  });
});
