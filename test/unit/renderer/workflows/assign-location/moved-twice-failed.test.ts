import { describe, expect, it, vi } from 'vitest';
import { benchesPerTest, type Benches } from '../../../../helpers/benches-on-main.js';
import { refuseSending } from '../../../../helpers/refused-claim.js';
import type { AssignState } from '../../../../../renderer/workflows/assign-location/assign-state.svelte.js';

/**
 * A tube moved twice within its box by rack files, and both moves failed: the box has it at one
 * position, where its newest change that did or may happen puts it, as Well fill's plate draws each
 * change. Given up after the service kept failing (it may be there): at the second. Failed before it
 * ever left this computer: still where the service has it. On the old code this visit's first move
 * still stood beside the second (the tube "in" B3 and C5, the next tube refused at B3), and a move
 * that never left stayed drawn where the box was read while it waited (the tube at C5, A1 free). The
 * real main in-process and its embedded sandbox behind the fault proxy (extended answers list a box's
 * wells, spec answers do not; demo data: TB000n is the row S-000n).
 */
const openBenches = benchesPerTest();

const BOX = 'BOX000001'; // BX-0001, 9 × 9
const ASSIGN = '/labsheets/assign-location';
const csv = (...lines: string[]) => ['Position,Barcode', ...lines].join('\n');

/** TB000160 put in A1 from this computer and sent; then a fresh visit to the box. */
async function tubeInA1(profile: 'spec' | 'extended') {
  const b = await openBenches(profile);
  await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
  const visit = await b.assignScreenOnFilledBox(BOX, ['TB000160']);
  expect(visit.s.whereIs('TB000160', null)?.position).toBe('A1');
  return { b, ...visit };
}

/** A rack file that has TB000160 at `position`: a move within the box, from where the box has it. */
async function moveBy(s: AssignState, position: string, from: string) {
  expect(await s.rack.importText(csv(`${position},TB000160`))).toEqual({
    text: `1 tube saved from the rack file; 1 tube moved within the box (TB000160 ${from} → ${position})`,
    ok: true,
  });
}

/** Where the box has the tube, and whether the positions are taken, as a scan asks it. */
const box = (s: AssignState) => ({
  at: s.whereIs('TB000160', null)?.position ?? null,
  taken: ['A1', 'B3', 'C5'].filter((p) => s.isTaken(p)),
});

/** Fails the move just queued on this computer, never sent: the disk refuses to mark it as being sent. */
async function failBeforeItLeaves(b: Benches, s: AssignState) {
  refuseSending(b.env.dataDir, s.assignments.at(-1)!.entryId);
  for (let i = 0; i < 5; i++) await b.sync();
}

describe.each(['extended', 'spec'] as const)(
  'a tube moved twice in its box, both moves failed (%s answers)',
  (profile) => {
    it('given up after repeated service errors: at its newest position only, the one between free', async () => {
      const { b, s, scan } = await tubeInA1(profile);
      b.proxy().setFaults([{ path: ASSIGN, fault: { kind: 'status', status: 503 } }]);
      await moveBy(s, 'B3', 'A1');
      for (let i = 0; i < 9; i++) await b.sync();
      await vi.waitFor(() => expect(s.assignments[0]?.sync).toBe('unsure'));
      await moveBy(s, 'C5', 'B3');
      for (let i = 0; i < 9; i++) await b.sync();
      await vi.waitFor(() => expect(s.assignments[1]?.sync).toBe('unsure'));
      b.proxy().setFaults([]);
      expect(s.rowSaid(s.assignments[1]!)).toMatch(/^unsure whether it arrived — /);

      await vi.waitFor(() => expect(box(s)).toEqual({ at: 'C5', taken: ['C5'] }));
      expect(s.holderOf('B3')).toBeNull();
      const again = b.assignScreen();
      await again.scan(BOX);
      expect(box(again.s)).toEqual({ at: 'C5', taken: ['C5'] });

      await scan('B3');
      await scan('TB000161');
      expect(b.said()).toMatch(/^TB000161 → BX-0001 .* B3$/);
    });

    it('failed before either left this computer: where the service has it, each failed move said so', async () => {
      const { b, s } = await tubeInA1(profile);
      // The service out of reach while the moves are queued: another lane (a row update) fails on it and
      // holds the whole queue, so neither move is tried before it fails on this computer.
      await b.queueHeldOffline();
      await moveBy(s, 'B3', 'A1');
      b.proxy().setFaults([]);
      await failBeforeItLeaves(b, s);
      await vi.waitFor(() => expect(s.assignments[0]?.sync).toBe('failed'));
      await vi.waitFor(() => expect(box(s)).toEqual({ at: 'A1', taken: ['A1'] }));

      await moveBy(s, 'C5', 'A1');
      await failBeforeItLeaves(b, s);
      await vi.waitFor(() => expect(s.assignments[1]?.sync).toBe('failed'));
      const moves = (await b.entries()).filter((e) => e.summary.startsWith('TB000160 →'));
      expect(moves.map((e) => [e.state, e.attempts])).toEqual([
        ['done', 1],
        ['failed', 0],
        ['failed', 0],
      ]);
      expect(s.rowSaid(s.assignments[1]!)).toMatch(/^failed — .*It was never sent: see the Outbox\.$/);

      await vi.waitFor(() => expect(box(s)).toEqual({ at: 'A1', taken: ['A1'] }));
      const again = b.assignScreen();
      await again.scan(BOX);
      expect(box(again.s)).toEqual({ at: 'A1', taken: ['A1'] });
    });
  },
);
