import { describe, expect, it, vi } from 'vitest';
import { benchesPerTest, type Benches } from '../../../../helpers/benches-on-main.js';
import { BOX, moveBy, tubeInA1 } from '../../../../helpers/tube-moved-in-box.js';
import type { AssignState } from '../../../../../renderer/workflows/assign-location/assign-state.svelte.js';

/**
 * A tube moved A1 → B3 within its box, then B3 → C5 while the first move's outcome is not what the box
 * was read with: the first given up after repeated 503s (it may have arrived), refused (it never
 * happened), or confirmed while the box's listing main holds still has the tube in A1. Main lists no
 * more the older move once the newer one waits, so nothing said the tube leaves A1; whatever the first
 * move did, the service holds it at C5 once the newer one is sent. Both screens draw it at C5 only and
 * A1 free while the newer move waits, and the same once it is sent. On the old code the extended
 * answers' listing kept it drawn in A1 (by its sample ID) beside C5, and Assign location passed A1 over
 * as taken. The real main in-process and its embedded sandbox behind the fault proxy (extended answers
 * list a box's wells, spec answers do not; demo data: TB000n is the row S-000n).
 */
const openBenches = benchesPerTest();

const ASSIGN = '/labsheets/assign-location';
const METADATA = '/manifest/fetch-metadata';
const TUBE = { id: 'S-0160', barcode: 'TB000160' };

const moveState = async (b: Benches, position: string) =>
  (await b.entries()).find((e) => e.summary.startsWith(`TB000160 → BX-0001 ${position} `))?.state;

/**
 * The newer move tried (503) and waiting: its mark and reason stay as drawn while the screens are
 * drawn and read again.
 */
async function newerWaits(b: Benches) {
  await b.sync();
  expect(await moveState(b, 'C5')).toBe('pending');
}

/**
 * The tube at C5 only and A1 free, on Assign location (the visit that moved it and a fresh one) and on
 * Well fill (drawn, then read again: one drawing), while the newer move `waits` or once it is sent.
 */
async function atC5Only(b: Benches, s: AssignState, profile: 'spec' | 'extended', waits: boolean) {
  const fresh = b.assignScreen();
  await fresh.scan(BOX);
  for (const box of [s, fresh.s]) {
    expect(box.whereIs('TB000160', TUBE)?.position).toBe('C5');
    expect(['A1', 'C5'].filter((p) => box.isTaken(p))).toEqual(['C5']);
    expect(box.holderOf('A1')).toBeNull();
    // Spec answers list no wells but count the used ones, which a move not yet sent (or another bench's
    // tube) leaves unexplained: only a scanned position takes the next tube then, whatever is free.
    if (profile === 'extended') expect(box.targetPosition()).toBe('A1');
  }
  await b.scan(BOX);
  const tubeAt = Object.values(b.s.wells)
    .filter((w) => w.sample === TUBE.barcode || w.sample === TUBE.id)
    .map((w) => w.position);
  expect(tubeAt).toEqual(['C5']);
  // Extended answers list the tube in A1 until the move is sent: drawn empty with the waiting move's mark.
  expect(b.s.wells['A1']).toMatchObject({ sample: null, sync: waits && profile === 'extended' ? 'pending' : null });
  // And says whose move: the tube the listing had there, and where it went.
  if (waits && profile === 'extended') expect(b.s.wells['A1']?.movedOut).toEqual({ tube: 'S-0160', to: 'C5' });
  expect(b.s.nextTarget('A1')).toBe('A1');
  const live = JSON.parse(JSON.stringify(b.s.wells)) as unknown;
  expect(await b.s.refresh()).toBe(false);
  expect(JSON.parse(JSON.stringify(b.s.wells)) as unknown).toEqual(live);
}

/**
 * The newer move's `from` (B3, where the page drew the tube while the refused move waited) holds another
 * bench's S-0099: the move takes the tube out of it, not that tube. Extended answers list it there, so
 * both screens draw it and Assign location does not offer B3 (a tube sent there would be refused); spec
 * answers list no wells, so nothing on this computer says B3 is taken. On the old code B3 was drawn empty
 * while the move waited.
 */
async function otherTubeStaysInB3(b: Benches, s: AssignState, profile: 'spec' | 'extended') {
  expect(b.heldOnService(BOX, 'B3')).toBe('S-0099');
  if (profile !== 'extended') return;
  const fresh = b.assignScreen();
  await fresh.scan(BOX);
  for (const box of [s, fresh.s]) {
    expect(box.holderOf('B3')).toBe('S-0099');
    expect(box.isTaken('B3')).toBe(true);
  }
  await b.scan(BOX);
  expect(b.s.wells['B3']?.sample).toBe('S-0099');
}

/** The newer move sent: the service holds the tube at C5 only, and both screens draw it so. */
async function sent(b: Benches, s: AssignState, profile: 'spec' | 'extended') {
  b.proxy().setFaults([]);
  await b.sync();
  await vi.waitFor(() => expect(s.assignments[1]?.sync).toBe('synced'));
  expect([b.heldOnService(BOX, 'A1'), b.heldOnService(BOX, 'C5')]).toEqual([null, 'S-0160']);
  // Well fill, open on the box, draws the news by reading it again.
  await vi.waitFor(() => expect([b.s.wells['A1']?.sync, b.s.wells['C5']?.sync]).toEqual([null, 'synced']));
  await atC5Only(b, s, profile, false);
}

describe.each(['extended', 'spec'] as const)(
  'a tube moved again while its older move is not as the box was read (%s answers)',
  (profile) => {
    it('the older move gave up after repeated 503s, the newer waits: at C5 only, A1 free', async () => {
      const { b, s } = await tubeInA1(openBenches, profile);
      b.proxy().setFaults([{ path: ASSIGN, fault: { kind: 'status', status: 503 } }]);
      await moveBy(s, 'B3', 'A1');
      for (let i = 0; i < 9; i++) await b.sync();
      await vi.waitFor(() => expect(s.assignments[0]?.sync).toBe('unsure'));
      await moveBy(s, 'C5', 'B3');
      await newerWaits(b);

      await atC5Only(b, s, profile, true);
      await sent(b, s, profile);
    });

    it('the older move refused (B3 taken meanwhile), the newer queued while it was sent: at C5 only, A1 free', async () => {
      const { b, s } = await tubeInA1(openBenches, profile);
      await moveBy(s, 'B3', 'A1');
      await b.otherAssigns(BOX, 'B3', 'S-0099');
      // The first request is held on its way long enough to queue the newer move; the next ones answer 503.
      b.proxy().setFaults([
        { path: ASSIGN, fault: { kind: 'latency', ms: 2500 }, count: 1 },
        { path: ASSIGN, fault: { kind: 'status', status: 503 } },
      ]);
      const sending = b.sync();
      await vi.waitFor(async () => expect(await moveState(b, 'B3')).toBe('sending'), { timeout: 2000 });
      await moveBy(s, 'C5', 'B3');
      expect(await moveState(b, 'B3')).toBe('sending');
      await sending;
      await newerWaits(b);
      await vi.waitFor(() => expect(s.assignments[0]?.sync).toBe('refused'));

      await atC5Only(b, s, profile, true);
      await otherTubeStaysInB3(b, s, profile);
      await sent(b, s, profile);
      await otherTubeStaysInB3(b, s, profile);
    });

    it('the older move confirmed, the box listed as before it, the newer waits: at C5 only, A1 free', async () => {
      const { b, s } = await tubeInA1(openBenches, profile);
      const box = b.sandbox().store.manifests.find('barcode', BOX)!;
      const before = await fetch(`${b.sandbox().url}${METADATA}?uuid=${box.uuid}`, {
        headers: { authorization: `Bearer ${b.sandbox().demoToken}` },
      }).then((r) => r.text());
      await moveBy(s, 'B3', 'A1');
      await b.sync();
      await vi.waitFor(() => expect(s.assignments[0]?.sync).toBe('synced'));
      // The service answers the box as it was before the move (a listing that lags behind its writes).
      b.proxy().setFaults([
        { path: METADATA, fault: { kind: 'replace', body: before } },
        { path: ASSIGN, fault: { kind: 'status', status: 503 } },
      ]);
      await moveBy(s, 'C5', 'B3');
      await newerWaits(b);

      await atC5Only(b, s, profile, true);
      await sent(b, s, profile);
    });
  },
);
