import { describe, expect, it } from 'vitest';
import { DrawnEntries } from '../../../../../renderer/workflows/well-fill/drawn-entries.js';
import { emptyWell, type WellView } from '../../../../../renderer/lib/plate-map/well-view.js';
import type { WellIntent } from '../../../../../shared/outbox/intents.js';
import { randInt, seededRandom } from '../../../../helpers/seeded-random.js';

const manifest = { uuid: 'u1' };
const intent = (position: string, sample: string): WellIntent => ({
  type: 'well-set',
  manifest,
  position,
  sample: { id: sample, labsheet: 'Samples' },
});
const holding = (position: string, sample: string): WellView => ({ ...emptyWell(position), sample });

/**
 * The rule DrawnEntries keeps, read off every drawn entry each time: the newest entry of a well draws it,
 * and one forgotten hands what it found to the next newer entry of its well. The class answers the same
 * from its index by well.
 */
class EveryEntryRead {
  readonly byEntry = new Map<number, { position: string; before: WellView }>();
  newest(position: string): number | null {
    let latest: number | null = null;
    for (const [id, d] of this.byEntry) if (d.position === position && (latest === null || id > latest)) latest = id;
    return latest;
  }
  forget(entryId: number): WellView | null {
    const drawn = this.byEntry.get(entryId);
    if (!drawn) return null;
    this.byEntry.delete(entryId);
    let nextId = Infinity;
    for (const [id, d] of this.byEntry) if (d.position === drawn.position && id > entryId && id < nextId) nextId = id;
    if (nextId === Infinity) return drawn.before;
    this.byEntry.get(nextId)!.before = drawn.before;
    return null;
  }
}

describe('the entries drawn in the wells of the plate being filled', () => {
  it('the newest entry of a well draws it; one forgotten gives what it found to the next newer one', () => {
    const d = new DrawnEntries();
    d.draw(1, 'A1', emptyWell('A1'), intent('A1', 'S-1'));
    d.draw(2, 'A1', holding('A1', 'S-1'), intent('A1', 'S-2'));
    d.draw(3, 'B1', emptyWell('B1'), intent('B1', 'S-3'));
    expect(d.newestDrawn(1)).toBeNull();
    expect(d.newestDrawn(2)?.intent).toEqual(intent('A1', 'S-2'));
    expect(d.forget(1)).toBeNull(); // 2 still draws A1, now over an empty well
    expect(d.beforeNewestAt('A1')).toEqual(emptyWell('A1'));
    expect(d.forget(2)?.before).toEqual(emptyWell('A1'));
    expect(d.beforeNewestAt('A1')).toBeNull();
    expect(d.positionOf(3)).toBe('B1');
  });

  it('answers what reading every drawn entry answers, over a seeded run of draws, drops, forgets and plate reads', () => {
    const rand = seededRandom(4242);
    const d = new DrawnEntries();
    const model = new EveryEntryRead();
    const wells = ['A1', 'A2', 'A3', 'B1'];
    let next = 1;
    for (let step = 0; step < 4000; step++) {
      const op = randInt(rand, 0, 9);
      const position = wells[randInt(rand, 0, wells.length - 1)]!;
      const some = randInt(rand, 1, next);
      if (op <= 3) {
        // Mostly queued in order; now and then an older number (a plate read's order is the map's).
        const id = rand() < 0.8 ? next++ : some;
        const before = holding(position, `S-${id}`);
        d.draw(id, position, before, intent(position, `S-${id + 1}`));
        model.byEntry.set(id, { position, before });
      } else if (op <= 5) {
        expect(d.forget(some)?.before ?? null).toEqual(model.forget(some));
      } else if (op === 6) {
        d.drop(some);
        model.byEntry.delete(some);
      } else if (op === 7 && rand() < 0.05) {
        const kept = new Map(
          [...model.byEntry].map(([id, m]) => [id, { before: m.before, intent: intent(m.position, 'x') }]),
        );
        d.redraw(kept, new Map());
      }
      for (const w of wells) {
        const newest = model.newest(w);
        expect(d.beforeNewestAt(w)).toEqual(newest === null ? null : model.byEntry.get(newest)!.before);
      }
      const isNewest = model.byEntry.has(some) && model.newest(model.byEntry.get(some)!.position) === some;
      expect(d.newestDrawn(some) !== null).toBe(isNewest);
      expect(d.positionOf(some)).toBe(model.byEntry.get(some)?.position);
    }
  });
});
