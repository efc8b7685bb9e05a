import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOutbox, type Outbox } from '../../../../main/outbox/index.js';
import { entryMayHaveArrived } from '../../../../main/outbox/may-have-arrived.js';
import { FAILED_SHOWN, PLATE_CHANGED, SUPERSEDED, type FailedShown } from '../../../../shared/ipc/channels/outbox.js';
import { entryShownState, type ShownState } from '../../../../shared/outbox-words/shown-state.js';
import { fakeNow, tempDir, wellSet } from './helpers.js';
import { elsewhere } from '../../../helpers/open-changes.js';

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

  it('counts held for a look, refused, unsure and otherwise failed apart, and keeps their total', () => {
    failWith('A1', PLATE_CHANGED);
    failWith('A2', 'not-found');
    failWith('A3', 'validation');
    failWith('A4', 'permission');
    failWith('A5', 'gave-up');
    failWith('A6', 'local');
    failWith('A7', 'server');
    outbox.enqueue(wellSet('B1', 'S-B1'));
    expect(outbox.counts()).toMatchObject({
      pending: 1,
      failed: 7,
      // Gave up after tries, and failed on this computer after a try of it left: may be on the service.
      failedAs: { held: 1, refused: 3, failed: 1, uncertain: 2 },
    });
  });

  /**
   * Every way a failed entry can be said, beside an entry never sent and one whose answer was lost: where
   * SQLite counts and lists each (by kind and tries) is where entryShownState, with main's mayHaveArrived,
   * says its row is. On the old code one that gave up was counted and listed as "Failed", its row "Unsure".
   */
  it('counts and lists each entry where its row says it is: the rule in SQL and in TS agree case by case', () => {
    /** Tried `tries` times (each answered, back to pending), then settled as `settled`. */
    const entry = (n: number, tries: number, settled: 'pending' | 'failed' | 'uncertain', kind = 'server') => {
      const id = outbox.enqueue(wellSet(`C${n}`, `S-C${n}`));
      for (let i = 0; i < tries; i++) {
        outbox.claim([id], `r-${n}-${i}`, 'manifestUpdate');
        const last = i === tries - 1 && settled !== 'pending';
        if (!last) outbox.settle([{ id, state: 'pending', answered: true }]);
      }
      const error = { kind, message: `${kind} at C${n}`, at: 1 };
      if (settled !== 'pending') outbox.settle([{ id, state: settled, error }]);
      return id;
    };
    const cases = {
      neverSent: entry(1, 0, 'pending'),
      triedWaiting: entry(2, 1, 'pending'),
      refused: entry(3, 1, 'failed', 'not-found'),
      refusedPermission: entry(4, 1, 'failed', 'permission'),
      heldBeforeATry: entry(5, 0, 'failed', PLATE_CHANGED),
      heldAfterATry: entry(6, 2, 'failed', PLATE_CHANGED),
      gaveUp: entry(7, 8, 'failed', 'gave-up'),
      localBeforeATry: entry(8, 0, 'failed', 'local'),
      localAfterATry: entry(9, 1, 'failed', 'local'),
      supersededUntried: entry(10, 0, 'failed', 'superseded'),
      supersededTried: entry(16, 2, 'failed', 'superseded'),
      dependency: entry(11, 0, 'failed', 'dependency'),
      serverOnce: entry(12, 1, 'failed', 'server'),
      damaged: entry(13, 1, 'failed', 'local'),
      kindNotAString: entry(14, 3, 'failed', 'gave-up'),
      answerLost: entry(15, 1, 'uncertain', 'network'),
    };
    // Written by hand, as a damaged file or an older version would leave them: no kind, so "Failed".
    outbox.db.prepare(`UPDATE entries SET last_error = ? WHERE id = ?`).run('{"kind":"loc', cases.damaged);
    outbox.db
      .prepare(`UPDATE entries SET last_error = ? WHERE id = ?`)
      .run('{"kind":7,"message":"x"}', cases.kindNotAString);

    // What each row says, by the renderer's rule with main's decision (as outbox.list carries it).
    const said = new Map<number, ShownState>();
    const failedIds = new Set(outbox.list('failed').map((e) => e.id));
    for (const id of Object.values(cases)) {
      const e = outbox
        .list('pending')
        .concat(outbox.list('failed'), outbox.list('uncertain'))
        .find((x) => x.id === id)!;
      said.set(id, entryShownState(e.state, e.lastError, entryMayHaveArrived(e)));
    }
    const saidAs = (shown: ShownState) => [...said].filter(([, s]) => s === shown).map(([id]) => id);
    // The table itself, so a change of the rule shows here as a change of what a case is said as.
    expect(Object.fromEntries(Object.entries(cases).map(([name, id]) => [name, said.get(id)]))).toEqual({
      neverSent: 'pending',
      triedWaiting: 'pending',
      refused: 'refused',
      refusedPermission: 'refused',
      heldBeforeATry: 'held',
      heldAfterATry: 'held',
      gaveUp: 'uncertain',
      localBeforeATry: 'failed',
      localAfterATry: 'uncertain',
      supersededUntried: 'superseded',
      supersededTried: 'superseded',
      dependency: 'failed',
      serverOnce: 'failed',
      damaged: 'failed',
      kindNotAString: 'failed',
      answerLost: 'uncertain',
    });

    // Each tab's failed entries, picked by SQLite: the rows TS says so, no more, none elsewhere.
    const listed = (shown: FailedShown) => outbox.list('failed', { inUse: true, shown }).map((e) => e.id);
    const failedSaid = (shown: ShownState) => saidAs(shown).filter((id) => failedIds.has(id));
    for (const shown of FAILED_SHOWN) {
      expect(listed(shown), shown).toEqual(failedSaid(shown));
      expect(outbox.listTotal('failed', { shown }), shown).toEqual({ inUse: failedSaid(shown).length, elsewhere: [] });
    }
    // The counts, as the banner and the Outbox add them up: unsure is the lost answers and the failed ones.
    const c = outbox.counts();
    expect({
      waiting: c.pending + c.sending,
      held: c.failedAs.held,
      refused: c.failedAs.refused,
      failed: c.failedAs.failed,
      setAside: c.failedAs.superseded,
      unsure: c.uncertain + c.failedAs.uncertain,
    }).toEqual({
      waiting: saidAs('pending').length,
      held: saidAs('held').length,
      refused: saidAs('refused').length,
      failed: saidAs('failed').length,
      setAside: saidAs('superseded').length,
      unsure: saidAs('uncertain').length,
    });
    expect(c.failedAs.superseded).toBe(2);
    expect(c.failed).toBe(
      c.failedAs.held + c.failedAs.refused + c.failedAs.failed + c.failedAs.superseded + c.failedAs.uncertain,
    );
  });

  it("says another service's failed entries as their rows will say them once it is chosen again", () => {
    let current = 'real';
    const bound = createOutbox({ path: path.join(t.dir, 'bound.db'), now: fakeNow().now, service: () => current });
    try {
      const failOn = (position: string, kind: string) => {
        const id = bound.enqueue(wellSet(position, `S-${position}`));
        bound.claim([id], `r-${position}`, 'manifestUpdate');
        bound.settle([{ id, state: 'failed', error: { kind, message: kind, at: 1 } }]);
      };
      failOn('A1', 'gave-up');
      failOn('A2', 'not-found');
      failOn('A4', PLATE_CHANGED);
      failOn('A5', 'server');
      failOn('A6', SUPERSEDED);
      bound.enqueue(wellSet('A3', 'S-A3'));
      current = 'sandbox';
      // "3 failed changes … retry them" would send the one that gave up again unlooked, hold the one held
      // for a look again at once, and have the refused one refused again (on the old code all but the
      // first were counted failed).
      expect(bound.waitingElsewhere()).toEqual([
        elsewhere('real', { waiting: 1, failed: 1, held: 1, refused: 1, superseded: 1, uncertain: 1, discardable: 6 }),
      ]);
      expect(bound.counts()).toMatchObject({ failed: 0, elsewhere: 6 });
      current = 'real';
      expect(bound.counts()).toMatchObject({
        failedAs: { held: 1, refused: 1, failed: 1, superseded: 1, uncertain: 1 },
        elsewhere: 0,
      });
    } finally {
      bound.close();
    }
  });

  it('counts a failed entry whose stored error no longer reads as failed, and still counts the rest', () => {
    const damaged = failWith('A1', 'not-found');
    failWith('A2', 'conflict');
    // Written by hand, as a damaged file or an older version would leave it.
    outbox.db.prepare(`UPDATE entries SET last_error = ? WHERE id = ?`).run('{"kind":"not-fou', damaged);
    expect(outbox.counts()).toMatchObject({
      failed: 2,
      failedAs: { held: 0, refused: 1, failed: 1, superseded: 0, uncertain: 0 },
    });
  });

  it('lists each way a failed entry is said as it counts it: the same rows, damaged errors too', () => {
    const held = failWith('A1', PLATE_CHANGED);
    const refused = [failWith('A2', 'not-found'), failWith('A3', 'permission')];
    const failed = [failWith('A4', 'server'), failWith('A5', 'not-found'), failWith('A6', 'local')];
    const unsure = failWith('A7', 'gave-up');
    const setAside = failWith('A8', SUPERSEDED);
    // A damaged error and one whose kind is not a string: no kind, so "Failed", counted and listed so.
    outbox.db.prepare(`UPDATE entries SET last_error = ? WHERE id = ?`).run('{"kind":"not-fou', failed[1]);
    outbox.db.prepare(`UPDATE entries SET last_error = ? WHERE id = ?`).run('{"kind":7,"message":"x"}', failed[2]);
    const listed = (shown: FailedShown) => outbox.list('failed', { inUse: true, shown }).map((e) => e.id);
    expect(Object.fromEntries(FAILED_SHOWN.map((shown) => [shown, listed(shown)]))).toEqual({
      held: [held],
      refused,
      failed,
      superseded: [setAside],
      uncertain: [unsure],
    });
    const { failedAs } = outbox.counts();
    for (const shown of FAILED_SHOWN) {
      expect(outbox.listTotal('failed', { shown })).toEqual({ inUse: failedAs[shown], elsewhere: [] });
      expect(outbox.list('failed', { inUse: true, shown, limit: 1 })).toHaveLength(1);
    }
  });
});
