/**
 * A stored entry this version cannot read (a damaged payload, or one a newer version queued) must not
 * break the readers the screens use: it is listed as unreadable with the reason, can be cancelled or
 * discarded, and every other entry reads as usual.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { isUnreadable, type Outbox } from '../../../../main/outbox/index.js';
import { assign, fakeNow, wellSet } from './helpers.js';
import { outboxPerTest } from '../sync/outbox-per-test.js';

describe('an entry that no longer reads', () => {
  const clock = fakeNow();
  const files = outboxPerTest(clock.now);
  let outbox: Outbox;
  beforeEach(() => {
    outbox = files.outbox;
  });

  const store = (id: number, columns: { payload?: string; type?: string; state?: string; last_error?: string }) => {
    for (const [column, value] of Object.entries(columns))
      outbox.db.prepare(`UPDATE entries SET ${column} = ? WHERE id = ?`).run(value, id);
  };

  it('is listed with the reason among the entries that read', () => {
    const [good, damaged, newer, good2] = outbox.enqueueMany([
      wellSet('A1', 'S-1'),
      wellSet('A2', 'S-2'),
      wellSet('A3', 'S-3'),
      wellSet('A4', 'S-4'),
    ]);
    store(damaged!, { payload: '{"type":"well-set","manifest":' });
    // A kind a newer version knows and this one does not.
    store(newer!, { type: 'well-rename', payload: JSON.stringify({ type: 'well-rename', position: 'A3' }) });
    const listed = outbox.list('pending');
    expect(listed.map((e) => e.id)).toEqual([good, damaged, newer, good2]);
    const [a, b, c, d] = listed;
    expect(isUnreadable(a!) || isUnreadable(d!)).toBe(false);
    expect(b).toMatchObject({ id: damaged, state: 'pending', unreadable: expect.stringMatching(/damaged/) });
    expect(c).toMatchObject({
      id: newer,
      type: 'well-rename',
      unreadable: expect.stringMatching(/"well-rename" change, which this version does not know/),
    });
    expect(outbox.counts()).toMatchObject({ pending: 4 });
  });

  it('a field added by a newer version is named in the reason', () => {
    const id = outbox.enqueue(wellSet('A1', 'S-1'));
    store(id, { payload: JSON.stringify({ ...wellSet('A1', 'S-1'), volume: 5 }) });
    const [e] = outbox.list('pending');
    expect(e && isUnreadable(e) ? e.unreadable : '').toMatch(/volume/);
  });

  it('can be cancelled while never tried, and discarded once failed', () => {
    const [first, second] = outbox.enqueueMany([wellSet('A1', 'S-1'), wellSet('A2', 'S-2')]);
    store(first!, { payload: 'not json' });
    store(second!, { payload: 'not json', state: 'failed' });
    expect(outbox.cancel(first!)).toBe(true);
    expect(outbox.discard(second!)).toMatchObject({ id: second, state: 'discarded' });
    expect(outbox.list('cancelled').map((e) => e.id)).toEqual([first]);
    expect(outbox.list('discarded').map((e) => e.id)).toEqual([second]);
  });

  it("a box's standing assignments and a lane's entries leave it out, and read the others", () => {
    const [a1, a2, a3] = outbox.enqueueMany([assign('TB1', 'A1'), assign('TB2', 'A2'), assign('TB3', 'A3')]);
    store(a2!, { payload: JSON.stringify({ ...assign('TB2', 'A2'), tray: 'x' }) });
    expect(outbox.standingAssignments('BOX').map((e) => e.id)).toEqual([a1, a3]);
    const target = outbox.get(a1!)!.target;
    expect(outbox.entriesOf(target, 'pending').map((e) => e.id)).toEqual([a1, a3]);
  });

  it('one interrupted by a crash is settled like any other', () => {
    const id = outbox.enqueue(wellSet('A1', 'S-1'));
    outbox.claim([id], 'r1', 'updateManifest');
    store(id, { payload: 'not json' });
    expect(outbox.recoverInterrupted()).toEqual({ requeued: 1, uncertain: 0 });
    expect(outbox.list('pending').map((e) => e.id)).toEqual([id]);
  });

  it("a damaged stored error leaves its change out of the changes a plate's moves wait for, and reads the others", () => {
    const [held, damaged, pending] = outbox.enqueueMany([
      wellSet('A1', 'S-1'),
      wellSet('A2', 'S-2'),
      wellSet('A3', 'S-3'),
    ]);
    const target = outbox.get(held!)!.target;
    store(held!, { state: 'failed', last_error: JSON.stringify({ kind: 'plate-changed', message: 'Needs a look' }) });
    store(damaged!, { state: 'failed', last_error: '{"kind":"plate-' });
    expect(outbox.wellChangesAhead(target).map((e) => e.id)).toEqual([held, pending]);
  });
});
