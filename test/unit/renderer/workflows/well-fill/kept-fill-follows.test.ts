import { describe, expect, it, vi } from 'vitest';
import { CountingOutbox } from '../../../../helpers/kept-screen-on-main.js';
import { keptWellFillState } from '../../../../../renderer/workflows/well-fill/kept-state.js';
import { answerGuard, handleWellFillScan } from '../../../../../renderer/workflows/well-fill/well-fill-scans.js';
import type { WellFillState } from '../../../../../renderer/workflows/well-fill/well-fill-state.svelte.js';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * Well fill's plate, kept while the user is on another screen (the Outbox): what happens to its entries
 * meanwhile (sent, refused, cancelled, discarded) is what its wells and its undo history hold on return,
 * as when the same happens while the screen is shown. An entry taken out in the Outbox is never undone
 * or reversed: there is nothing of it to take back. The kept state as the screen gets it, on the real
 * main in-process; main reaches the real sandbox through the fault proxy.
 */
const openBenches = benchesPerTest();

const PLATE = 'PLT000003'; // PL-0003, 96 wells, empty

async function wellFillKept(profile: 'spec' | 'extended') {
  const b = await openBenches(profile);
  const outbox = new CountingOutbox(b.env.api);
  await outbox.start();
  const service = await b.env.service();
  /** The Well fill screen shown (again): its kept state, started as the screen does, the plate re-read. */
  const show = async (): Promise<WellFillState> => {
    const s = keptWellFillState(b.env.api, service, b.feedback, outbox).state;
    s.start();
    await s.refresh();
    return s;
  };
  const s = await show();
  await b.env.call('cache.sampleIndex', { labsheet: s.labsheet });
  const scan = (text: string) => handleWellFillScan(s, { text, source: 'field', mainAt: null });
  await scan(PLATE);
  const { entries } = b;
  const entryAt = async (position: string) =>
    (await entries()).filter((e) => e.intent?.type === 'well-set' && e.intent.position === position);
  return {
    b,
    s,
    outbox,
    show,
    scan,
    entries,
    entryAt,
    /** The service is unreachable: nothing answers, what is queued stays queued. */
    away: () => b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]),
    back: () => b.proxy().setFaults([]),
    close: () => outbox.stop(),
  };
}

describe.each(['spec', 'extended'] as const)('Well fill: the kept plate follows its entries (%s)', (profile) => {
  for (const where of ['while the screen is left', 'while the screen is shown'] as const)
    it(`a fill cancelled in the Outbox ${where} is never undone: Undo takes back the fill before it`, async () => {
      const w = await wellFillKept(profile);
      try {
        w.away();
        await w.scan('TB000001');
        await w.scan('TB000002');
        expect(w.b.said()).toMatch(/^S-0002 → A2/);
        const [a2] = await w.entryAt('A2');

        if (where === 'while the screen is left') w.s.stop();
        expect(await w.b.env.call('outbox.cancel', { id: a2!.id })).toEqual({ ok: true });
        await vi.waitFor(() => expect(w.outbox.counts.pending).toBe(1));
        const s = where === 'while the screen is left' ? await w.show() : w.s;
        expect(s).toBe(w.s);
        expect(s.wells['A2']).toMatchObject({ sample: null, sync: null });
        expect(s.wells['A1']).toMatchObject({ sample: 'S-0001', sync: 'pending' });

        // Undo: the fill of A2 is gone already, so the one before it (A1) is taken back, not refused as
        // "changed since at another bench" with every earlier step stuck behind it.
        expect(await s.undo()).toBe('S-0001 → A1');
        expect(s.wells['A1']).toMatchObject({ sample: null });
        expect((await w.entries()).map((e) => e.state)).toEqual(['cancelled', 'cancelled']);
        expect(s.canUndo).toBe(false);

        // Redo puts back A1 only: the A2 fill the user cancelled is not queued again.
        expect(await s.redo()).toBe('S-0001 → A1');
        expect(s.wells['A1']).toMatchObject({ sample: 'S-0001', sync: 'pending' });
        expect(s.wells['A2']).toMatchObject({ sample: null });
        expect((await w.entryAt('A1')).map((e) => e.state)).toEqual(['cancelled', 'pending']);
        expect((await w.entryAt('A2')).map((e) => e.state)).toEqual(['cancelled']);
        expect(s.canRedo).toBe(false);
      } finally {
        w.close();
      }
    });

  it('a refused fill discarded in the Outbox while the screen is left: Undo reverses the sent fill before it', async () => {
    const w = await wellFillKept(profile);
    try {
      await w.scan('TB000001');
      await w.b.sync();
      // A sample the labsheet does not have, used anyway: the service refuses it.
      await w.scan('S-9999');
      expect(w.s.guard?.kind).toBe('unknown-sample');
      await w.s.guard!.proceed();
      await w.b.sync();
      const [refused] = await w.entryAt('A2');
      expect(refused!.state).toBe('failed');
      await vi.waitFor(() => expect(w.outbox.counts.failed).toBe(1));

      w.s.stop();
      expect((await w.b.env.call('outbox.discard', { id: refused!.id })).ok).toBe(true);
      await vi.waitFor(() => expect(w.outbox.counts.failed).toBe(0));
      const s = await w.show();
      expect(s.wells['A2']).toMatchObject({ sample: null });

      // A1 was sent: its undo is the opposite change, queued; the discarded A2 is not touched again.
      expect(await s.undo()).toBe('S-0001 → A1');
      expect(s.wells['A1']).toMatchObject({ sample: null, sync: 'pending' });
      const now = await w.entries();
      expect(now.filter((e) => e.state === 'pending').map((e) => e.intent)).toEqual([
        expect.objectContaining({ type: 'well-remove', position: 'A1' }),
      ]);
      expect(now.find((e) => e.id === refused!.id)?.state).toBe('discarded');
      expect(s.canUndo).toBe(false);
    } finally {
      w.close();
    }
  });

  it('"Discard all" of refused fills, the screen shown: each well is empty again, Undo takes back the sent fill', async () => {
    const w = await wellFillKept(profile);
    try {
      await w.scan('TB000001');
      await w.b.sync();
      // Eleven samples the labsheet does not have, each used anyway: the service refuses them all.
      for (let n = 2; n <= 12; n++) {
        await w.scan(`S-99${String(n).padStart(2, '0')}`);
        expect(w.s.guard?.kind).toBe('unknown-sample');
        await w.s.guard!.proceed();
      }
      expect(w.s.wells['A12']).toMatchObject({ sample: 'S-9912' });
      await w.b.sync();
      await vi.waitFor(() => expect(w.outbox.counts.failed).toBe(11));

      const { ids } = await w.b.env.call('outbox.tabIds', { shown: 'refused' });
      expect(ids).toHaveLength(11);
      expect(await w.b.env.call('outbox.discardMany', { ids, shown: 'refused' })).toMatchObject({ discarded: 11 });
      await vi.waitFor(() => expect(w.outbox.counts.failed).toBe(0));

      // One batch of news: every refused well is empty again; A1 keeps its sent fill.
      for (let n = 2; n <= 12; n++) expect(w.s.wells[`A${n}`]).toMatchObject({ sample: null, sync: null });
      expect(w.s.wells['A1']).toMatchObject({ sample: 'S-0001', sync: 'synced' });
      // What is left to undo is the sent fill alone: its opposite change queued, then nothing more.
      expect(await w.s.undo()).toBe('S-0001 → A1');
      expect(w.s.wells['A1']).toMatchObject({ sample: null, sync: 'pending' });
      expect(w.s.canUndo).toBe(false);
      const pending = (await w.entries()).filter((e) => e.state === 'pending');
      expect(pending.map((e) => e.intent)).toEqual([expect.objectContaining({ type: 'well-remove', position: 'A1' })]);
    } finally {
      w.close();
    }
  });

  it('a fill sent while the screen is left is shown sent on return, and Undo queues the opposite change', async () => {
    const w = await wellFillKept(profile);
    try {
      w.away();
      await w.scan('TB000001');
      await w.scan('TB000002');
      w.s.stop();
      w.back();
      await w.b.sync();
      await vi.waitFor(() => expect(w.outbox.counts).toMatchObject({ pending: 0, sending: 0 }));
      // Still away: the kept wells were told (nothing re-read them).
      await vi.waitFor(() => expect(w.s.wells['A2']).toMatchObject({ sample: 'S-0002', sync: 'synced' }));

      const s = await w.show();
      expect(s.wells['A2']).toMatchObject({ sample: 'S-0002' });
      expect(await s.undo()).toBe('S-0002 → A2');
      expect(s.wells['A2']).toMatchObject({ sample: null, sync: 'pending' });
      expect((await w.entries()).filter((e) => e.state === 'pending').map((e) => e.intent)).toEqual([
        expect.objectContaining({ type: 'well-remove', position: 'A2' }),
      ]);
    } finally {
      w.close();
    }
  });

  it("an undo's opposite change cancelled in the Outbox: Redo has nothing to do, and blames no other bench", async () => {
    const w = await wellFillKept(profile);
    try {
      await w.scan('TB000001');
      await w.scan('TB000002');
      await w.b.sync();
      await vi.waitFor(() => expect(w.s.wells['A2']).toMatchObject({ sample: 'S-0002', sync: 'synced' }));
      w.away();
      // A2 was sent: its undo is the opposite change, waiting in the Outbox.
      expect(await w.s.undo()).toBe('S-0002 → A2');
      const [opposite] = (await w.entries()).filter((e) => e.state === 'pending');
      expect(opposite!.intent).toMatchObject({ type: 'well-remove', position: 'A2' });
      expect(w.s.canRedo).toBe(true);

      // The user takes the undo back in the Outbox: A2 keeps S-0002, as the service has it.
      w.s.stop();
      expect(await w.b.env.call('outbox.cancel', { id: opposite!.id })).toEqual({ ok: true });
      await vi.waitFor(() => expect(w.outbox.counts.pending).toBe(0));
      const s = await w.show();
      expect(s.wells['A2']).toMatchObject({ sample: 'S-0002' });

      // Redo has nothing to do for it (it used to refuse: "A2 now holds S-0002, changed since at another
      // bench"), and queues nothing.
      await expect(s.redo()).resolves.toBeNull();
      expect(s.canRedo).toBe(false);
      expect((await w.entries()).filter((e) => e.state === 'pending')).toEqual([]);
      // What is left to undo is the fill before it.
      expect(await s.undo()).toBe('S-0001 → A1');
    } finally {
      w.close();
    }
  });

  it('a fill cancelled in the Outbox just before its undo reaches main: no opposite change is queued for it', async () => {
    const w = await wellFillKept(profile);
    try {
      w.away();
      await w.scan('TB000001');
      await w.scan('TB000002');
      const [a2] = await w.entryAt('A2');
      // The cancel is committed; the page has not heard of it yet when Ctrl+Z is pressed.
      expect(await w.b.env.call('outbox.cancel', { id: a2!.id })).toEqual({ ok: true });
      const undone = await w.s.undo();

      // Nothing of A2 to take back: the fill before it is undone instead, and nothing is queued.
      expect(undone).toBe('S-0001 → A1');
      expect((await w.entries()).map((e) => [e.intent?.type, e.state])).toEqual([
        ['well-set', 'cancelled'],
        ['well-set', 'cancelled'],
      ]);
      await vi.waitFor(() => expect(w.s.wells['A2']).toMatchObject({ sample: null }));
      expect(w.s.canUndo).toBe(false);
      // Redo puts back A1 only: the A2 fill the user cancelled is not queued again.
      expect(await w.s.redo()).toBe('S-0001 → A1');
      expect(w.s.canRedo).toBe(false);
      expect((await w.entries()).filter((e) => e.state === 'pending').map((e) => e.intent)).toEqual([
        expect.objectContaining({ type: 'well-set', position: 'A1' }),
      ]);
    } finally {
      w.close();
    }
  });

  it("back on the screen, a tube is resolved in the page again (the labsheet's index is taken again)", async () => {
    const w = await wellFillKept(profile);
    try {
      await vi.waitFor(() => expect(w.s.samples.sampleOf('TB000001')).toBe('S-0001'));
      // Leaving lets the index go (it is the labsheet's rows, held only for scanning here).
      w.s.stop();
      expect(w.s.samples.sampleOf('TB000001')).toBeUndefined();
      const s = await w.show();
      // Without it every tube would ask main first: two round trips where the scan path allows one.
      await vi.waitFor(() => expect(s.samples.sampleOf('TB000001')).toBe('S-0001'));
    } finally {
      w.close();
    }
  });

  it('showing the screen again and again keeps one subscription to the entries', async () => {
    const w = await wellFillKept(profile);
    try {
      w.s.stop();
      const before = w.outbox.listeners;
      for (let visit = 0; visit < 5; visit++) (await w.show()).stop();
      await w.show();
      expect(w.outbox.listeners).toBe(before);
      expect(before).toBe(1);
    } finally {
      w.close();
    }
  });
});

describe('Well fill: a "Replace it?" left open while the user is away', () => {
  it('answered after the well got another tube meanwhile, asks again about that tube instead of replacing it unasked', async () => {
    const w = await wellFillKept('extended');
    try {
      await w.b.sync();
      await w.b.otherPuts(PLATE, 'A1', 'S-0001');
      await w.s.refresh();
      await w.scan('A1');
      await w.scan('TB000012');
      expect(w.s.guard?.message).toBe('A1 already holds S-0001. Replace it?');

      // The user goes to the Outbox; another bench puts S-0050 in A1 meanwhile; back, the plate is read again.
      w.s.stop();
      await w.b.otherPuts(PLATE, 'A1', 'S-0050');
      const back = await w.show();
      expect(back).toBe(w.s);
      expect(back.wells['A1']?.sample).toBe('S-0050');

      // "Replace" was a yes about S-0001: on the old code S-0050 was replaced by S-0012 with no question.
      await answerGuard(back, (edit) => edit());
      expect(back.guard?.message).toBe('A1 already holds S-0050. Replace it?');
      expect(await w.entryAt('A1')).toEqual([]);
    } finally {
      w.close();
    }
  });
});
