import { describe, expect, it } from 'vitest';
import { TubesByName } from '../../../../../renderer/lib/plate-map/tubes-by-name.js';
import { drawPlate } from '../../../../../renderer/lib/plate-map/well-view.js';
import { boxHoldings } from '../../../../../renderer/workflows/assign-location/box-holdings.js';
import type { CachedWell, PendingWellChange } from '../../../../../shared/ipc/channels/cache.js';
import type { LocationAssignIntent } from '../../../../../shared/outbox/intents.js';
import type { StandingMove } from '../../../../../shared/plate-map/moved-tube.js';

interface Held {
  id: string | null;
}
const move = (id: string, names?: string[]): StandingMove => ({
  intent: { type: 'location-assign', labsheet: 'Samples', locationId: 'box', idType: 'ID_BARCODE', id, position: 'A1' },
  state: 'pending',
  names,
});
const at = (held: [string, Held][]) => held.map(([p]) => p);

describe("TubesByName: the wells of a drawing, found by the names of a move's tube", () => {
  it("finds a tube's wells under the move's queued name or any name main knows, in any case", () => {
    const wells = new TubesByName<Held>((w) => w.id);
    wells.set('A1', { id: 'S-0101' });
    wells.set('A2', { id: 'tb000102' });
    wells.set('A3', { id: null });
    wells.set('A4', { id: 'S-0102' });
    expect(at(wells.holding(move('TB000102')))).toEqual(['A2']);
    expect(at(wells.holding(move('TB000102', ['TB000102', 's-0102'])))).toEqual(['A2', 'A4']);
    expect(at(wells.holding(move('S-9999')))).toEqual([]);
  });

  it('forgets the name a well held when it is drawn again or taken out', () => {
    const wells = new TubesByName<Held>((w) => w.id);
    wells.set('A1', { id: 'S-0101' });
    wells.set('A2', { id: 'S-0101' });
    wells.set('A1', { id: 'S-0200' });
    wells.delete('A2');
    expect(at(wells.holding(move('S-0101')))).toEqual([]);
    expect(at(wells.holding(move('S-0200')))).toEqual(['A1']);
    expect(wells.has('A2')).toBe(false);
  });

  it("answers a move's wells in the drawing's order: a well drawn again keeps its place, one taken out and put back goes last", () => {
    const wells = new TubesByName<Held>((w) => w.id);
    for (const p of ['A1', 'A2', 'A3']) wells.set(p, { id: 'S-0101' });
    wells.set('A1', { id: 'S-0101' });
    wells.delete('A2');
    wells.set('A2', { id: 'S-0101' });
    expect(at(wells.holding(move('S-0101')))).toEqual(['A1', 'A3', 'A2']);
    expect([...wells.asMap().keys()]).toEqual(['A1', 'A3', 'A2']);
  });
});

/**
 * A box of `rows` × 48 as main answers it, with a rack file's moves standing in it: `confirmed`, every
 * well lists the tube a done move put there (the rack file sent and read back); otherwise the tubes the
 * first half lists, each waiting to move to its place in the second half. `counter.reads` counts how often
 * each move's tube name is read: the work each move costs a drawing.
 */
function rackWithMoves(rows: number, confirmed: boolean) {
  const pos = (i: number) => `${String.fromCharCode(65 + Math.floor(i / 48))}${(i % 48) + 1}`;
  const positions = Array.from({ length: rows * 48 }, (_, i) => pos(i));
  const tubes = confirmed ? positions.length : positions.length / 2;
  const to = (i: number) => pos(confirmed ? i : tubes + i);
  const counter = { reads: 0 };
  const wells: CachedWell[] = Array.from({ length: tubes }, (_, i) => ({
    position: pos(i),
    sample: { id: `S-${i}`, labsheet: 'Samples' },
    label: 'SAMPLE',
    tags: [],
  }));
  const pending: PendingWellChange[] = wells.map((w, i) => {
    const intent = {
      type: 'location-assign',
      labsheet: 'Samples',
      locationId: 'rack',
      idType: 'ID_BARCODE',
      position: to(i),
      ...(confirmed ? {} : { from: { locationId: 'rack', position: w.position } }),
    } as LocationAssignIntent;
    Object.defineProperty(intent, 'id', {
      enumerable: true,
      get: () => {
        counter.reads++;
        return `TB${i}`;
      },
    });
    const state = confirmed ? 'done' : 'pending';
    return {
      entryId: i + 1,
      state,
      updatedAt: 0,
      error: null,
      mayHaveArrived: null,
      intent,
      names: [`TB${i}`, `S-${i}`],
    };
  });
  return { positions, plate: { wells, pending, movedAway: [] }, counter, tubes, to };
}

describe("Drawing a box with a rack file's moves standing: each move's work does not grow with the box", () => {
  // Asked of every well for every move, a rack of 1,248 read each move's tube name about 1,250 times.
  const FEW = 20;

  it('Well fill and Labels (drawPlate): a confirmed rack file draws each listed tube where it is, in a rack of 1,248 as in one of 96', () => {
    for (const rows of [2, 26]) {
      const r = rackWithMoves(rows, true);
      const wells = drawPlate(r.positions, r.plate);
      for (const i of [0, r.tubes - 1])
        expect(wells.get(r.to(i))).toMatchObject({ sample: `S-${i}`, sync: 'synced', assigned: false });
      expect([...wells.values()].filter((w) => w.sample !== null)).toHaveLength(r.tubes);
      expect(r.counter.reads / r.tubes).toBeLessThan(FEW);
    }
  });

  it('Well fill and Labels (drawPlate): tubes waiting to move on within the box are drawn out of their wells and in their new ones', () => {
    for (const rows of [2, 26]) {
      const r = rackWithMoves(rows, false);
      const wells = drawPlate(r.positions, r.plate);
      expect(wells.get('A1')).toMatchObject({ sample: null, sync: 'pending', movedOut: { tube: 'S-0', to: r.to(0) } });
      expect(wells.get(r.to(0))).toMatchObject({ sample: 'TB0', sync: 'pending', assigned: true });
      expect(wells.get(r.to(r.tubes - 1))).toMatchObject({ sample: `TB${r.tubes - 1}`, assigned: true });
      expect([...wells.values()].filter((w) => w.sample !== null)).toHaveLength(r.tubes);
      expect(r.counter.reads / r.tubes).toBeLessThan(FEW);
    }
  });

  it('Assign location (boxHoldings) holds each tube once, where its move puts it', () => {
    for (const confirmed of [true, false])
      for (const rows of [2, 26]) {
        const r = rackWithMoves(rows, confirmed);
        const held = boxHoldings(r.plate).held;
        expect(held).toHaveLength(r.tubes);
        expect(new Set(held.map((t) => t.position))).toEqual(
          new Set(Array.from({ length: r.tubes }, (_, i) => r.to(i))),
        );
        expect(r.counter.reads / r.tubes).toBeLessThan(FEW);
      }
  });
});
