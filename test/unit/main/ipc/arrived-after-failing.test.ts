import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outboxHandlers } from '../../../../main/ipc/handlers/outbox.js';
import { createOutbox, type EntryError, type Outbox } from '../../../../main/outbox/index.js';
import type { SyncEngine } from '../../../../main/sync/index.js';
import { PLATE_CHANGED } from '../../../../shared/ipc/channels/outbox.js';
import { attach, needsFile, tempDir, upload, wellSet } from '../outbox/helpers.js';

/**
 * "It arrived" (outbox.reconcile mark-done) on a failed entry every screen says is unsure whether it
 * arrived: main settles it as done, by the same rule the screens say it by (mayHaveArrived), so the
 * technician who found the change on the service need not Retry it (twice) or Discard it (an undo would
 * then leave it there). On the old code only an entry whose answer was lost could be marked so. The real
 * outbox and main's handler; the sync engine is a stand-in that counts the syncs the choice asks for.
 */
describe('"It arrived" on a failed entry that may be on the service', () => {
  let t: ReturnType<typeof tempDir>;
  let outbox: Outbox;
  let nudges = 0;
  // The engine's retry puts the entry back through the outbox (its plate-hold handling is not asked here).
  const sync = {
    sendDue: async () => void (nudges += 1),
    retry: (id: number) => outbox.retry(id),
  } as unknown as SyncEngine;
  const arrived = (id: number) =>
    outboxHandlers({ outbox, sync })['outbox.reconcile']({ id, resolution: 'mark-done' }, { transport: 'test' });
  const resend = (id: number) =>
    outboxHandlers({ outbox, sync })['outbox.reconcile']({ id, resolution: 'resend' }, { transport: 'test' });
  beforeEach(() => {
    t = tempDir('arrived-');
    outbox = createOutbox({ path: path.join(t.dir, 'outbox.db'), now: () => 1 });
    nudges = 0;
  });
  afterEach(() => {
    outbox.close();
    t.cleanup();
  });

  /** An entry tried `tries` times (claimed: a request of it left), then failed with `error`. */
  function failed(id: number, error: Omit<EntryError, 'at'>, tries = 1): number {
    for (let i = 0; i < tries; i++) outbox.claim([id], `r-${id}-${i}`, 'manifest/update');
    outbox.settle([{ id, state: 'failed', error: { ...error, at: 1 } }]);
    return id;
  }

  it('one that gave up after its tries is marked done', async () => {
    const id = failed(outbox.enqueue(wellSet('A1', 'S-0001')), {
      kind: 'gave-up',
      status: 503,
      message: 'Stopped after 8 failed attempts.',
    });
    expect(await arrived(id)).toEqual({ ok: true });
    expect(outbox.get(id)!.state).toBe('done');
    expect(nudges).toBe(1);
  });

  /**
   * An attach-image is sent with its upload's fileId, which only the upload's answer gives: "It arrived"
   * gives none, so the upload would be done with no fileId and the attach failed for good ("its answer has
   * no fileId … Send that one again", which a done entry never is). On the old code it was marked done.
   */
  it('one whose answer another entry is sent with is not marked arrived, and says why and what to do', async () => {
    const [u, a] = outbox.enqueueMany([upload('plate.png'), attach('EXP-1')], {
      dependencies: [{ entry: 1, after: 0, supplies: needsFile }],
    });
    failed(u!, { kind: 'gave-up', status: 503, message: 'Stopped after 8 failed attempts.' }, 8);
    const r = await arrived(u!);
    expect(r).toMatchObject({ ok: false });
    expect(r.message).toMatch(/^Not marked as arrived: entry #2 \(attach-image\) is sent with this one's fileId/);
    expect(r.message).toContain('choose "Send again"');
    expect([outbox.get(u!)!.state, outbox.get(a!)!.state]).toEqual(['failed', 'failed']);
    expect(nudges).toBe(0);
    // Uncertain (its answer lost) with the attach waiting: the same.
    const [u2, a2] = outbox.enqueueMany([upload('gel.png'), attach('EXP-2')], {
      dependencies: [{ entry: 1, after: 0, supplies: needsFile }],
    });
    outbox.claim([u2!], 'r-u2', 'storeAndEmbedFiles');
    outbox.settle([{ id: u2!, state: 'uncertain', error: { kind: 'interrupted', message: 'stopped', at: 1 } }]);
    expect(await arrived(u2!)).toMatchObject({ ok: false, message: expect.stringMatching(/^Not marked as arrived/) });
    expect([outbox.get(u2!)!.state, outbox.get(a2!)!.state]).toEqual(['uncertain', 'pending']);
  });

  /**
   * What "Send again" puts back in the queue failed only for want of this one: its "Not sent: it needs #1 …,
   * which failed" is no longer so, waiting or once sent.
   */
  it('what it puts back in the queue loses its "Not sent: it needs …" reason, waiting and once sent', async () => {
    const [u, a] = outbox.enqueueMany([upload('plate.png'), attach('EXP-1')], {
      dependencies: [{ entry: 1, after: 0, supplies: needsFile }],
    });
    failed(u!, { kind: 'gave-up', status: 503, message: 'Stopped after 8 failed attempts.' }, 8);
    expect(outbox.get(a!)!.lastError?.message).toMatch(/^Not sent: it needs entry #1/);

    expect(await resend(u!)).toEqual({ ok: true });
    expect(outbox.get(a!)).toMatchObject({ state: 'pending', lastError: null });
    outbox.claim([a!], 'r-a', 'attachImage');
    outbox.settle([{ id: a!, state: 'done' }]);
    expect(outbox.get(a!)).toMatchObject({ state: 'done', lastError: null });
  });

  /**
   * Retry on the entry that failed for want of it: the Outbox offers it (that entry's own failure is only
   * "dependency"), but it must not send this one again unlooked, which its row asks the user to look for
   * first. On the old code the retry took it along: sent a second time, a second file on the service.
   */
  it('a Retry of what failed for want of it leaves it as it is and says to settle it on its own row', async () => {
    const [u, a] = outbox.enqueueMany([upload('plate.png'), attach('EXP-1')], {
      dependencies: [{ entry: 1, after: 0, supplies: needsFile }],
    });
    failed(u!, { kind: 'gave-up', status: 503, message: 'Stopped after 8 failed attempts.' }, 8);
    const handlers = outboxHandlers({ outbox, sync });
    const retried = await handlers['outbox.retry']({ id: a! }, { transport: 'test' });
    expect(retried).toMatchObject({ ok: false });
    expect(retried.message).toMatch(
      /^Not retried: it needs entry #1 \([^)]+\), which is settled on its own row first\./,
    );
    expect(retried.message).toContain('choose "Send again" on its row');
    expect([outbox.get(u!)!.state, outbox.get(a!)!.state]).toEqual(['failed', 'failed']);
    // Settled on its own row ("Send again"), the one that needs it goes.
    expect(await resend(u!)).toEqual({ ok: true });
    expect(outbox.get(a!)!.state).toBe('pending');
  });

  it('one that never left this computer, a refusal or a hold is left as it is, with why', async () => {
    const neverLeft = outbox.enqueue(wellSet('A1', 'S-0001'));
    outbox.settle([{ id: neverLeft, state: 'failed', error: { kind: 'local', message: 'Not sent.', at: 1 } }]);
    const refused = failed(outbox.enqueue(wellSet('A2', 'S-0002')), { kind: 'not-found', status: 404, message: 'x' });
    const held = failed(outbox.enqueue(wellSet('A3', 'S-0003')), { kind: PLATE_CHANGED, message: 'changed' });
    for (const id of [neverLeft, refused, held]) {
      expect(await arrived(id), `entry ${id}`).toMatchObject({ ok: false, message: expect.stringMatching(/settled/) });
      expect(outbox.get(id)!.state, `entry ${id}`).toBe('failed');
    }
  });
});
