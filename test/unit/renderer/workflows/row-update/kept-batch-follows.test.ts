import { describe, expect, it, vi } from 'vitest';
import { keptScreenOnMain, listenersAddedByVisits } from '../../../../helpers/kept-screen-on-main.js';
import { keptRowState } from '../../../../../renderer/workflows/row-update/kept-state.js';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';
import { queuedSaid } from '../../../../../renderer/lib/outbox/follow-entry-sync.js';

/**
 * Row update's batch list, kept while the user is on another screen (the Outbox): what happens to its
 * entries meanwhile (sent, refused, cancelled, discarded) is what each tube's line says on return.
 * The kept state as the screen gets it, on the real main in-process; main reaches the real sandbox
 * through the fault proxy, so a test can hold the changes back while the screen is shown.
 */
const openBenches = benchesPerTest();

const rowUpdateOnMain = () => keptScreenOnMain(openBenches, keptRowState);

describe('Row update: the batch list follows its entries while the screen is left', () => {
  it('a change sent, refused, cancelled or discarded while the user is on the Outbox is said so on return', async () => {
    const { b, outbox, show, entry, close } = await rowUpdateOnMain();
    try {
      const s = show();
      s.mode = 'batch';
      s.batchField = 'Status';
      // The service is out of reach: the tubes are queued and wait.
      b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
      s.batchValue = 'received';
      const sent = await s.applyBatch(null, 'S-0001', false);
      s.batchValue = 'bogus-status';
      const refused = await s.applyBatch(null, 'S-0002', false);
      s.batchValue = 'received';
      const cancelled = await s.applyBatch(null, 'S-0003', false);
      expect(s.batch.map((i) => i.sync)).toEqual(['pending', 'pending', 'pending']);

      // The user goes to the Outbox: takes one change back, and the others go once the service answers.
      s.stop();
      expect(await b.env.call('outbox.cancel', { id: cancelled.entryId })).toEqual({ ok: true });
      b.proxy().setFaults([]);
      await b.sync();
      expect((await entry(sent.entryId)).state).toBe('done');
      expect((await entry(refused.entryId)).state).toBe('failed');
      // The page has heard it all (its counts come with the same news) before the screen is shown again.
      await vi.waitFor(() => expect(outbox.counts).toMatchObject({ pending: 0, sending: 0, failed: 1 }));

      // Back on Row update: the same batch, each line as its entry is now.
      const back = show();
      expect(back).toBe(s);
      const marks = () => Object.fromEntries(back.batch.map((i) => [i.id, i.sync]));
      await vi.waitFor(() =>
        expect(marks()).toEqual({ 'S-0001': 'synced', 'S-0002': 'refused', 'S-0003': 'cancelled' }),
      );
      // The refused one says why in the Outbox's plain words, read while the screen was not shown: on the
      // old code only "refused — see Outbox".
      const line = (id: string) => queuedSaid(back.batch.find((i) => i.id === id)!);
      await vi.waitFor(() =>
        expect(line('S-0002')).toBe(
          'refused — Status cannot be "bogus-status": the labsheet allows only "received", "in use", "depleted", ' +
            '"discarded". See the Outbox.',
        ),
      );
      expect(line('S-0001')).toBe('sent');

      // Away again, the refused change is discarded in the Outbox: it will not be sent, and the line says so.
      back.stop();
      expect((await b.env.call('outbox.discard', { id: refused.entryId })).ok).toBe(true);
      await vi.waitFor(() => expect(outbox.counts.failed).toBe(0));
      const again = show();
      await vi.waitFor(() => expect(again.batch.find((i) => i.id === 'S-0002')?.sync).toBe('discarded'));
    } finally {
      close();
    }
  });

  it('showing the screen again and again keeps one subscription to the entries', async () => {
    const k = await rowUpdateOnMain();
    try {
      expect(listenersAddedByVisits(k)).toBe(1);
    } finally {
      k.close();
    }
  });
});
