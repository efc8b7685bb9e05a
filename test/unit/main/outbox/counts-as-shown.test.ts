import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOutbox, type Outbox } from '../../../../main/outbox/index.js';
import { PLATE_CHANGED } from '../../../../shared/ipc/channels/outbox.js';
import { fakeNow, tempDir, wellSet } from './helpers.js';

/**
 * The queue's counts say the failed entries as the Outbox's rows do: a technician reading "2 refused"
 * finds two Refused rows, not a "3 failed" that turns out to hold a Needs a look and two Refused.
 */
describe('outbox counts: failed entries split as they are shown', () => {
  let t: ReturnType<typeof tempDir>;
  let file: string;
  let outbox: Outbox;
  beforeEach(() => {
    t = tempDir();
    file = path.join(t.dir, 'outbox.db');
    outbox = createOutbox({ path: file, now: fakeNow().now });
  });
  afterEach(() => {
    outbox.close();
    t.cleanup();
  });

  const failWith = (position: string, kind: string) => {
    const id = outbox.enqueue(wellSet(position, `S-${position}`));
    outbox.claim([id], `r-${position}`, 'manifestUpdate');
    outbox.settle([{ id, state: 'failed', error: { kind, message: `${kind} at ${position}`, at: 1 } }]);
    return id;
  };

  it('counts held for a look, refused and otherwise failed apart, and keeps their total', () => {
    failWith('A1', PLATE_CHANGED);
    failWith('A2', 'not-found');
    failWith('A3', 'validation');
    failWith('A4', 'permission');
    failWith('A5', 'gave-up');
    failWith('A6', 'local');
    outbox.enqueue(wellSet('B1', 'S-B1'));
    expect(outbox.counts()).toMatchObject({
      pending: 1,
      failed: 6,
      failedAs: { held: 1, refused: 3, failed: 2 },
    });
  });

  it('counts a failed entry whose stored error no longer reads as failed, and still counts the rest', () => {
    const damaged = failWith('A1', 'not-found');
    failWith('A2', 'conflict');
    // Written by hand, as a damaged file or an older version would leave it.
    outbox.db.prepare(`UPDATE entries SET last_error = ? WHERE id = ?`).run('{"kind":"not-fou', damaged);
    expect(outbox.counts()).toMatchObject({ failed: 2, failedAs: { held: 0, refused: 1, failed: 1 } });
  });

  it('lists each way a failed entry is said as it counts it: the same rows, damaged errors too', () => {
    const held = failWith('A1', PLATE_CHANGED);
    const refused = [failWith('A2', 'not-found'), failWith('A3', 'permission')];
    const failed = [failWith('A4', 'gave-up'), failWith('A5', 'not-found'), failWith('A6', 'local')];
    // A damaged error and one whose kind is not a string: no kind, so "Failed", counted and listed so.
    outbox.db.prepare(`UPDATE entries SET last_error = ? WHERE id = ?`).run('{"kind":"not-fou', failed[1]);
    outbox.db.prepare(`UPDATE entries SET last_error = ? WHERE id = ?`).run('{"kind":7,"message":"x"}', failed[2]);
    const listed = (shown: 'held' | 'refused' | 'failed') =>
      outbox.list('failed', { inUse: true, shown }).map((e) => e.id);
    expect({ held: listed('held'), refused: listed('refused'), failed: listed('failed') }).toEqual({
      held: [held],
      refused,
      failed,
    });
    const { failedAs } = outbox.counts();
    for (const shown of ['held', 'refused', 'failed'] as const) {
      expect(outbox.listTotal('failed', { shown })).toEqual({ inUse: failedAs[shown], elsewhere: [] });
      expect(outbox.list('failed', { inUse: true, shown, limit: 1 })).toHaveLength(1);
    }
  });
});
