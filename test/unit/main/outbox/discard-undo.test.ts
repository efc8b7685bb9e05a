/**
 * The user's Discard, one entry or a tab's at once, and putting discarded entries back (Undo right after,
 * Restore from the Discarded tab): on the real outbox file. Before, a discard could not be taken back at
 * all, and a tab of 10,000 refused changes was discarded one row (two clicks) at a time.
 */
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOutbox, type EntryError, type Outbox } from '../../../../main/outbox/index.js';
import { PLATE_CHANGED } from '../../../../shared/ipc/channels/outbox.js';
import { DISCARDED_UPLOAD_COPY_KEPT_MS } from '../../../../shared/outbox/finished-kept.js';
import { attach, fakeNow, needsFile, tempDir, upload, webhook, wellSet } from './helpers.js';

describe('outbox: Discard of many, and putting discarded entries back', () => {
  let t: ReturnType<typeof tempDir>;
  let clock: ReturnType<typeof fakeNow>;
  let outbox: Outbox;
  beforeEach(() => {
    t = tempDir();
    clock = fakeNow();
    outbox = createOutbox({ path: path.join(t.dir, 'o.db'), now: clock.now });
  });
  afterEach(() => {
    outbox.close();
    t.cleanup();
  });

  /** An entry tried once (its request left), then settled as the service answered. */
  function settled(id: number, state: 'failed' | 'uncertain', kind: string, message = `${kind} here.`): number {
    outbox.claim([id], `r-${id}-${outbox.get(id)!.attempts}`, 'x');
    outbox.settle([{ id, state, error: { kind, message, at: 1 } }]);
    clock.advance(10);
    return id;
  }
  const refused = (n: number) => settled(outbox.enqueue(wellSet('A1', `S-${n}`, `PL-${n}`)), 'failed', 'not-found');
  const raw = (id: number) =>
    outbox.db.prepare('SELECT state, last_error, attempts FROM entries WHERE id = ?').get(id) as {
      state: string;
      last_error: string | null;
      attempts: number;
    };

  it("discards only the tab's entries it was asked about, leaving one retried meanwhile, and Undo puts them back as they were", () => {
    const a = refused(1);
    const b = refused(2);
    const c = refused(3);
    const held = settled(outbox.enqueue(wellSet('B1', 'S-9')), 'failed', PLATE_CHANGED);
    const before = [a, b, c, held].map(raw);
    // Retried in another window after the question: on its way now, not what the user was asked about.
    outbox.retry(c);
    outbox.claim([c], 'r-again', 'x');
    clock.advance(10);

    const d = outbox.discardMany([a, b, c, held], { shown: 'refused' });
    expect(d.discarded).toEqual([a, b]);
    expect(d.left).toEqual([
      { id: c, state: 'sending' },
      { id: held, state: 'failed' },
    ]);
    expect(d.mark).not.toBeNull();
    expect(outbox.counts().failedAs.refused).toBe(0);
    expect(raw(c).state).toBe('sending');
    expect(raw(held)).toEqual(before[3]);

    clock.advance(10);
    const back = outbox.undoDiscard(d.mark!);
    expect(back).toEqual({ restored: [a, b], along: [], refused: [] });
    // Failed again with their stored error and tries: the very rows the user discarded.
    expect(raw(a)).toEqual(before[0]);
    expect(raw(b)).toEqual(before[1]);
    expect(outbox.counts().failedAs.refused).toBe(2);
    // A second Undo of the same Discard (a stale button) finds nothing left to put back.
    expect(outbox.undoDiscard(d.mark!)).toEqual({ restored: [], along: [], refused: [] });
  });

  it('the single Discard is undone the same way, and an unsure entry goes back to unsure', () => {
    const id = outbox.enqueue(webhook(1));
    settled(id, 'uncertain', 'timeout', 'No answer.');
    const before = raw(id);
    const d = outbox.discardMany([id]);
    expect(d.discarded).toEqual([id]);
    expect(outbox.get(id)!.state).toBe('discarded');
    expect(outbox.undoDiscard(d.mark!).restored).toEqual([id]);
    expect(raw(id)).toEqual(before);
    // `discard` (the Outbox's one-row path before) keeps its answer.
    expect(outbox.discard(id)).toMatchObject({ id, state: 'discarded' });
  });

  it('what a discard failed along stays failed when it is put back, one built on it as its reason said', () => {
    // An upload unsure whether it arrived, and the attach-image waiting for its file id.
    const [u, a] = outbox.enqueueMany([upload('plate.png'), attach('EXP-1')], {
      dependencies: [{ entry: 1, after: 0, supplies: needsFile }],
    });
    // A failed webhook, and a record's event failed along with it (waits for its answer).
    const [w, e] = outbox.enqueueMany([webhook(1), webhook(2)], { dependencies: [{ entry: 1, after: 0 }] });
    settled(w!, 'failed', 'network', 'offline.');
    const eFailed = raw(e!);
    expect(eFailed.state).toBe('failed');
    // A webhook built on a well change that is unsure whether it arrived.
    const well = outbox.enqueue(wellSet('C1', 'S-3'));
    const [built] = outbox.enqueueMany([webhook(3)], { builtOn: [well] });
    settled(well, 'uncertain', 'timeout', 'No answer.');
    outbox.claim([u!], 'r-u', 'storeAndEmbedFiles');
    outbox.settle([{ id: u!, state: 'uncertain', error: { kind: 'timeout', message: 'No answer.', at: 1 } }]);
    clock.advance(10);
    const before = [a!, e!, built!].map(raw);
    expect(before.map((r) => r.state)).toEqual(['pending', 'failed', 'pending']);

    const d = outbox.discardMany([u!, w!, well]);
    expect(d.discarded).toEqual([u!, w!, well]);
    // Failed along, each saying the one it needs was discarded.
    expect(outbox.get(a!)!.lastError!.message).toMatch(/which was discarded/);
    expect(outbox.get(e!)!.lastError!.message).toMatch(/which was discarded/);
    expect(outbox.get(built!)).toMatchObject({ state: 'failed', lastError: { kind: 'built-on-refused' } });

    // Past the day a discarded upload's staged copy is kept: it cannot be put back. The rest can.
    clock.advance(DISCARDED_UPLOAD_COPY_KEPT_MS);
    const back = outbox.undoDiscard(d.mark!);
    expect(back.restored).toEqual([w!, well]);
    expect(back.refused).toEqual([
      { id: u!, why: expect.stringMatching(/copy of the file .* is removed 24 hours after it was discarded/) },
    ]);
    expect(back.along).toEqual([e!, built!]);
    expect(raw(e!)).toEqual(eFailed);
    // Never pending again unlooked: built on a change that was discarded, it keeps the reason to make it again.
    expect(outbox.get(built!)).toMatchObject({ state: 'failed', lastError: { kind: 'built-on-refused' } });
    // Its upload still out, the attach-image stays failed for it, saying so.
    expect(outbox.get(a!)).toMatchObject({ state: 'failed', lastError: { kind: 'dependency' } });
    expect(outbox.get(u!)!.state).toBe('discarded');
    expect(outbox.restoreRefusal(u!)).toMatch(/Upload the file again/);
  });

  // On the old code no discarded upload could be put back: its staged copy went with the discard.
  it('a discarded upload is put back within the day its copy is kept, and the attach-image failed along with it', () => {
    const [u, a] = outbox.enqueueMany([upload('plate.png'), attach('EXP-1')], {
      dependencies: [{ entry: 1, after: 0, supplies: needsFile }],
    });
    settled(u!, 'failed', 'http', 'Refused: 413.');
    const uFailed = raw(u!);
    const d = outbox.discardMany([u!]);
    expect(outbox.get(a!)).toMatchObject({ state: 'failed', lastError: { kind: 'dependency' } });
    clock.advance(DISCARDED_UPLOAD_COPY_KEPT_MS - 1);
    expect(outbox.restoreRefusal(u!)).toBeNull();
    const back = outbox.undoDiscard(d.mark!);
    expect(back).toEqual({ restored: [u!], along: [a!], refused: [] });
    expect(raw(u!)).toMatchObject({ state: 'failed', last_error: uFailed.last_error });
    // Retried, the upload goes again, and the attach-image with it.
    expect(outbox.retry(u!)).toBe(true);
    expect([outbox.get(u!)!.state, outbox.get(a!)!.state]).toEqual(['pending', 'pending']);
  });

  it('puts back only what nothing else has happened to since', () => {
    const [w, e] = outbox.enqueueMany([webhook(1), webhook(2)], { dependencies: [{ entry: 1, after: 0 }] });
    settled(w!, 'failed', 'network', 'offline.');
    const d = outbox.discardMany([w!]);
    // The user discarded the one failed along too, on its own: that Discard of theirs stands.
    const d2 = outbox.discardMany([e!]);
    expect(d2.discarded).toEqual([e!]);
    const back = outbox.undoDiscard(d.mark!);
    expect(back).toEqual({ restored: [w!], along: [], refused: [] });
    expect(outbox.get(e!)!.state).toBe('discarded');
    // Its own Undo then puts it back, saying what it needs as that stands now: failed, to retry with it.
    expect(outbox.undoDiscard(d2.mark!).restored).toEqual([e!]);
    expect(outbox.get(e!)!.lastError!.message).toMatch(/which failed: offline\. Retry or correct that entry/);
    // And a retry of the first takes it along again, as before any discard.
    expect(outbox.retry(w!)).toBe(true);
    expect(outbox.get(e!)!.state).toBe('pending');
  });

  it('one an undo of its edit took back since stays out, and says why', () => {
    const id = refused(1);
    const d = outbox.discardMany([id]);
    expect(outbox.undoMany([id]).takenOut).toEqual([id]);
    expect(outbox.restoreRefusal(id)).toMatch(/edit it was part of was undone/);
    expect(outbox.undoDiscard(d.mark!).restored).toEqual([]);
    expect(outbox.get(id)!.state).toBe('discarded');
  });

  it('one not taken out by a Discard here cannot be put back, and says so', () => {
    const id = refused(1);
    expect(outbox.undoMany([id]).discarded).toEqual([id]);
    expect(outbox.restoreRefusal(id)).toMatch(/not by a Discard here/);
    expect(outbox.restoreDiscarded([id]).refused).toHaveLength(1);
    expect(outbox.get(id)!.state).toBe('discarded');
  });

  it('a restored entry keeps its place in its lane: retried, it goes before the newer changes of its plate', () => {
    const old = outbox.enqueue(wellSet('A1', 'S-1'));
    settled(old, 'failed', 'network', 'offline.');
    const newer = outbox.enqueue(wellSet('A2', 'S-2'));
    const d = outbox.discardMany([old]);
    expect(outbox.pendingHead(outbox.get(newer)!.target, 5).map((x) => x.id)).toEqual([newer]);
    outbox.undoDiscard(d.mark!);
    outbox.retry(old);
    expect(outbox.pendingHead(outbox.get(newer)!.target, 5).map((x) => x.id)).toEqual([old, newer]);
  });

  it('lists the discarded entries the most recently discarded first', () => {
    const a = refused(1);
    const b = refused(2);
    const c = refused(3);
    outbox.discardMany([b]);
    clock.advance(10);
    outbox.discardMany([a, c]);
    const listed = outbox.list('discarded', { inUse: true, newest: true, limit: 10 }).map((e) => e.id);
    expect(listed).toEqual([c, a, b]);
  });

  it('pruning the discarded entries prunes what their Discard kept for its Undo', () => {
    const id = refused(1);
    const d = outbox.discardMany([id]);
    clock.advance(1000);
    expect(outbox.pruneFinished(500).discarded).toBe(1);
    const kept = outbox.db.prepare('SELECT COUNT(*) AS n FROM discarded').get() as { n: number };
    expect(kept.n).toBe(0);
    expect(outbox.undoDiscard(d.mark!)).toEqual({ restored: [], along: [], refused: [] });
  });

  it('Retry of many retries those still said as failed, and says which were not', () => {
    const failedOne = (n: number) => settled(outbox.enqueue(webhook(n)), 'failed', 'network', 'offline.');
    const a = failedOne(1);
    const b = failedOne(2);
    const gaveUp = settled(outbox.enqueue(webhook(3)), 'failed', 'gave-up', 'Stopped after 8 tries.');
    const r = refused(4);
    const [w, e] = outbox.enqueueMany([webhook(5), webhook(6)], { dependencies: [{ entry: 1, after: 0 }] });
    settled(w!, 'failed', PLATE_CHANGED, 'held.');
    expect(outbox.get(e!)).toMatchObject({ state: 'failed', lastError: { kind: 'dependency' } });
    const ids = outbox.idsShown('failed', 100);
    expect(ids).toEqual([a, b, e!]);

    const done = outbox.retryMany([...ids, gaveUp, r]);
    expect(done).toEqual({ retried: [a, b], along: [], refused: [e!], left: [gaveUp, r] });
    expect([a, b].map((id) => outbox.get(id)!.state)).toEqual(['pending', 'pending']);
    // One that may be on the service and one refused are not sent again unlooked.
    const untouched: { state: string; kind: string | undefined }[] = [gaveUp, r, e!].map((id) => ({
      state: outbox.get(id)!.state,
      kind: (outbox.get(id)!.lastError as EntryError | null)?.kind,
    }));
    expect(untouched).toEqual([
      { state: 'failed', kind: 'gave-up' },
      { state: 'failed', kind: 'not-found' },
      { state: 'failed', kind: 'dependency' },
    ]);
  });

  it("leaves another service's entries out of Discard all, Retry all and Restore, counted as left", () => {
    outbox.close();
    let inUse = 'lab-a';
    outbox = createOutbox({ path: path.join(t.dir, 'o.db'), now: clock.now, service: () => inUse });
    const theirs = refused(1);
    const theirsFailed = settled(outbox.enqueue(webhook(2)), 'failed', 'network', 'offline.');
    const discardedThere = refused(3);
    const there = outbox.discardMany([discardedThere]);
    expect(there.discarded).toEqual([discardedThere]);
    // A list read before the switch names lab-a's ids; lab-b is in use now.
    inUse = 'lab-b';
    const d = outbox.discardMany([theirs], { shown: 'refused' });
    expect(d).toEqual({ mark: null, discarded: [], left: [{ id: theirs, state: null }] });
    expect(outbox.retryMany([theirsFailed])).toEqual({ retried: [], along: [], refused: [], left: [theirsFailed] });
    expect(outbox.restoreDiscarded([discardedThere])).toEqual({
      restored: [],
      along: [],
      refused: [{ id: discardedThere, why: expect.stringMatching(/another service/) }],
    });
    expect([theirs, theirsFailed, discardedThere].map((id) => outbox.get(id)!.state)).toEqual([
      'failed',
      'failed',
      'discarded',
    ]);
    // Back on lab-a, they are that service's to settle again.
    inUse = 'lab-a';
    expect(outbox.undoDiscard(there.mark!).restored).toEqual([discardedThere]);
  });
});
