import { describe, expect, it, vi } from 'vitest';
import { benchesPerTest, type Benches } from '../../../../helpers/benches-on-main.js';
import { BOX, moveBy, tubeInA1 } from '../../../../helpers/tube-moved-in-box.js';
import type { WellFillState } from '../../../../../renderer/workflows/well-fill/well-fill-state.svelte.js';

/**
 * A tube moved within its box by Assign location's rack files is drawn on Well fill's plate of that box in
 * one well: where its newest move that did or may happen puts it, the well a waiting move leaves drawn
 * empty, as Assign location's box has it; with the plate open as its moves' news arrives, and read again.
 * On the old code the plate drew it at every move that stood (B3 and C5 after two moves that gave up, and
 * A1, where the service listed it still), and in the well a waiting move left. The real main in-process
 * and its embedded sandbox behind the fault proxy (extended answers list a box's wells, spec answers do
 * not; demo data: TB000n is the row S-000n).
 */
const openBenches = benchesPerTest();

const ASSIGN = '/labsheets/assign-location';

/** The wells Well fill draws the tube in, by either of its names. */
const tubeAt = (s: WellFillState) =>
  Object.values(s.wells)
    .filter((w) => w.sample === 'TB000160' || w.sample === 'S-0160')
    .map((w) => w.position);

/** The plate as drawn now, then as read again: one drawing. */
async function sameReadAgain(b: Benches) {
  const live = JSON.parse(JSON.stringify(b.s.wells)) as unknown;
  expect(await b.s.refresh()).toBe(false);
  expect(JSON.parse(JSON.stringify(b.s.wells)) as unknown).toEqual(live);
}

/** Tries every waiting entry until the fault proxy's 503s make main give up on it. */
async function tryUntilGivenUp(b: Benches) {
  for (let i = 0; i < 9; i++) await b.sync();
}

describe.each(['extended', 'spec'] as const)(
  'Well fill: a tube Assign location moved twice in the box (%s)',
  (profile) => {
    it('both moves gave up after repeated service errors: at C5 only, live and read again', async () => {
      const { b, s } = await tubeInA1(openBenches, profile);
      b.proxy().setFaults([{ path: ASSIGN, fault: { kind: 'status', status: 503 } }]);
      await moveBy(s, 'B3', 'A1');
      await tryUntilGivenUp(b);
      await vi.waitFor(() => expect(s.assignments[0]?.sync).toBe('unsure'));
      await moveBy(s, 'C5', 'B3');
      // Well fill opens the box while the second move waits, and follows it as main gives up on it.
      await b.scan(BOX);
      expect(b.s.wells['C5']).toMatchObject({ sample: 'TB000160', sync: 'pending' });
      await tryUntilGivenUp(b);
      await vi.waitFor(() => expect(s.assignments[1]?.sync).toBe('unsure'));

      // The wells it left are drawn empty, unsure as the moves are: it may be in either still.
      await vi.waitFor(() =>
        expect([b.s.wells['A1'], b.s.wells['B3'], b.s.wells['C5']]).toMatchObject([
          { sample: null, sync: 'unsure' },
          { sample: null, sync: 'unsure' },
          { sample: 'TB000160', sync: 'unsure', assigned: true },
        ]),
      );
      expect(tubeAt(b.s)).toEqual(['C5']);
      expect(b.s.wellOfSample('TB000160')).toBe('C5');
      b.proxy().setFaults([]);
      await sameReadAgain(b);
      const again = b.assignScreen();
      await again.scan(BOX);
      expect(again.s.whereIs('TB000160', null)?.position).toBe('C5');
    });

    it('the newer move refused (C5 taken meanwhile): at B3, where the older one may have put it, live and read again', async () => {
      const { b, s } = await tubeInA1(openBenches, profile);
      b.proxy().setFaults([{ path: ASSIGN, fault: { kind: 'status', status: 503 } }]);
      await moveBy(s, 'B3', 'A1');
      await tryUntilGivenUp(b);
      await vi.waitFor(() => expect(s.assignments[0]?.sync).toBe('unsure'));
      await moveBy(s, 'C5', 'B3');
      await b.scan(BOX);
      await b.otherPuts(BOX, 'C5', 'S-0099');

      b.proxy().setFaults([]);
      await b.sync();
      await vi.waitFor(() => expect(s.assignments[1]?.sync).toBe('refused'));

      await vi.waitFor(() =>
        expect([b.s.wells['A1'], b.s.wells['B3'], b.s.wells['C5']]).toMatchObject([
          { sample: null, sync: 'unsure' },
          { sample: 'TB000160', sync: 'unsure' },
          { sync: 'refused', unmade: { id: 'TB000160' } },
        ]),
      );
      expect(tubeAt(b.s)).toEqual(['B3']);
      await sameReadAgain(b);
    });

    it('one move waiting: the well it leaves is drawn empty until it is sent, then the plate as the service has it', async () => {
      const { b, s } = await tubeInA1(openBenches, profile);
      b.proxy().setFaults([{ path: ASSIGN, fault: { kind: 'status', status: 503 } }]);
      await moveBy(s, 'B3', 'A1');
      await b.scan(BOX);
      expect(tubeAt(b.s)).toEqual(['B3']);
      // Extended answers list the tube in A1 still: drawn empty, the move waiting. Spec answers list none, and
      // main lists no more the assignment the move overtook: A1 is simply empty.
      expect(b.s.wells['A1']).toMatchObject({ sample: null, sync: profile === 'extended' ? 'pending' : null });
      expect(b.s.nextTarget('A1')).toBe('A1');

      b.proxy().setFaults([]);
      await b.sync();
      await vi.waitFor(() => expect(s.assignments[0]?.sync).toBe('synced'));
      await vi.waitFor(() => expect(b.s.wells['B3']?.sync).toBe('synced'));
      // Sent, A1 is as the service has it: empty.
      await vi.waitFor(() => expect(b.s.wells['A1']).toMatchObject({ sample: null, sync: null }));
      expect(tubeAt(b.s)).toEqual(['B3']);
      await sameReadAgain(b);
    });
  },
);
