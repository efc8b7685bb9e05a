import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOutbox, type Outbox } from '../../../../main/outbox/index.js';
import type { BatchDependency } from '../../../../shared/outbox/dependency.js';
import { attach, fakeNow, needsFile, tempDir, upload, webhook } from './helpers.js';
import { STAGED_COPY_LOST } from '../../../../shared/ipc/channels/outbox.js';

describe('outbox: entries that depend on entries', () => {
  let t: ReturnType<typeof tempDir>;
  let clock: ReturnType<typeof fakeNow>;
  let outbox: Outbox;
  const open = () => createOutbox({ path: path.join(t.dir, 'o.db'), now: clock.now });
  beforeEach(() => {
    t = tempDir();
    clock = fakeNow();
    outbox = open();
  });
  afterEach(() => {
    outbox.close();
    t.cleanup();
  });

  /** An upload and an attach-image that takes its file id: [uploadId, attachId]. */
  const filed = (page = 'EXP-1') => {
    const [u, a] = outbox.enqueueMany([upload('plate.png'), attach(page)], {
      dependencies: [{ entry: 1, after: 0, supplies: needsFile }],
    });
    return [u!, a!] as const;
  };

  it('records the dependency with the entry, and offers its lane only once the earlier entry is done', () => {
    const [u, a] = filed();
    expect(outbox.get(a)).toMatchObject({ dependsOn: u, supplies: needsFile, state: 'pending' });
    const lanes = () => outbox.oldestPendingTargets(10);
    expect(lanes()).toEqual([outbox.get(u)!.target]);
    outbox.claim([u], 'r1', 'storeAndEmbedFiles');
    expect(lanes()).toEqual([]);
    outbox.settle([{ id: u, state: 'done', result: { fileId: 'F-1' } }]);
    expect(lanes()).toEqual([outbox.get(a)!.target]);
  });

  it('a waiting entry holds back only its own lane: other work goes meanwhile', () => {
    filed();
    const w = outbox.enqueue(webhook(1));
    const u2 = outbox.enqueue(upload('other.csv'));
    outbox.claim([outbox.get(u2)!.id], 'r0', 'storeAndEmbedFiles');
    expect(outbox.oldestPendingTargets(10)).toContain(outbox.get(w)!.target);
  });

  it('fails with the reason when the earlier entry fails, down the whole chain; nothing of it is offered', () => {
    const [u, a, w] = outbox.enqueueMany([upload('plate.png'), attach('EXP-1'), webhook(2)], {
      dependencies: [
        { entry: 1, after: 0, supplies: needsFile },
        { entry: 2, after: 1, supplies: needsFile },
      ],
    });
    outbox.claim([u!], 'r1', 'storeAndEmbedFiles');
    const changed: number[][] = [];
    outbox.events.on('changed', (c) => changed.push(c.map((x) => x.id)));
    outbox.settle([{ id: u!, state: 'failed', error: { kind: 'rejected', message: 'Rejected: unsupported', at: 1 } }]);
    expect(outbox.get(a!)).toMatchObject({ state: 'failed', lastError: { kind: 'dependency' } });
    expect(outbox.get(a!)!.lastError!.message).toContain(`#${u}`);
    expect(outbox.get(a!)!.lastError!.message).toContain('Rejected: unsupported');
    expect(outbox.get(w!)).toMatchObject({ state: 'failed', lastError: { kind: 'dependency' } });
    expect(changed).toEqual([[u, a, w]]);
    expect(outbox.oldestPendingTargets(10)).toEqual([]);
  });

  /**
   * The waiting one's reason says what lets it go in the words of the choices the earlier entry's row
   * offers. On the old code it said "Retry that entry" for every one: a row unsure whether it arrived has
   * no Retry (a retry unlooked may make the change twice), and a discarded one never goes.
   */
  it("says what lets it go in the words of the earlier entry's own choices", () => {
    const failWith = (kind: string, tries: number, page: string) => {
      const [u, a] = filed(page);
      for (let i = 0; i < tries; i++) outbox.claim([u], `r-${page}-${i}`, 'storeAndEmbedFiles');
      outbox.settle([{ id: u, state: 'failed', error: { kind, message: `${kind} here.`, at: 1 } }]);
      return outbox.get(a)!.lastError!.message;
    };
    // Sent with the upload's fileId, which "It arrived" cannot give: only "Send again" lets it go.
    expect(failWith('gave-up', 8, 'EXP-1')).toBe(
      'Not sent: it needs entry #1 (file-upload), which failed: gave-up here. Look for that entry on the service: ' +
        'if it is not there, choose "Send again" on its row, and this one goes with it. If it is there, its fileId ' +
        'is not known here: discard both and make this change again (e.g. attach the picture again).',
    );
    expect(failWith('rejected', 1, 'EXP-2')).toBe(
      'Not sent: it needs entry #3 (file-upload), which failed: rejected here. Retry or correct that entry (Edit), ' +
        'and this one goes with it.',
    );
    const [u, a] = filed('EXP-3');
    outbox.undoMany([u]);
    expect(outbox.get(a)!.lastError!.message).toBe(
      'Not sent: it needs entry #5 (file-upload), which was cancelled. It cannot be sent without that entry: ' +
        'discard this one.',
    );
  });

  it('down a chain, what lets it go is said once, about the entry that has it to press', () => {
    const chain = (kind: string) => {
      const [u, a, w] = outbox.enqueueMany([upload('plate.png'), attach('EXP-1'), webhook(2)], {
        dependencies: [
          { entry: 1, after: 0, supplies: needsFile },
          { entry: 2, after: 1 },
        ],
      });
      outbox.claim([u!], `r-${kind}`, 'storeAndEmbedFiles');
      outbox.settle([{ id: u!, state: 'failed', error: { kind, message: `${kind} here.`, at: 1 } }]);
      return { a: outbox.get(a!)!.lastError!.message, w: outbox.get(w!)!.lastError!.message };
    };
    const refused = chain('rejected');
    // The old words said "Retry or correct that entry (Edit), and this one goes with it." twice in the
    // event's reason, the second time about the attach, which has no Retry of its own.
    expect(refused.w.match(/Retry or correct that entry/g)).toHaveLength(1);
    expect(refused.w).toContain(refused.a);
    // A staged copy gone has no Retry or Edit at all: its own reason says what to do.
    const lost = chain(STAGED_COPY_LOST);
    expect(lost.a).toMatch(/staged-copy-lost here\. Its reason says what to do; this one cannot be sent without it\.$/);
    expect(lost.a).not.toMatch(/Retry or correct/);
    expect(lost.w).not.toMatch(/Retry or correct/);
  });

  it('discarding or cancelling the earlier entry fails the one that waits for it', () => {
    const [u1, a1] = filed('EXP-1');
    expect(outbox.undoMany([u1]).cancelled).toEqual([u1]);
    expect(outbox.get(a1)!.lastError!.message).toContain('was cancelled');

    const [u2, a2] = filed('EXP-2');
    outbox.claim([u2], 'r2', 'storeAndEmbedFiles');
    outbox.settle([{ id: u2, state: 'uncertain', error: { kind: 'interrupted', message: 'stopped', at: 1 } }]);
    // Uncertain: it may be done; the entry waits for the user's answer.
    expect(outbox.get(a2)!.state).toBe('pending');
    outbox.discard(u2);
    expect(outbox.get(a2)).toMatchObject({ state: 'failed', lastError: { kind: 'dependency' } });
    expect(outbox.get(a2)!.lastError!.message).toContain('was discarded');
  });

  it('one already failed for want of the earlier entry says so once that is discarded, and a retry of it says why not', () => {
    const [u, a] = filed();
    outbox.claim([u], 'r1', 'storeAndEmbedFiles');
    outbox.settle([{ id: u, state: 'failed', error: { kind: 'rejected', message: 'Rejected: too big', at: 1 } }]);
    expect(outbox.get(a)!.lastError!.message).toContain(
      'Retry or correct that entry (Edit), and this one goes with it',
    );
    expect(outbox.discard(u)).toBeTruthy();
    expect(outbox.get(a)).toMatchObject({ state: 'failed', lastError: { kind: 'dependency' } });
    expect(outbox.get(a)!.lastError!.message).toBe(
      `Not sent: it needs entry #${u} (file-upload), which was discarded. It cannot be sent without that entry: discard this one.`,
    );
    expect(outbox.retry(a)).toBe(false);
    expect(outbox.retryRefusal(a)).toBe(
      `Not retried: it needs entry #${u} (file-upload), which was discarded. It cannot be sent without that entry: discard this one.`,
    );
  });

  it('a retry of the earlier entry takes the waiting one along; a retry of the waiting one retries the earlier', () => {
    const [u, a] = filed();
    const fail = () => {
      outbox.claim([u], `r${clock.now()}`, 'storeAndEmbedFiles');
      outbox.settle([{ id: u, state: 'failed', error: { kind: 'rejected', message: 'no', at: 1 } }]);
      clock.advance(1);
    };
    fail();
    expect(outbox.retry(u)).toBe(true);
    expect([outbox.get(u)!.state, outbox.get(a)!.state]).toEqual(['pending', 'pending']);
    // The waiting one's "Not sent: it needs …" is no longer so; the earlier one keeps what its try met.
    expect([outbox.get(u)!.lastError?.kind, outbox.get(a)!.lastError]).toEqual(['rejected', null]);
    fail();
    expect(outbox.retry(a)).toBe(true);
    expect([outbox.get(u)!.state, outbox.get(a)!.state]).toEqual(['pending', 'pending']);
    expect(outbox.get(a)!.lastError).toBeNull();
    // Once the earlier entry is gone for good, the waiting one cannot go.
    fail();
    outbox.discard(u);
    expect(outbox.retry(a)).toBe(false);
    expect(outbox.get(a)!.state).toBe('failed');
  });

  it('a retry of the waiting one does not send again an earlier one unsure whether it arrived, or held for a look', () => {
    const [u, a] = filed();
    // Given up after the service kept failing it: it may be on the service (its row: "Unsure whether it arrived").
    outbox.claim([u], 'r1', 'storeAndEmbedFiles');
    const gaveUp = { kind: 'gave-up', message: 'Stopped after 8 failed attempts', at: 1 };
    outbox.settle([{ id: u, state: 'failed', error: gaveUp }]);
    expect(outbox.get(a)).toMatchObject({ state: 'failed', lastError: { kind: 'dependency' } });
    expect(outbox.retry(a)).toBe(false);
    expect([outbox.get(u)!.state, outbox.get(a)!.state]).toEqual(['failed', 'failed']);
    expect(outbox.retryRefusal(a)).toMatch(/^Not retried: it needs entry #\d+ \(.+\), which is settled on its own row/);
    expect(outbox.retryRefusal(a)).toContain('choose "Send again" on its row');
    // "It arrived" would leave it done with no fileId for the attach: refused, with why.
    expect(() => outbox.confirmDone(u)).toThrow(/Not marked as arrived: entry #\d+ \(attach-image\)/);
    expect([outbox.get(u)!.state, outbox.get(a)!.state]).toEqual(['failed', 'failed']);
    // Settled there ("Send again"), the waiting one goes with it.
    expect(outbox.retry(u)).toBe(true);
    expect(outbox.get(a)!.state).toBe('pending');
    expect(outbox.retryRefusal(a)).toBeNull();

    // Held for a look (a plate changed under it, after a try): sent anyway only from its own row.
    const [u2, a2] = filed('EXP-2');
    outbox.claim([u2], 'r2', 'storeAndEmbedFiles');
    outbox.settle([{ id: u2, state: 'failed', error: { kind: 'plate-changed', message: 'The plate changed', at: 2 } }]);
    expect(outbox.get(a2)!.state).toBe('failed');
    expect(outbox.retry(a2)).toBe(false);
    expect(outbox.get(u2)!.state).toBe('failed');
    expect(outbox.retryRefusal(a2)).toContain('Send that entry anyway');
  });

  it('survives a crash: the dependency is on disk with the entry, and an interrupted upload leaves it waiting', () => {
    const [u, a] = filed();
    outbox.claim([u], 'r1', 'storeAndEmbedFiles');
    outbox.close();
    outbox = open();
    expect(outbox.get(a)).toMatchObject({ dependsOn: u, supplies: needsFile, state: 'pending' });
    outbox.recoverInterrupted();
    expect(outbox.get(u)!.state).toBe('uncertain');
    expect(outbox.oldestPendingTargets(10)).toEqual([]);
    expect(outbox.get(a)!.state).toBe('pending');
    outbox.retry(u);
    expect(outbox.oldestPendingTargets(10)).toEqual([outbox.get(u)!.target]);
  });

  it('a resent batch (same key) finds the first entries and adds no second dependency', () => {
    const deps = { dedupeKey: 'record-1', dependencies: [{ entry: 1, after: 0, supplies: needsFile }] };
    const first = outbox.enqueueMany([upload('plate.png'), attach('EXP-1')], deps);
    expect(outbox.enqueueMany([upload('plate.png'), attach('EXP-1')], deps)).toEqual(first);
    expect(outbox.counts().pending).toBe(2);
  });

  it('refuses a dependency on a later entry, on itself, or outside the batch', () => {
    const bad: BatchDependency[] = [
      { entry: 0, after: 1, supplies: needsFile },
      { entry: 1, after: 1, supplies: needsFile },
      { entry: 5, after: 0, supplies: needsFile },
    ];
    for (const d of bad)
      expect(() => outbox.enqueueMany([upload('a.png'), attach('EXP-1')], { dependencies: [d] })).toThrow(
        /earlier entry of the same batch/,
      );
    expect(outbox.counts().pending).toBe(0);
  });

  it('an attach-image with the stand-in and no entry to fill it is refused (an edited copy, a renderer)', () => {
    expect(() => outbox.enqueue(attach('EXP-1'))).toThrow(/takes its image from an upload/);
    expect(() => outbox.enqueueMany([upload('a.png'), attach('EXP-1')])).toThrow(/takes its image from an upload/);
    expect(outbox.counts().pending).toBe(0);
  });

  it('pruning keeps a done entry while an entry that needs its result is open', () => {
    const [u, a] = filed();
    outbox.claim([u], 'r1', 'storeAndEmbedFiles');
    outbox.settle([{ id: u, state: 'done', result: { fileId: 'F-1' } }]);
    clock.advance(10_000);
    expect(outbox.pruneFinished(1_000)).toEqual({ done: 0, cancelled: 0, discarded: 0 });
    outbox.claim([a], 'r2', 'attachImage');
    outbox.settle([{ id: a, state: 'done' }]);
    clock.advance(10_000);
    expect(outbox.pruneFinished(1_000)).toEqual({ done: 2, cancelled: 0, discarded: 0 });
  });
});
