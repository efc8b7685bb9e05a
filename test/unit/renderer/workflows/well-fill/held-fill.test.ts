import { describe, expect, it, vi } from 'vitest';
import { removeFromWells } from '../../../../../renderer/workflows/well-fill/well-edits.js';
import { benchesPerTest, onPlate } from '../../../../helpers/benches-on-main.js';

/**
 * A change made on Well fill while another bench changed the plate is held for a look ("Needs a look"
 * in the Outbox): it is the user's change, waiting for their decision, not a refusal. The tube they
 * put in the well stays drawn there (so the fill never offers the well again, and the tube is still a
 * duplicate), until they discard it (the well is as the service has it) or send it anyway (the well is
 * as sent). Well fill on the real main in-process; main reaches the real sandbox through the fault
 * proxy, and "another bench" writes to the sandbox over HTTP.
 */
const openBenches = benchesPerTest();

const PLATE = 'PLT000003'; // PL-0003, 96 wells, empty
const NEEDS_A_LOOK = /^Needs a look: plate PL-0003 changed on the service since these scans/;

async function bench(profile: 'spec' | 'extended') {
  const b = await onPlate(await openBenches(profile), PLATE);
  return {
    ...b,
    /** `change` made offline while another bench writes H12, then the service is back: it is held. */
    async heldAfter(change: () => Promise<unknown>) {
      b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
      await change();
      await b.otherPuts(PLATE, 'H12', 'S-0099');
      b.proxy().setFaults([]);
      await b.sync();
      const held = (await b.entries()).find((e) => e.state === 'failed')!;
      expect(held.lastError).toMatchObject({ kind: 'plate-changed', message: expect.stringMatching(NEEDS_A_LOOK) });
      return held;
    },
  };
}

describe.each(['spec', 'extended'] as const)('Well fill: a fill held for a look (%s)', (profile) => {
  it('stays drawn in its well as the user’s change needing a look, live and after the plate is read again', async () => {
    const b = await bench(profile);
    await b.heldAfter(async () => {
      await b.scan('TB000001');
      expect(b.said()).toMatch(/^S-0001 → A1 · next A2/);
    });
    await vi.waitFor(() => expect(b.s.wells['A1']).toMatchObject({ sample: 'S-0001', sync: 'held' }));
    await vi.waitFor(() => expect(b.s.wells['A1']?.reason?.said).toMatch(NEEDS_A_LOOK));

    // Back from the Outbox (where the user saw "Needs a look"): the plate is read again.
    await b.s.refresh();
    expect(b.s.wells['A1']).toMatchObject({ sample: 'S-0001', sync: 'held' });
    expect(b.s.wells['A1']?.reason?.said).toMatch(NEEDS_A_LOOK);
    // Scanned again as the plate: the same.
    expect(await b.s.load({ barcode: PLATE })).toBe(true);
    expect(b.s.wells['A1']).toMatchObject({ sample: 'S-0001', sync: 'held' });

    // The well is not offered as the next empty well, whatever order or start.
    expect(b.s.nextTarget('A1')).toBe('A2');
    expect(b.s.firstTarget()).toBe('A2');
    b.s.setOrder('column-major');
    // Where the service lists no wells, another bench's H12 stopped the fill: a new order starts none.
    expect(b.s.cursor).toBe(profile === 'spec' ? null : 'B1');
    b.s.setOrder('row-major');

    // The held tube is still on this plate.
    await b.scan('TB000001');
    expect(b.said()).toBe('S-0001 is already in A1 on this plate.');
    expect(b.s.guard?.kind).toBe('duplicate-sample');

    // A tube scanned into the well on purpose is asked about, with what the well holds and why; the
    // position scan says it already, before the tube comes.
    await b.scan('A1');
    expect(b.said()).toBe(
      'Next tube goes to A1 — A1 holds S-0001, your change that needs a look in the Outbox; you will be asked before ' +
        'it is replaced',
    );
    await b.scan('TB000002');
    expect(b.s.guard?.kind).toBe('occupied-well');
    expect(b.said()).toBe(
      'A1 holds S-0001, your change that needs a look in the Outbox (the plate changed on the service since you ' +
        'read it). Replace it?',
    );
    expect((await b.entries()).filter((e) => e.intent?.type === 'well-set')).toHaveLength(1);
  });

  it('Discard in the Outbox puts the well back as the service has it', async () => {
    const b = await bench(profile);
    const held = await b.heldAfter(() => b.scan('TB000001'));
    await vi.waitFor(() => expect(b.s.wells['A1']).toMatchObject({ sample: 'S-0001', sync: 'held' }));
    expect((await b.env.call('outbox.discard', { id: held.id })).ok).toBe(true);
    await vi.waitFor(() => expect(b.s.wells['A1']).toMatchObject({ sample: null, sync: null, reason: null }));
    expect(b.s.wellOfSample('S-0001')).toBeNull();
    expect(b.s.nextTarget('A1')).toBe('A1');
    // Read again, it is the same.
    await b.s.refresh();
    expect(b.s.wells['A1']).toMatchObject({ sample: null, reason: null });
    expect(b.onService('A1')).toBeNull();
  });

  it('Discard after the plate was read again: the same', async () => {
    const b = await bench(profile);
    const held = await b.heldAfter(() => b.scan('TB000001'));
    await b.s.refresh();
    expect(b.s.wells['A1']).toMatchObject({ sample: 'S-0001', sync: 'held' });
    expect((await b.env.call('outbox.discard', { id: held.id })).ok).toBe(true);
    await vi.waitFor(() => expect(b.s.wells['A1']).toMatchObject({ sample: null, sync: null, reason: null }));
    expect(b.s.nextTarget('A1')).toBe('A1');
  });

  it('Send anyway ends with the well as sent', async () => {
    const b = await bench(profile);
    const held = await b.heldAfter(() => b.scan('TB000001'));
    await b.s.refresh();
    expect((await b.env.call('outbox.retry', { id: held.id })).ok).toBe(true);
    await vi.waitFor(async () => expect((await b.entries()).find((e) => e.id === held.id)?.state).toBe('done'));
    await vi.waitFor(() => expect(b.s.wells['A1']).toMatchObject({ sample: 'S-0001', sync: 'synced', reason: null }));
    expect(b.onService('A1')).toBe('S-0001');
    await b.s.refresh();
    expect(b.s.wells['A1']).toMatchObject({ sample: 'S-0001', sync: 'synced', reason: null });
  });
});

describe.each(['spec', 'extended'] as const)('Well fill: a removal held for a look (%s)', (profile) => {
  it('is drawn done, needing a look; the fill passes over the well; Discard puts the tube back', async () => {
    const b = await bench(profile);
    await b.scan('TB000005');
    await b.sync();
    expect(b.onService('A1')).toBe('S-0005');
    await b.s.refresh();
    const held = await b.heldAfter(() => removeFromWells(b.s, ['A1'], 'SAMPLE'));
    await b.s.refresh();
    expect(b.s.wells['A1']).toMatchObject({ sample: null, sync: 'held' });
    expect(b.s.wells['A1']?.reason?.said).toMatch(NEEDS_A_LOOK);
    // Until the user decides, the tube may still be there: the fill does not choose the well by itself.
    expect(b.s.nextTarget('A1')).toBe('A2');

    expect((await b.env.call('outbox.discard', { id: held.id })).ok).toBe(true);
    await vi.waitFor(() => expect(b.s.wells['A1']).toMatchObject({ sample: 'S-0005', reason: null }));
    expect(b.s.wells['A1']?.sync).not.toBe('held');
  });

  it('a tube scanned into the well on purpose says the removal still needs a look, live and after the plate is read again', async () => {
    const b = await bench(profile);
    await b.scan('TB000005');
    await b.scan('TB000007');
    await b.sync();
    await b.s.refresh();
    await b.heldAfter(() => removeFromWells(b.s, ['A1', 'A2'], 'SAMPLE'));
    await vi.waitFor(() => expect(b.s.wells['A2']).toMatchObject({ sample: null, sync: 'held' }));

    // Said as soon as the position is scanned, not only when the tube comes.
    await b.scan('A1');
    expect(b.said()).toBe('Next tube goes to A1 — your removal of S-0005 there still needs a look in the Outbox');
    await b.scan('TB000006');
    expect(b.said()).toBe('S-0006 → A1 — your removal of S-0005 there still needs a look in the Outbox · next A3');
    // Back from the Outbox, the plate read again: the same.
    await b.s.refresh();
    await b.scan('A2');
    expect(b.said()).toBe('Next tube goes to A2 — your removal of S-0007 there still needs a look in the Outbox');
    await b.scan('TB000008');
    expect(b.said()).toBe('S-0008 → A2 — your removal of S-0007 there still needs a look in the Outbox · next A3');
    // It does: the new tubes go (or are held) as their own changes, and the removals stay for the user.
    await b.sync();
    const removals = (await b.entries()).filter((e) => e.intent?.type === 'well-remove');
    expect(removals.map((e) => [e.state, e.lastError?.kind])).toEqual([
      ['failed', 'plate-changed'],
      ['failed', 'plate-changed'],
    ]);
    // A filled well says what it holds, before the tube comes.
    await b.scan('A1');
    expect(b.said()).toBe('Next tube goes to A1 — A1 holds S-0006; you will be asked before it is replaced');
    await b.scan('#CMD:CANCEL');
    // A free well has no such note; where the service lists no wells, another bench's tube (H12 here)
    // may be in any well shown empty, and the position scan says so.
    await b.scan('A3');
    expect(b.said()).toBe(
      profile === 'spec'
        ? 'Next tube goes to A3 — 1 well of this plate was filled elsewhere at positions this computer does not know: A3 may be one of them'
        : 'Next tube goes to A3',
    );
    await b.scan('TB000009');
    expect(b.said()).toBe('S-0009 → A3 · next A4');
  });
});
