import { describe, expect, it } from 'vitest';
import { tagWells } from '../../../../../renderer/workflows/well-fill/well-edits.js';
import { benchesPerTest, onPlate } from '../../../../helpers/benches-on-main.js';

/**
 * Undo of a fill that failed but may be on the service all the same (an answer lost on the way back, a
 * 503 from a gateway after the service made it): the undo must leave the well on the service as the
 * screen shows it, without the user having to send anything when the only change since is this
 * computer's own, and never take a change out of the Outbox with nothing to take it back. (A fill that
 * simply gave up after repeated 503s: undo-refused.test.ts.) Well fill on the real main in-process; main
 * reaches the real sandbox through the fault proxy, and "another bench" writes to it over HTTP.
 */
const openBenches = benchesPerTest();

const PLATE = 'PLT000003'; // PL-0003, 96 wells, empty
const UPDATE = '/manifest/update';

async function bench(profile: 'spec' | 'extended') {
  const b = await onPlate(await openBenches(profile), PLATE);
  return {
    ...b,
    /** Seven 503s the service never saw, then one after it made the change: the entry gives up. */
    async givesUp(change: () => Promise<unknown>) {
      b.proxy().setFaults([
        { path: UPDATE, fault: { kind: 'status', status: 503 }, count: 7 },
        { path: UPDATE, fault: { kind: 'status', status: 503, forward: true }, count: 1 },
      ]);
      const before = (await b.entries()).length;
      await change();
      for (let i = 0; i < 8; i++) await b.sync();
      b.proxy().setFaults([]);
      const entry = (await b.entries())[before]!;
      expect(entry).toMatchObject({ state: 'failed', lastError: { kind: 'gave-up' } });
      return entry;
    },
    /** Sends what is queued and waits for `id` to settle. */
    async settled(id: number) {
      await b.sync();
      await b.env.call('outbox.await', { id, timeoutMs: 15_000 });
      return (await b.entries()).find((e) => e.id === id)!;
    },
  };
}

describe.each(['spec', 'extended'] as const)(
  'Well fill: undo of a change that may be on the service (%s)',
  (profile) => {
    it('held for a look after an earlier try lost its answer: the undo queues the opposite change, held with why', async () => {
      const b = await bench(profile);
      // The service makes the fill; its answer is lost on the way back.
      b.proxy().setFaults([{ path: UPDATE, fault: { kind: 'reset-after' }, count: 1 }]);
      await b.scan('TB000001');
      await b.sync();
      expect(b.onService('A1')).toBe('S-0001');
      // Another bench fills A2 before the fill is tried again: the plate changed, the fill is held.
      await b.otherPuts(PLATE, 'A2', 'S-0009');
      await b.sync();
      const [fill] = await b.entries();
      expect(fill).toMatchObject({ state: 'failed', lastError: { kind: 'plate-changed' } });

      const said = await b.s.undo();
      // On the old code the fill was taken out and nothing was sent: the service kept S-0001 in A1.
      expect(said).toMatch(/^S-0001 → A1 — it had been held for a look after an earlier try of it got no answer/);
      const after = await b.entries();
      expect(after.map((e) => [e.id, e.state, e.intent?.type])).toEqual([
        [fill!.id, 'discarded', 'well-set'],
        [expect.any(Number), expect.any(String), 'well-remove'],
      ]);
      expect(b.s.wells['A1']).toMatchObject({ sample: null });
      // The plate changed since the fill was made, and not only by this computer: the opposite change is
      // held, and says why, so it never removes a tube another bench may have put in A1.
      const remove = await b.settled(after[1]!.id);
      expect(remove).toMatchObject({ state: 'failed', lastError: { kind: 'plate-changed' } });
      expect(remove.lastError?.message).toMatch(
        /^Needs a look: this takes back your change to A1, which may have reached the service although it failed\. Plate PL-0003 changed on the service since that change was made/,
      );
      expect(b.onService('A1')).toBe('S-0001');
      // Sent anyway, it takes A1 back; A2 keeps the other bench's tube.
      expect((await b.env.call('outbox.retry', { id: remove.id })).ok).toBe(true);
      expect(await b.settled(remove.id)).toMatchObject({ state: 'done' });
      expect(b.onService('A1')).toBeNull();
      expect(b.onService('A2')).toBe('S-0009');
    });

    it('held after a lost answer, another bench then put its tube in that well: the opposite change never removes it', async () => {
      const b = await bench(profile);
      b.proxy().setFaults([{ path: UPDATE, fault: { kind: 'reset-after' }, count: 1 }]);
      await b.scan('TB000001');
      await b.sync();
      await b.otherPuts(PLATE, 'A1', 'S-0009');
      await b.sync();
      const [fill] = await b.entries();
      expect(fill).toMatchObject({ state: 'failed', lastError: { kind: 'plate-changed' } });
      // Back from the Outbox: the plate is read again (on a service that lists wells, the page's reading is
      // now the one with S-0009 in A1).
      await b.s.refresh();
      expect(b.s.wells['A1']).toMatchObject({ sample: 'S-0001', sync: 'held' });

      await b.s.undo();
      const remove = (await b.entries()).find((e) => e.id > fill!.id)!;
      expect(remove.intent).toMatchObject({ type: 'well-remove', position: 'A1' });
      // Made against the fill's own reading, not the page's newer one, it is held: sent as it came, it
      // would have removed the other bench's S-0009.
      expect(await b.settled(remove.id)).toMatchObject({ state: 'failed', lastError: { kind: 'plate-changed' } });
      expect(b.onService('A1')).toBe('S-0009');
    });

    it('set aside as superseded: its undo still takes the well back on the service', async () => {
      const b = await bench(profile);
      const fill = await b.givesUp(() => b.scan('TB000001'));
      // A newer change to A1 goes (its tags, sent with the well's sample), then the fill is retried: it would
      // undo the newer change, so it is set aside as superseded.
      await tagWells(b.s, ['A1'], 'spun');
      const tag = (await b.entries()).find((e) => e.id > fill.id)!;
      let tagged = await b.settled(tag.id);
      if (tagged.state === 'failed') {
        expect((await b.env.call('outbox.retry', { id: tag.id })).ok).toBe(true);
        tagged = await b.settled(tag.id);
      }
      expect(tagged.state).toBe('done');
      // It gave up unsure whether it arrived: "Send again" is its row's choice (Retry is refused for it).
      expect((await b.env.call('outbox.reconcile', { id: fill.id, resolution: 'resend' })).ok).toBe(true);
      expect(await b.settled(fill.id)).toMatchObject({ state: 'failed', lastError: { kind: 'superseded' } });

      expect(await b.s.undo()).toBe('tags spun');
      await b.sync();
      expect(await b.s.undo()).toMatch(/^S-0001 → A1 — /);
      // On the old code the fill was taken out and nothing sent: A1 kept S-0001 on the service, shown empty.
      expect(b.s.wells['A1']).toMatchObject({ sample: null });
      const last = (await b.entries()).at(-1)!;
      expect(last.intent).toMatchObject({ type: 'well-remove', position: 'A1' });
      expect(await b.settled(last.id)).toMatchObject({ state: 'done' });
      expect(b.onService('A1')).toBeNull();
    });

    it('held before any try, replaced, both undone: the first undo put the held tube on the service, the second takes it off', async () => {
      const b = await bench(profile);
      // Filled while the service was away; another bench changed the plate meanwhile: the fill is held.
      b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
      await b.scan('TB000001');
      await b.otherPuts(PLATE, 'H12', 'S-0099');
      b.proxy().setFaults([]);
      await b.sync();
      const [fill] = await b.entries();
      expect(fill).toMatchObject({ state: 'failed', attempts: 0, lastError: { kind: 'plate-changed' } });
      // Back from the Outbox, the user replaces the held tube in A1.
      await b.s.refresh();
      await b.scan('A1');
      await b.scan('TB000002');
      if (b.s.guard) await b.s.guard.proceed();
      await b.sync();

      expect(await b.s.undo()).toMatch(/^S-0002 → A1/);
      await b.sync();
      // On a service that lists wells the replacement went, and its undo put S-0001 there; on one that does
      // not, the replacement was held too, and both are only taken out of the Outbox.
      expect(await b.s.undo()).toMatch(
        profile === 'extended'
          ? /^S-0001 → A1 — it had not been made on the service, but the undo of your later change to the well put it back there, so it was taken out of the Outbox and the opposite change was queued/
          : /^S-0001 → A1 — it had been held for a look/,
      );
      await b.sync();
      const open = (await b.entries()).filter((e) => e.state === 'pending' || e.state === 'sending');
      for (const e of open) await b.settled(e.id);
      // Whatever the replacement's undo put back in A1 on the service (the held S-0001, on a service that
      // lists wells, where the replacement went), the fill's undo takes it off: on the old code A1 kept S-0001.
      expect(b.onService('A1')).toBeNull();
      expect(b.s.wells['A1']).toMatchObject({ sample: null });
    });

    it('filled, then replaced, both given up: two undos leave the well on the service as shown', async () => {
      const b = await bench(profile);
      await b.givesUp(() => b.scan('TB000001'));
      await b.givesUp(async () => {
        await b.scan('A1');
        await b.scan('TB000002');
        if (b.s.guard) await b.s.guard.proceed();
      });
      expect(b.onService('A1')).toBe('S-0002');

      expect(await b.s.undo()).toMatch(/^S-0002 → A1/);
      expect(b.s.wells['A1']).toMatchObject({ sample: 'S-0001' });
      expect(await b.s.undo()).toMatch(/^S-0001 → A1/);
      expect(b.s.wells['A1']).toMatchObject({ sample: null });
      await b.sync();
      const open = (await b.entries()).filter((e) => e.state !== 'discarded' && e.state !== 'cancelled');
      for (const e of open) expect(await b.settled(e.id)).toMatchObject({ state: 'done' });
      expect(b.onService('A1')).toBeNull();
    });
  },
);
