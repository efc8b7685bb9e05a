/**
 * The whole queue's wait on each waiting entry, against the lane's own: the one that decides when the
 * entry goes is the one said. A real outbox on disk; the holds are the sync engine's values.
 */
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitReasons } from '../../../../main/ipc/bridges/wait-reason.js';
import { createOutbox, type Outbox } from '../../../../main/outbox/index.js';
import type { LaneHold, QueueHold } from '../../../../main/sync/index.js';
import { fakeNow, rowUpdate, tempDir } from '../outbox/helpers.js';

describe('a waiting entry says the queue-wide wait', () => {
  let t: ReturnType<typeof tempDir>;
  let outbox: Outbox;
  const clock = fakeNow();
  beforeEach(() => {
    t = tempDir();
    outbox = createOutbox({ path: path.join(t.dir, 'outbox.db'), now: clock.now });
  });
  afterEach(() => {
    outbox.close();
    t.cleanup();
  });

  const at = (h: number, m: number) => new Date(2026, 10, 25, h, m).getTime();
  const serverError = { kind: 'server', status: 503, message: 'Service Unavailable', at: 0 };
  function said(queue: QueueHold | null, lane: LaneHold | null = null): string | null {
    const id = outbox.enqueue(rowUpdate('S-0001', { Status: 'a' }));
    const entry = outbox.list('pending').find((e) => e.id === id)!;
    return waitReasons(outbox, undefined, () => lane, queue)(entry);
  }

  it('offline, with the time it went so, or without when it is not known', () => {
    expect(said({ kind: 'offline', since: at(20, 1) })).toBe(
      'Waiting: the service is unreachable (offline since 20:01); sent when it answers.',
    );
    expect(said({ kind: 'offline', since: null })).toBe('Waiting: the service is unreachable; sent when it answers.');
  });

  it('a single call with no answer, before the app calls it offline: retrying at the time set', () => {
    const reason = { kind: 'network', message: 'No answer.', at: 0 };
    expect(said({ kind: 'retrying', until: at(20, 3), reason })).toBe(
      'Waiting: the service did not answer in time; retrying at 20:03; press Sync now to try at once.',
    );
  });

  it("the lane's own retry is said when it comes later than the queue's; the queue's when it does not", () => {
    const queue: QueueHold = { kind: 'slow-down', until: at(20, 3) };
    expect(said(queue, { until: at(20, 9), reason: serverError })).toMatch(
      /^Retrying at 20:09 \(the service answered 503/,
    );
    expect(said(queue, { until: at(20, 2), reason: serverError })).toBe(
      'Waiting: the service asked to slow down (429); retrying at 20:03.',
    );
    // Offline, a lane's retry time means nothing: the queue goes when the service answers.
    expect(said({ kind: 'offline', since: at(20, 1) }, { until: at(20, 9), reason: serverError })).toMatch(
      /^Waiting: the service is unreachable/,
    );
  });

  it('nothing is said when nothing holds the queue or the lane', () => {
    expect(said(null)).toBeNull();
  });
});

describe('a move into a plate waiting for an older change to its well', () => {
  let t: ReturnType<typeof tempDir>;
  let outbox: Outbox;
  const clock = fakeNow();
  beforeEach(() => {
    t = tempDir();
    outbox = createOutbox({ path: path.join(t.dir, 'outbox.db'), now: clock.now });
  });
  afterEach(() => {
    outbox.close();
    t.cleanup();
  });

  const removal = (position: string) =>
    outbox.enqueue({ type: 'well-remove', manifest: { uuid: 'plate-1' }, position, fields: ['SAMPLE'] });
  const move = (position: string) =>
    outbox.enqueue({
      type: 'location-assign',
      labsheet: 'Samples',
      locationId: 'plate-1',
      idType: 'ID',
      id: 'S-0002',
      position,
    });
  const reasonOf = (id: number) => waitReasons(outbox)(outbox.list('pending').find((e) => e.id === id)!);

  it('names the change, and one change of the plate this version cannot read fails nothing', () => {
    const damaged = removal('B1');
    outbox.db
      .prepare(`UPDATE entries SET payload = ? WHERE id = ?`)
      .run(JSON.stringify({ type: 'well-remove', manifest: { uuid: 'plate-1' } }), damaged);
    const change = removal('A5');
    const moved = move('A5');
    expect(reasonOf(moved)).toMatch(
      new RegExp(`^Waiting for #${change} \\(.*\\), a change to this well made before this move on Well fill`),
    );
    expect(reasonOf(move('C3'))).toBeNull();
  });

  it("an older move of the same tube this version cannot read fails nothing: the later move's line is read", () => {
    const damaged = outbox.enqueue({
      type: 'location-assign',
      labsheet: 'Samples',
      locationId: 'box-1',
      idType: 'ID',
      id: 'S-0002',
    });
    // Still names the tube, but no longer parses (no labsheet).
    outbox.db
      .prepare(`UPDATE entries SET payload = ? WHERE id = ?`)
      .run(JSON.stringify({ type: 'location-assign', locationId: 'box-1', idType: 'ID', id: 'S-0002' }), damaged);
    const moved = move('A5');
    expect(reasonOf(moved)).toBeNull();
  });
});
