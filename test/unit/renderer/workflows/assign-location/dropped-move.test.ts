import { describe, expect, it, vi } from 'vitest';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * A move of this visit that will never be sent (cancelled or discarded on the Outbox while the user is
 * there): its row says so and its position takes the next tube. The real main in-process, its embedded
 * sandbox, another bench writing over HTTP.
 */
const openBenches = benchesPerTest();

const PLATE = 'PLT000003'; // PL-0003, 96 wells, empty

describe('Assign location: a move that will never be sent', () => {
  it('cancelled before it was sent: the row reads cancelled, and its position takes the next tube', async () => {
    const b = await openBenches('extended');
    await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
    const { s, scan } = b.assignScreen();
    await scan(PLATE);
    b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]); // the move stays unsent
    await scan('TB000131');
    expect(b.said()).toMatch(/^TB000131 → PL-0003 .* A1$/);
    const move = s.assignments[0]!;
    expect(move).toMatchObject({ id: 'TB000131', position: 'A1', sync: 'pending' });

    // The user goes to the Outbox (the screen is left) and cancels the move there.
    s.stop();
    expect(await b.env.call('outbox.cancel', { id: move.entryId })).toMatchObject({ ok: true });
    s.start();
    // The kept state heard it, whether or not the box is read again on return.
    await vi.waitFor(() => expect(s.assignments[0]?.sync).toBe('cancelled'));
    expect(s.rowSaid(s.assignments[0]!)).toBe('cancelled in the Outbox — will not be sent');
    expect(s.isTaken('A1')).toBe(false);
    expect(s.holderOf('A1')).toBeNull();
    expect(s.targetPosition()).toBe('A1');
    await scan('TB000132');
    expect(b.said()).toMatch(/^TB000132 → PL-0003 .* A1$/);
  });

  it('a refused move discarded: the row reads discarded, not refused (the Outbox no longer lists it)', async () => {
    const b = await openBenches('extended');
    await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
    const { s, scan } = b.assignScreen();
    await scan(PLATE);
    // Another bench fills A1 after the box was opened here: the move into it is refused.
    await b.otherPuts(PLATE, 'A1', 'S-0099');
    await scan('TB000131');
    await b.sync();
    await vi.waitFor(() => expect(s.assignments[0]?.sync).toBe('refused'));
    // Why, in the Outbox's plain words (the service's own are in the Outbox): on the old code only "refused — see Outbox".
    await vi.waitFor(() =>
      expect(s.rowSaid(s.assignments[0]!)).toBe('refused — Well A1 of PL-0003 already holds S-0099. See the Outbox.'),
    );

    expect(await b.env.call('outbox.discard', { id: s.assignments[0]!.entryId })).toMatchObject({ ok: true });
    await vi.waitFor(() => expect(s.assignments[0]?.sync).toBe('discarded'));
    expect(s.rowSaid(s.assignments[0]!)).toBe('discarded in the Outbox — will not be sent');
    await s.refreshHoldings();
    expect(s.holderOf('A1')).toBe('S-0099');
    expect(s.targetPosition()).toBe('A2');
  });
});
