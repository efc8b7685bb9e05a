import { describe, expect, it, vi } from 'vitest';
import { removeFromWells } from '../../../../../renderer/workflows/well-fill/well-edits.js';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * A well emptied on Well fill whose removal is held for a look (another bench changed the plate), then
 * the plate opened on Assign location: the well is shown as waiting for the user's look, a tube can be
 * moved into it, and that move waits in the Outbox behind the removal. Both screens on the real main
 * in-process; main reaches the real sandbox through the fault proxy; the other bench writes over HTTP.
 */
const openBenches = benchesPerTest();

const PLATE = 'PLT000003'; // PL-0003, 96 wells, empty

describe.each(['spec', 'extended'] as const)('Assign location: a well whose removal needs a look (%s)', (profile) => {
  /** TB000131 put in A5 and sent; then taken out on Well fill while another bench changed the plate. */
  async function heldRemoval() {
    const b = await openBenches(profile);
    await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
    const first = b.assignScreen();
    await first.scan(PLATE);
    await first.scan('A5');
    await first.scan('TB000131');
    await b.scan(PLATE);
    await b.sync();
    expect(await b.s.refresh()).toBe(false);
    expect(b.s.wells['A5']?.sample).toMatch(/^(TB000131|S-0131)$/);

    b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
    expect(await removeFromWells(b.s, ['A5'], 'SAMPLE')).toBe('Removed sample from A5');
    await b.otherPuts(PLATE, 'H12', 'S-0099');
    b.proxy().setFaults([]);
    await b.sync();
    const { entries } = b;
    const removal = (await entries()).find((e) => e.intent?.type === 'well-remove')!;
    expect(removal).toMatchObject({ state: 'failed', lastError: { kind: 'plate-changed' } });
    const onService = (p: string) => b.heldOnService(PLATE, p);
    expect(onService('A5')).toBe('S-0131');

    // A fresh Assign location screen opens the plate: what it knows comes from main.
    const { s, scan } = b.assignScreen();
    await scan(PLATE);
    return { b, s, scan, removal, entries, onService };
  }

  it('shows the held removal, takes a tube into the well, and queues it behind the removal; Send anyway sends both', async () => {
    const { b, s, scan, removal, entries, onService } = await heldRemoval();
    expect(s.heldNotes()).toEqual(['A5: your removal of TB000131 needs a look in the Outbox']);
    // The well still holds the tube on the service: the next tube is not sent there by itself.
    expect(s.targetPosition()).not.toBe('A5');
    // The tube being taken out, scanned again, is named with the user's removal, not as a plain duplicate.
    await scan('TB000131');
    expect(b.said()).toBe(
      'TB000131 is still in A5: your removal of it there needs a look in the Outbox (send it anyway or discard it ' +
        'there); nothing recorded',
    );
    expect(s.assignments).toHaveLength(0);

    await scan('A5');
    expect(b.said()).toBe(
      'Next tube goes to A5: it will wait until your removal of TB000131 there is sent (it needs a look in the Outbox)',
    );
    await scan('TB000132');
    expect(b.said()).toMatch(
      /^TB000132 → PL-0003 .* A5 — waits for your removal of TB000131 \(needs a look in the Outbox\)$/,
    );
    expect(s.heldNotes()).toEqual(['A5: your removal of TB000131 needs a look in the Outbox; TB000132 waits for it']);
    expect(s.waitsForLook(s.assignments[0]!)).toBe(true);

    const move = (await entries()).find((e) => e.intent?.type === 'location-assign' && e.intent.id === 'TB000132')!;
    expect(move.state).toBe('pending');
    expect(move.waiting).toMatch(new RegExp(`^Waiting for #${removal.id} \\(`));

    expect((await b.env.call('outbox.retry', { id: removal.id })).ok).toBe(true);
    await vi.waitFor(async () =>
      expect((await entries()).filter((e) => e.state !== 'done').map((e) => [e.id, e.state])).toEqual([]),
    );
    expect(onService('A5')).toBe('S-0132');
    await s.refreshHoldings();
    expect(s.heldNotes()).toEqual([]);
    expect(s.waitsForLook(s.assignments[0]!)).toBe(false);
    expect(s.holderOf('A5')).toBe('TB000132');
  });

  it('Discard: the well shows the tube the service has again, and the move goes alone (and is refused)', async () => {
    const { b, s, scan, removal, entries, onService } = await heldRemoval();
    await scan('A5');
    await scan('TB000132');
    const move = (await entries()).find((e) => e.intent?.type === 'location-assign' && e.intent.id === 'TB000132')!;

    // The user goes to the Outbox (the screen is left) and discards the removal there.
    s.stop();
    expect((await b.env.call('outbox.discard', { id: removal.id })).ok).toBe(true);
    await vi.waitFor(async () => expect((await entries()).find((e) => e.id === move.id)?.state).toBe('failed'));
    expect(onService('A5')).toBe('S-0131');

    // Back on the screen: the note is gone, the move shows refused, and A5 holds what the service has.
    s.start();
    await s.refreshHoldings();
    expect(s.heldNotes()).toEqual([]);
    await vi.waitFor(() => expect(s.assignments.find((a) => a.id === 'TB000132')?.sync).toBe('refused'));
    expect(s.holderOf('A5')).toBe('TB000131');
    await scan('A5');
    expect(b.said()).toBe('A5 is not empty (TB000131 is in it): scan another position');
    // Refused, the tube is nowhere in the box: it can be put somewhere else.
    await scan('A6');
    await scan('TB000132');
    expect(b.said()).toMatch(/^TB000132 → PL-0003 .* A6$/);
    const again = b.assignScreen();
    await again.scan(PLATE);
    expect(again.s.heldNotes()).toEqual([]);
    expect(again.s.holderOf('A5')).toBe('TB000131');
    await again.scan('A5');
    expect(b.said()).toBe('A5 is not empty (TB000131 is in it): scan another position');
  });

  it('a rack file reading the tube being taken out names the user’s removal in its summary, as a scan of it does', async () => {
    const { s } = await heldRemoval();
    expect(await s.rack.importText('Position,Barcode\nA5,TB000131\nA6,TB000133')).toEqual({
      text:
        '1 tube saved from the rack file; TB000131 is still in A5: your removal of it there needs a look in the ' +
        'Outbox (send it anyway or discard it there)',
      ok: true,
    });
    expect(s.assignments.map((a) => `${a.id}@${a.position}`)).toEqual(['TB000133@A6']);
  });
});
