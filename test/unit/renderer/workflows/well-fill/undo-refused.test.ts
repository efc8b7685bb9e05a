import { describe, expect, it, vi } from 'vitest';
import { benchesPerTest, onPlate } from '../../../../helpers/benches-on-main.js';

/**
 * Undo of a fill that never happened on the service (refused, or held for a look) takes it out of the
 * Outbox and sends nothing: an opposite change ("remove the sample at A1") would remove whatever is
 * there on the service, another bench's tube included. A fill whose answer was lost (uncertain) may be
 * there, so its undo still sends the opposite change. Well fill on the real main in-process; main
 * reaches the real sandbox through the fault proxy, and "another bench" writes to it over HTTP.
 */
const openBenches = benchesPerTest();

const PLATE = 'PLT000003'; // PL-0003, 96 wells, empty

const bench = async (profile: 'spec' | 'extended') => onPlate(await openBenches(profile), PLATE);

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
    const undone =
      'Undone: S-0001 → A1 — it had been held for a look (the plate changed on the service), so it was taken ' +
      'out of the Outbox; nothing was sent';
    // The plate is read again: A1 is drawn as the service holds it, not as before the fill (empty), and
    // the next tube does not go there. On the old code A1 stayed "empty" until the plate was read again.
    if (profile === 'extended') {
      expect(b.said()).toBe(`${undone}. Read again from the service: A1 holds S-0009`);
      expect(b.s.wells['A1']).toMatchObject({ sample: 'S-0009', sync: 'synced' });
      expect(b.s.cursor).toBe('A2');
    } else {
      // The service lists no wells: what A1 holds is not known here, and the user hears so.
      expect(b.said()).toBe(
        `${undone}. The service does not list wells and 1 of PL-0003 was filled elsewhere, so well A1 may hold ` +
          'a tube from another bench: look before you put a tube there',
      );
      expect(b.s.wells['A1']).toMatchObject({ sample: null });
      expect(b.s.cursor).toBeNull();
    }
    expect((await b.entries()).map((e) => [e.id, e.state, e.intent?.type])).toEqual([
      [fill!.id, 'discarded', 'well-set'],
    ]);
    await b.sync();
    expect(b.onService('A1')).toBe('S-0009');

    if (profile === 'extended') {
      // A1 is drawn with S-0009 now: a redo would put S-0001 over it, so it is refused with why.
      await expect(b.s.redo()).rejects.toThrow(/A1 now holds S-0009, changed since at another bench/);
      return;
    }
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

  it('refused, and another bench has filled the well since: the undo draws what the service holds', async () => {
    const b = await bench(profile);
    await b.scan('S-9999');
    await b.s.guard!.proceed();
    await b.sync();
    expect((await b.entries())[0]).toMatchObject({ state: 'failed' });
    await b.otherPuts(PLATE, 'A1', 'S-0009');

    const said = await b.s.undo();
    const undone =
      'S-9999 → A1 — it had been refused by the service, so it was taken out of the Outbox; nothing was sent';
    if (profile === 'extended') {
      expect(said).toBe(`${undone}. Read again from the service: A1 holds S-0009`);
      expect(b.s.wells['A1']).toMatchObject({ sample: 'S-0009', sync: 'synced' });
      expect(b.s.cursor).toBe('A2');
    } else {
      expect(said).toBe(
        `${undone}. The service does not list wells and 1 of PL-0003 was filled elsewhere, so well A1 may hold ` +
          'a tube from another bench: look before you put a tube there',
      );
      expect(b.s.cursor).toBeNull();
    }
    expect(b.onService('A1')).toBe('S-0009');
  });

  it('refused, undone while the service is unreachable: the well stays as last seen, and the user hears it may have changed', async () => {
    const b = await bench(profile);
    await b.scan('S-9999');
    await b.s.guard!.proceed();
    await b.sync();
    b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);

    expect(await b.s.undo()).toBe(
      'S-9999 → A1 — it had been refused by the service, so it was taken out of the Outbox; nothing was sent. ' +
        'The plate could not be read again from the service, so well A1 is drawn as last seen and may have ' +
        'changed at another bench: look before you put a tube there',
    );
    expect(b.s.wells['A1']).toMatchObject({ sample: null });
    expect(b.s.plate?.fromCache).toBe(true);
  });

  it('gave up after repeated service errors, applied all the same: discarded, and the opposite change is queued with it', async () => {
    const b = await bench(profile);
    // Seven 503s the service never saw, then one after it applied the fill (a gateway that gave up on the answer).
    b.proxy().setFaults([
      { path: '/manifest/update', fault: { kind: 'status', status: 503 }, count: 7 },
      { path: '/manifest/update', fault: { kind: 'status', status: 503, forward: true }, count: 1 },
    ]);
    await b.scan('TB000001');
    for (let i = 0; i < 8; i++) await b.sync();
    const [fill] = await b.entries();
    expect(fill).toMatchObject({ state: 'failed', lastError: { kind: 'gave-up' } });
    expect(b.onService('A1')).toBe('S-0001');
    b.proxy().setFaults([]);
    expect(await b.s.undo()).toBe(
      'S-0001 → A1 — it had failed after repeated service errors, and the service may have made the change all ' +
        'the same, so it was taken out of the Outbox and the opposite change was queued',
    );
    // On the old code the fill was discarded and nothing queued: the service kept S-0001 in A1.
    const after = await b.entries();
    expect(after.map((e) => [e.id, e.state, e.intent?.type])).toEqual([
      [fill!.id, 'discarded', 'well-set'],
      [expect.any(Number), expect.any(String), 'well-remove'],
    ]);
    expect(b.s.wells['A1']).toMatchObject({ sample: null });
    // Our own write under the 503 changed the plate since the reading the opposite change was made on; the
    // plate was read back right after that write, so the check knows the change is ours and does not hold
    // the opposite change for a look (on the old code it did, and the user had to press "Send anyway").
    await b.sync();
    const remove = (await b.entries())[1]!;
    await b.env.call('outbox.await', { id: remove.id, timeoutMs: 15_000 });
    expect((await b.entries())[1]?.state).toBe('done');
    expect(b.onService('A1')).toBeNull();
    // Redo puts the fill back, as for any undone step.
    expect(await b.s.redo()).toBe('S-0001 → A1');
  });
});
