/**
 * The changes of a plate a move into one of its wells waits for are read on every pass of a moves lane
 * into that plate, and by every Outbox listing. Only the oldest per well is ever waited for, so only
 * that one is read: however many changes are queued for the plate, no more rows than it has wells.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Outbox } from '../../../../main/outbox/index.js';
import { prepareStatements } from '../../../../main/outbox/statements.js';
import { fakeNow, planOf, wellSet } from './helpers.js';
import { outboxPerTest } from '../sync/outbox-per-test.js';

describe("a plate's well changes ahead of a move", () => {
  const clock = fakeNow();
  const files = outboxPerTest(clock.now);
  let outbox: Outbox;
  beforeEach(() => {
    outbox = files.outbox;
  });

  it('are the oldest per well, pending or held for a look, however many are queued', () => {
    const ids = outbox.enqueueMany(Array.from({ length: 6_000 }, (_, i) => wellSet(`A${1 + (i % 3)}`, 'S-1')));
    const [held] = outbox.enqueueMany([wellSet('B1', 'S-2'), wellSet('B1', 'S-3')]);
    outbox.settle([{ id: held!, state: 'failed', error: { kind: 'plate-changed', message: 'Needs a look', at: 0 } }]);
    // A refused change holds nothing: the next change of its well is the one waited for.
    outbox.settle([{ id: ids[0]!, state: 'failed', error: { kind: 'validation', message: 'Refused', at: 0 } }]);
    const target = outbox.get(ids[1]!)!.target;
    expect(outbox.wellChangesAhead(target).map((e) => e.id)).toEqual([ids[1], ids[2], ids[3], held]);
  });

  // With the states only in an OR, SQLite read every entry of the service (the (service, state, id)
  // index on service alone) to find the lane's, on every pass of a box's lane.
  it("reads only the lane's pending and failed entries, by the (service, state, target) index", () => {
    const [, other] = outbox.enqueueMany([wellSet('A1', 'S-1'), wellSet('A1', 'S-2', 'PL-0002')]);
    const plan = planOf(outbox.db, prepareStatements(outbox.db).wellChangesAhead, '', '');
    expect(plan).toMatch(
      /LIST SUBQUERY 1; SEARCH entries USING INDEX entries_service_state \(service=\? AND state=\? AND target=\?\)/,
    );
    expect(outbox.wellChangesAhead(outbox.get(other!)!.target).map((e) => e.id)).toEqual([other]);
  });

  it('a payload that is not JSON is left out, and the others read', () => {
    const [damaged, good] = outbox.enqueueMany([wellSet('A1', 'S-1'), wellSet('A2', 'S-2')]);
    outbox.db.prepare(`UPDATE entries SET payload = 'not json' WHERE id = ?`).run(damaged);
    expect(outbox.wellChangesAhead(outbox.get(good!)!.target).map((e) => e.id)).toEqual([good]);
  });
});
