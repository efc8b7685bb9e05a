/**
 * Reads the sync asks on every pass of a box's lane, and the count every scan asks, find their rows by
 * an index that fits: a tube by its name (migration 6), a service's open entries by (service, state).
 * SQLite plans without statistics here (the app never runs ANALYZE), so the plan is the same on a file
 * of five entries as on one of fifty thousand, and is read here on a small one. Each once read every
 * later (or older) entry of the service, or every open one's row, however few it answered.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOutbox, type Outbox } from '../../../../main/outbox/index.js';
import { prepareStatements } from '../../../../main/outbox/statements.js';
import type { Intent } from '../../../../shared/outbox/intents.js';
import { assign, fakeNow, planOf, wellSet } from './helpers.js';
import { outboxPerTest } from '../sync/outbox-per-test.js';
import { elsewhere } from '../../../helpers/open-changes.js';

describe('outbox reads asked per pass or per scan', () => {
  const clock = fakeNow();
  const files = outboxPerTest(clock.now);

  const sent = (ids: readonly number[], outbox: Outbox = files.outbox) => {
    outbox.claim(ids, `r-${ids.join('-')}`, 'assignLocation');
    outbox.settle(ids.map((id) => ({ id, state: 'done' as const })));
  };

  it("finds a run's tubes sent on since by each tube's name, not by every entry sent since", () => {
    const { outbox } = files;
    const [before, run, other, movedOn, unrelated, underSampleId, queued] = outbox.enqueueMany([
      assign('TB-1', 'A9', 'SHELF'),
      assign('TB-1', 'A1', 'BOX'),
      assign('TB-2', 'A2', 'BOX'),
      assign('TB-1', 'B1', 'RACK'),
      assign('TB-9', 'B2', 'RACK'),
      assign('S-2', 'B3', 'RACK'),
      assign('TB-2', 'B4', 'RACK'),
    ]);
    sent([before!, movedOn!, unrelated!, underSampleId!]);
    // Newer than the entry, sent, under one of the names asked: not an older one, not one still queued.
    expect(outbox.sentAssignmentsAfter(run!, ['TB-1', 'S-2']).map((e) => e.id)).toEqual([movedOn, underSampleId]);
    expect(outbox.sentAssignmentsAfter(other!, ['TB-2'])).toEqual([]);
    expect(outbox.get(queued!)?.state).toBe('pending');

    const plan = planOf(outbox.db, prepareStatements(outbox.db).sentAssignmentsAfter, '', 0, '[]');
    expect(plan).toMatch(/^SEARCH entries USING INDEX entries_assign_id \(<expr>=\? AND id>\?\)/);
    expect(plan).not.toContain('entries_service_state');
  });

  it("finds a run's tubes queued to other places by each tube's name, not by every older pending entry", () => {
    const { outbox } = files;
    const [sentBefore, elsewhere, unrelated, , otherPlace, run] = outbox.enqueueMany([
      assign('TB-1', 'A9', 'SHELF'),
      assign('TB-1', 'B1', 'RACK'),
      assign('TB-9', 'B2', 'RACK'),
      assign('TB-1', 'A3', 'BOX'),
      assign('TB-1', 'C1', 'OTHER'),
      assign('TB-1', 'A1', 'BOX'),
      assign('TB-1', 'B9', 'RACK'),
    ]);
    sent([sentBefore!]);
    const lane = outbox.get(run!)!.target;
    // Pending, older than the entry, in another lane: not its own lane's, not one sent, not a newer one.
    expect(outbox.pendingElsewhere(lane, run!, ['TB-1']).map((e) => e.id)).toEqual([elsewhere, otherPlace]);
    expect(outbox.pendingElsewhere(lane, run!, ['TB-9']).map((e) => e.id)).toEqual([unrelated]);

    const plan = planOf(outbox.db, prepareStatements(outbox.db).pendingElsewhere, '', '', 0, '[]');
    expect(plan).toMatch(/^SEARCH entries USING INDEX entries_assign_id \(<expr>=\? AND id<\?\)/);
    expect(plan).not.toContain('entries_service_state');
  });

  it("finds where a tube was sent before an entry by the tube's name, not by every entry sent before it", () => {
    // Asked for each move the sync settles (moved-tubes forgetMovedTube): on the (service, state, id) index it
    // read the whole history kept (30 days of moves), 2.3 ms a move with 5,000 done; by the name, 16 µs.
    const { outbox } = files;
    const [first, byName, otherTube, otherSheet, run, later] = outbox.enqueueMany([
      assign('TB-1', 'A1', 'BOX'),
      assign('S-1', 'A2', 'RACK'),
      assign('TB-2', 'A3', 'BOX'),
      { ...assign('TB-1', 'A4', 'SHELF'), labsheet: 'Reagents' } as Intent,
      assign('TB-1', 'B1', 'RACK'),
      assign('TB-1', 'B2', 'RACK'),
    ]);
    sent([first!, byName!, otherTube!, otherSheet!, later!]);
    // Older than the entry, sent, in its labsheet, under either name: not another tube's, not a newer one.
    expect(outbox.sentAssignmentsBefore(run!, 'Samples', ['TB-1', 'S-1']).map((e) => e.id)).toEqual([first, byName]);

    const plan = planOf(outbox.db, prepareStatements(outbox.db).sentAssignmentsBefore, '', 0, '', '[]');
    expect(plan).toMatch(/^SEARCH entries USING INDEX entries_assign_id \(<expr>=\? AND id<\?\)/);
    expect(plan).not.toContain('entries_service_state');
  });

  it("finds a box's listed tubes' moves by each tube's name, not by every entry the service has", () => {
    // Asked each time a box is read (read-cache movedAway): the same scan of the whole history as above.
    const { outbox } = files;
    const [done, queued, , underSampleId] = outbox.enqueueMany([
      assign('TB-1', 'A1', 'BOX'),
      assign('TB-1', 'B1', 'RACK'),
      assign('TB-2', 'A2', 'BOX'),
      assign('S-1', 'C1', 'SHELF'),
    ]);
    sent([done!]);
    expect(outbox.assignmentsOfTubes(['TB-1', 'S-1']).map((e) => e.id)).toEqual([done, queued, underSampleId]);

    const plan = planOf(outbox.db, prepareStatements(outbox.db).assignmentsOfTubes, '', '[]');
    expect(plan).toMatch(/^SEARCH entries USING INDEX entries_assign_id \(<expr>=\?\)/);
    expect(plan).not.toContain('entries_service_state');
  });

  it("counts each service's open entries in the (service, state) index, reading no entry's row", () => {
    let current = 'real';
    const bound = createOutbox({ path: path.join(files.dir, 'bound.db'), now: clock.now, service: () => current });
    try {
      bound.enqueueMany([wellSet('A1', 'S-1'), wellSet('A2', 'S-2')]);
      current = 'other';
      const [flying] = bound.enqueueMany([wellSet('A3', 'S-3'), wellSet('A4', 'S-4')]);
      sent([bound.enqueue(wellSet('A5', 'S-5'))], bound);
      bound.claim([flying!], 'r-1', 'updateManifest');
      current = 'sandbox';
      bound.enqueue(wellSet('A6', 'S-6'));
      expect(bound.waitingElsewhere()).toEqual([
        elsewhere('other', { waiting: 2, discardable: 1, sending: 1 }),
        elsewhere('real', { waiting: 2, discardable: 2 }),
      ]);
      expect(bound.counts()).toMatchObject({ pending: 1, elsewhere: 4 });

      const plan = planOf(bound.db, prepareStatements(bound.db).openByService);
      expect(plan).toMatch(/SEARCH e USING COVERING INDEX entries_service_state_id \(service=\? AND state=\?\)/);
      // Every step that reads the table reads it by a covering index: no entry's row is read.
      const reads = plan.split('; ').filter((step) => /^(SCAN|SEARCH) (entries|e)\b/.test(step));
      expect(reads.length).toBeGreaterThan(0);
      for (const step of reads) expect(step).toContain('COVERING INDEX');
    } finally {
      bound.close();
    }
  });

  it('counts the failed entries by kind and tries from the (service, state) index, reading only failed rows', () => {
    const st = prepareStatements(files.outbox.db);
    const counts = planOf(files.outbox.db, st.counts, 'S', 'S');
    // The states from the index alone; the failed rows read for their kind and tries, found by the index.
    expect(counts).toMatch(/SEARCH entries USING COVERING INDEX entries_service_state_id \(service=\?\)/);
    expect(counts).toMatch(/SEARCH entries USING INDEX entries_service_state_id \(service=\? AND state=\?\)/);
    expect(counts).not.toMatch(/SCAN entries/);
    for (const plan of [
      planOf(files.outbox.db, st.failedSaidOfService, 'S'),
      planOf(files.outbox.db, st.failedSaid, '[]', 'S', 0, 500),
    ]) {
      expect(plan).toMatch(/^SEARCH entries USING INDEX entries_service_state_id \(service=\? AND state=\?/);
      expect(plan).not.toMatch(/SCAN entries/);
    }
  });
});
