import { describe, expect, it, vi } from 'vitest';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * Undo of a fill that never happened on the service (refused, or held for a look) takes it out of the
 * Outbox and sends nothing: an opposite change ("remove the sample at A1") would remove whatever is
 * there on the service, another bench's tube included. A fill whose answer was lost (uncertain) may be
 * there, so its undo still sends the opposite change. Well fill on the real main in-process; main
 * reaches the real sandbox through the fault proxy, and "another bench" writes to it over HTTP.
 */
const openBenches = benchesPerTest();

const PLATE = 'PLT000003'; // PL-0003, 96 wells, empty

async function bench(profile: 'spec' | 'extended') {
  const b = await openBenches(profile);
  await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
  await b.scan(PLATE);
  return {
    ...b,
    onService: (position: string) => b.heldOnService(PLATE, position),
  };
}

describe.each(['spec', 'extended'] as const)('Well fill: undo of a fill that never happened (%s)', (profile) => {
  it('held for a look (another bench filled the well): taken out of the Outbox, the other tube stays', async () => {
    const b = await bench(profile);
    b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
    await b.scan('TB000001');
    expect(b.said()).toMatch(/^S-0001 → A1/);
    await b.otherPuts(PLATE, 'A1', 'S-0009');
    b.proxy().setFaults([]);
    await b.sync();
    const [fill] = await b.entries();
    expect(fill).toMatchObject({ state: 'failed', lastError: { kind: 'plate-changed' } });
    // Read again (back from the Outbox): the fill is still drawn, held, so the undo is not refused as
    // "changed since"; on the old code its opposite change then went out and removed S-0009 (extended).
    await b.s.refresh();
    expect(b.s.wells['A1']).toMatchObject({ sample: 'S-0001', sync: 'held' });

    await b.scan('#CMD:UNDO');
    expect(b.said()).toBe(
      'Undone: S-0001 → A1 — it had been held for a look (the plate changed on the service), so it was taken ' +
        'out of the Outbox; nothing was sent',
    );
    // Drawn as before the fill (as the Outbox's Discard draws it); a plate read shows S-0009 (extended).
    expect(b.s.wells['A1']).toMatchObject({ sample: null });
    expect((await b.entries()).map((e) => [e.id, e.state, e.intent?.type])).toEqual([
      [fill!.id, 'discarded', 'well-set'],
    ]);
    await b.sync();
    expect(b.onService('A1')).toBe('S-0009');

    // Redo queues the fill again, as for a cancelled one: the user sees it held or sent as it goes.
    expect(await b.s.redo()).toBe('S-0001 → A1');
    expect((await b.entries()).map((e) => e.state)).toEqual(['discarded', expect.any(String)]);
  });

  it('refused by the service: taken out of the Outbox, nothing queued', async () => {
    const b = await bench(profile);
    // A sample the labsheet does not have, used anyway: the service refuses it.
    await b.scan('S-9999');
    expect(b.s.guard?.kind).toBe('unknown-sample');
    await b.s.guard!.proceed();
    await b.sync();
    const [fill] = await b.entries();
    expect(fill).toMatchObject({ state: 'failed' });
    expect(fill!.lastError?.kind).not.toBe('plate-changed');

    expect(await b.s.undo()).toBe(
      'S-9999 → A1 — it had been refused by the service, so it was taken out of the Outbox; nothing was sent',
    );
    expect(b.s.wells['A1']).toMatchObject({ sample: null });
    expect((await b.entries()).map((e) => [e.id, e.state])).toEqual([[fill!.id, 'discarded']]);
    expect(b.s.canUndo).toBe(false);
    expect(b.s.canRedo).toBe(true);
  });

  it('a retried fill (pending again) is not discarded by the undo: it is cancelled, as any never-tried one', async () => {
    const b = await bench(profile);
    await b.scan('S-9999');
    await b.s.guard!.proceed();
    await b.sync();
    const [fill] = await b.entries();
    b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
    expect((await b.env.call('outbox.retry', { id: fill!.id })).ok).toBe(true);
    await vi.waitFor(async () => expect((await b.entries())[0]?.state).toBe('pending'));
    const answer = await b.env.call('outbox.cancelMany', { ids: [fill!.id] });
    // Tried before, so neither cancelled nor discarded: an undo sends its opposite change.
    expect(answer).toEqual({ cancelled: [], discarded: [], takenOut: [], reversed: [] });
  });
});
