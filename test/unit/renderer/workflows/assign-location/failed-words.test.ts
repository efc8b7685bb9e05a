import { describe, expect, it, vi } from 'vitest';
import { benchesPerTest, type Benches } from '../../../../helpers/benches-on-main.js';
import { refuseSending } from '../../../../helpers/refused-claim.js';
import { describeWell } from '../../../../../renderer/lib/plate-map/well-words.js';

/**
 * A move on Assign location that failed is said with the same word on its list and in its well on the
 * plate, as main decides whether it may be on the service (mayHaveArrived): "failed" when it never left
 * this computer, "unsure whether it arrived" when it may have. On the old code the list said every
 * failure the service did not refuse "unsure", while the plate said "failed, never sent". The real main
 * in-process, its embedded sandbox behind the fault proxy; a box that is a plate, so Well fill reads it too.
 */
const openBenches = benchesPerTest();

const PLATE = 'PLT000003'; // PL-0003, 96 wells, empty
const ASSIGN = '/labsheets/assign-location';

/** Assign location open on the plate, with the tubes' rows read as a user opens it. */
async function onBox(b: Benches) {
  await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
  const screen = b.assignScreen();
  await screen.scan(PLATE);
  return screen;
}

/** The entry's row in main's outbox, as the Outbox lists it. */
const listed = async (b: Benches, id: number) => (await b.entries()).find((e) => e.id === id)!;

/** The plate read on Well fill, as a user opens it: the well's accessible name and tooltip. */
async function wellSaid(b: Benches, position: string): Promise<string> {
  await b.scan(PLATE);
  return describeWell(b.s.wells[position]!);
}

describe('Assign location: a failed move is said the same on its list and on the plate', () => {
  it('failed on this computer before it was ever sent: "failed" on the list and the plate, and its position is free', async () => {
    const b = await openBenches('extended');
    const { s, scan } = await onBox(b);
    // The service out of reach: a row update (another lane) tries and fails, and each failure holds the
    // whole queue longer, so the move below is never tried while the test sets it up.
    await b.queueHeldOffline();
    await scan('TB000131');
    const [move] = s.assignments;
    expect(move).toMatchObject({ position: 'A1', sync: 'pending' });
    // This computer's disk refuses to mark the move as being sent: it fails here, never sent.
    refuseSending(b.env.dataDir, move!.entryId);
    b.proxy().setFaults([]);
    for (let i = 0; i < 5; i++) await b.sync();
    expect(await listed(b, move!.entryId)).toMatchObject({
      state: 'failed',
      attempts: 0,
      lastError: { kind: 'local' },
      mayHaveArrived: null,
    });

    await vi.waitFor(() => expect(s.assignments[0]?.sync).toBe('failed'));
    expect(s.rowSaid(s.assignments[0]!)).toMatch(/^failed — Not sent: .*It was never sent: see the Outbox\.$/);
    expect(s.rowSaid(s.assignments[0]!)).not.toMatch(/unsure/);
    expect(await wellSaid(b, 'A1')).toMatch(/^A1, empty, failed, never sent: TB000131 was not put here\./);
    // It never happened, on the list as on the plate: the next tube may go to A1.
    await s.refreshHoldings();
    expect(s.targetPosition()).toBe('A1');
  });

  it('given up after the service kept failing (it may have made it): "unsure" on the list and the plate', async () => {
    const b = await openBenches('extended');
    const { s, scan } = await onBox(b);
    // The service keeps answering 503: after the bound the entry gives up, and main cannot tell whether
    // one of those tries made the move (a gateway's 503 after the service did).
    b.proxy().setFaults([{ path: ASSIGN, fault: { kind: 'status', status: 503 }, count: 8 }]);
    await scan('TB000131');
    for (let i = 0; i < 8; i++) await b.sync();
    b.proxy().setFaults([]);
    const move = s.assignments[0]!;
    // The Outbox's list carries main's decision, so its row says the word the list and the plate say.
    expect(await listed(b, move.entryId)).toMatchObject({
      state: 'failed',
      lastError: { kind: 'gave-up' },
      mayHaveArrived: 'gave-up',
    });

    await vi.waitFor(() => expect(s.assignments[0]?.sync).toBe('unsure'));
    expect(s.rowSaid(s.assignments[0]!)).toMatch(
      /^unsure whether it arrived — .*It may be on the service all the same/,
    );
    expect(await wellSaid(b, 'A1')).toMatch(/^A1, TB000131, placed by Assign location, unsure whether it arrived: /);
  });
});
