/**
 * Retry, Edit and "Send again" are checked by main against how the entry's row is shown now, as "It
 * arrived" is: the renderer hides the buttons a row does not offer, but a row another window left stale
 * still sends them. The real outbox and main's handler; the sync engine is a stand-in whose retry puts
 * the entry back through the outbox (its plate-hold handling is not asked here).
 */
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outboxHandlers } from '../../../../main/ipc/handlers/outbox.js';
import { createOutbox, type EntryError, type Outbox } from '../../../../main/outbox/index.js';
import type { SyncEngine } from '../../../../main/sync/index.js';
import { SUPERSEDED } from '../../../../shared/ipc/channels/outbox.js';
import type { Intent } from '../../../../shared/outbox/intents.js';
import { tempDir, upload, webhook, wellSet } from '../outbox/helpers.js';

describe('a choice a stale row still offers', () => {
  let t: ReturnType<typeof tempDir>;
  let outbox: Outbox;
  const sync = {
    syncNow: async () => undefined,
    sendDue: async () => undefined,
    retry: (id: number) => outbox.retry(id),
  } as unknown as SyncEngine;
  const handlers = () => outboxHandlers({ outbox, sync });
  const ctx = { transport: 'test' } as const;
  beforeEach(() => {
    t = tempDir('row-choices-');
    outbox = createOutbox({ path: path.join(t.dir, 'outbox.db'), now: () => 1 });
  });
  afterEach(() => {
    outbox.close();
    t.cleanup();
  });

  /** An entry tried `tries` times (a request of it left each time), then failed with `error`. */
  function failed(id: number, error: Omit<EntryError, 'at'>, tries = 1): number {
    for (let i = 0; i < tries; i++) outbox.claim([id], `r-${id}-${i}`, 'sendWebhook');
    outbox.settle([{ id, state: 'failed', error: { ...error, at: 1 } }]);
    return id;
  }
  const gaveUp = { kind: 'gave-up', status: 503, message: 'Stopped after 8 failed attempts.' };

  it('Retry on a webhook that gave up (shown unsure) is refused: it goes by "Send again" only', async () => {
    const id = failed(outbox.enqueue(webhook(1)), gaveUp, 8);
    const r = await handlers()['outbox.retry']({ id }, ctx);
    expect(r).toMatchObject({ ok: false });
    expect(r.message).toMatch(/may be on the service already/);
    expect(r.message).toContain('"Send again"');
    expect(outbox.get(id)!.state).toBe('failed');
    // Its own row's choice still sends it.
    expect(await handlers()['outbox.reconcile']({ id, resolution: 'resend' }, ctx)).toEqual({ ok: true });
    expect(outbox.get(id)!.state).toBe('pending');
  });

  it('Retry on an entry whose answer was lost (uncertain) is refused too', async () => {
    const id = outbox.enqueue(webhook(2));
    outbox.claim([id], 'r', 'sendWebhook');
    outbox.settle([{ id, state: 'uncertain', error: { kind: 'timeout', message: 'no answer', at: 1 } }]);
    expect(await handlers()['outbox.retry']({ id }, ctx)).toMatchObject({ ok: false });
    expect(outbox.get(id)!.state).toBe('uncertain');
  });

  it('"Send again" on one not shown unsure (refused by the service) changes nothing', async () => {
    const id = failed(outbox.enqueue(webhook(3)), { kind: 'validation', status: 400, message: 'bad' });
    expect(await handlers()['outbox.reconcile']({ id, resolution: 'resend' }, ctx)).toMatchObject({ ok: false });
    expect(outbox.get(id)!.state).toBe('failed');
  });

  it('Edit on an entry shown unsure is refused, with why', async () => {
    const id = failed(outbox.enqueue(webhook(4)), gaveUp, 8);
    const r = await handlers()['outbox.replace']({ id, intent: webhook(5) }, ctx);
    expect(r).toMatchObject({ ok: false });
    expect(r.message).toMatch(/may be on the service already/);
    expect(outbox.get(id)).toMatchObject({ state: 'failed', intent: webhook(4) });
  });

  it('Edit and Retry on a change set aside for a newer one are refused, with why', async () => {
    const id = failed(outbox.enqueue(wellSet('A1', 'S-1')), { kind: SUPERSEDED, message: 'A newer change went.' });
    const edit = await handlers()['outbox.replace']({ id, intent: wellSet('A1', 'S-2') }, ctx);
    expect(edit).toMatchObject({ ok: false, message: expect.stringMatching(/set aside for a newer change/) });
    const retry = await handlers()['outbox.retry']({ id }, ctx);
    expect(retry).toMatchObject({ ok: false, message: expect.stringMatching(/set aside for a newer change/) });
    expect(outbox.get(id)).toMatchObject({ state: 'failed', intent: wellSet('A1', 'S-1') });
  });

  it('an Edit of a refused one still goes', async () => {
    const id = failed(outbox.enqueue(wellSet('A1', 'NO-SUCH')), { kind: 'not-found', status: 404, message: 'x' });
    expect(await handlers()['outbox.replace']({ id, intent: wellSet('A1', 'S-1') }, ctx)).toEqual({ ok: true });
    expect(outbox.get(id)).toMatchObject({ state: 'pending', intent: wellSet('A1', 'S-1') });
  });

  /**
   * A plate record's event built on a well change the service refused: its content states that change.
   * On the old code Retry said "Only a failed or uncertain entry can be retried." of this failed entry, and
   * Edit made it pending with waits_for still on the refused change, holding the whole webhook lane.
   */
  describe('a record event built on a refused well change', () => {
    function builtOnRefused(): { well: number; event: number } {
      const well = outbox.enqueue(wellSet('H12', 'NO-SUCH'));
      const [, event] = outbox.enqueueMany([upload('r.csv'), webhook(9)], { builtOn: [well] });
      failed(well, { kind: 'rejected', message: 'No sample NO-SUCH in Samples' });
      expect(outbox.get(event!)).toMatchObject({ state: 'failed', lastError: { kind: 'built-on-refused' } });
      return { well, event: event! };
    }

    it('Retry says what to do, not that it is not failed', async () => {
      const { event } = builtOnRefused();
      const r = await handlers()['outbox.retry']({ id: event }, ctx);
      expect(r).toMatchObject({ ok: false });
      expect(r.message).not.toMatch(/Only a failed or uncertain entry/);
      expect(r.message).toMatch(/states a change that did not happen/);
      expect(r.message).toMatch(/Correct or discard that change, then make this one again/);
    });

    it('Edit is refused, with why, and it stays failed (the webhook lane is not held)', async () => {
      const { event } = builtOnRefused();
      const edited: Intent = webhook(10);
      const r = await handlers()['outbox.replace']({ id: event, intent: edited }, ctx);
      expect(r).toMatchObject({ ok: false, message: expect.stringMatching(/states a change that did not happen/) });
      expect(outbox.get(event)).toMatchObject({ state: 'failed', lastError: { kind: 'built-on-refused' } });
    });
  });
});
