import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOutbox, WriteError, type Outbox } from '../../../../main/outbox/index.js';
import { prepareStatements } from '../../../../main/outbox/statements.js';
import { assign, fakeNow, rowUpdate, tempDir, webhook, wellRemove, wellSet } from './helpers.js';
import { elsewhere } from '../../../helpers/open-changes.js';

describe('outbox store', () => {
  let t: ReturnType<typeof tempDir>;
  let file: string;
  let outbox: Outbox;
  const clock = fakeNow();
  beforeEach(() => {
    t = tempDir();
    file = path.join(t.dir, 'outbox.db');
    outbox = createOutbox({ path: file, now: clock.now });
  });
  afterEach(() => {
    outbox.close();
    t.cleanup();
  });

  it('commits an entry before enqueue returns: a second connection sees it at once', () => {
    const id = outbox.enqueue(wellSet('A1', 'S-0001'));
    const other = createOutbox({ path: file, now: clock.now });
    const e = other.get(id);
    other.close();
    expect(e).toMatchObject({ id, state: 'pending', type: 'well-set', attempts: 0, requestId: null, lastError: null });
    expect(e?.target).toBe(JSON.stringify(['manifest', 'hrid:PL-0001']));
    expect(e?.createdAt).toBe(clock.now());
  });

  it('uses WAL and synchronous=FULL', () => {
    expect(outbox.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(outbox.db.pragma('synchronous', { simple: true })).toBe(2);
  });

  it('rejects an invalid intent with a typed error and stores nothing', () => {
    expect(() => outbox.enqueue({ type: 'well-set', manifest: { hrid: '' }, position: 'A1' } as never)).toThrow(
      WriteError,
    );
    expect(outbox.counts().pending).toBe(0);
    expect(() => outbox.enqueue({ type: 'well-set', manifest: { hrid: 'PL-0001' }, position: 'A1' })).toThrow(
      /at least one of sample, label or tags/,
    );
  });

  it('returns the first entry when the same dedupe key is enqueued again (re-scan after a crash)', () => {
    const a = outbox.enqueue(wellSet('A1', 'S-0001'), { dedupeKey: 'scan-1' });
    const b = outbox.enqueue(wellSet('A1', 'S-0001'), { dedupeKey: 'scan-1' });
    expect(b).toBe(a);
    expect(outbox.counts().pending).toBe(1);
  });

  it('cancels (undo) only an entry that has not started sending', () => {
    const a = outbox.enqueue(wellSet('A1', 'S-0001'));
    const b = outbox.enqueue(wellSet('A2', 'S-0002'));
    outbox.claim([b], 'req-1', 'updateManifest');
    expect(outbox.cancel(a)).toBe(true);
    expect(outbox.cancel(b)).toBe(false);
    expect(outbox.get(a)?.state).toBe('cancelled');
    expect(outbox.get(b)?.state).toBe('sending');
  });

  it('undoMany cancels, in one transaction, only those entries not yet on their way, and says which', () => {
    const [a, b, c] = outbox.enqueueMany([wellSet('A1', 'S-0001'), wellSet('A2', 'S-0002'), wellSet('A3', 'S-0003')]);
    outbox.claim([b!], 'req-1', 'updateManifest');
    const seen: string[] = [];
    outbox.events.on('changed', (es) => seen.push(es.map((e) => `${e.id}:${e.state}`).join(',')));
    expect(outbox.undoMany([a!, b!, c!]).cancelled).toEqual([a, c]);
    expect([a, b, c].map((id) => outbox.get(id!)?.state)).toEqual(['cancelled', 'sending', 'cancelled']);
    expect(seen).toEqual([`${a}:cancelled,${c}:cancelled`]);
    expect(outbox.undoMany([a!, c!]).cancelled).toEqual([]);
  });

  it('undoMany discards a refused entry, and one that gave up after 5xx only with its opposite change, in one transaction', () => {
    const [refused, gaveUp, unsent, lost] = outbox.enqueueMany([
      wellSet('A1', 'S-0001'),
      wellSet('A2', 'S-0002'),
      wellSet('A3', 'S-0003'),
      wellSet('A4', 'S-0004'),
    ]);
    outbox.claim([refused!, gaveUp!, lost!], 'req-1', 'updateManifest');
    const at = 1;
    outbox.settle([
      { id: refused!, state: 'failed', error: { kind: 'validation', status: 422, message: 'm', at } },
      // After its answered failures ran out (classify.ts gaveUp): a 504 may have come after the service applied it.
      { id: gaveUp!, state: 'failed', error: { kind: 'gave-up', status: 504, message: 'm', at } },
      // Sent, then this computer could not record the answer (localGaveUp): it may be on the service too.
      { id: lost!, state: 'failed', error: { kind: 'local', message: 'm', at } },
    ]);
    // Failed on this computer before any request of it left: nothing of it is on the service.
    outbox.settle([{ id: unsent!, state: 'failed', error: { kind: 'local', message: 'm', at } }]);
    const remove = (p: string) => wellRemove(p, ['SAMPLE', 'LABEL']);
    const seen: string[] = [];
    outbox.events.on('enqueued', (e) => seen.push(`enqueued ${e.id}`));

    const answer = outbox.undoMany([refused!, gaveUp!, unsent!, lost!], {
      opposites: new Map([
        [refused!, [remove('A1')]],
        [gaveUp!, [remove('A2')]],
        [unsent!, [remove('A3')]],
      ]),
    });
    // The lost one came without its opposite change: left failed, for the caller to reverse as a sent one.
    const removal = answer.reversed[0]?.by[0];
    expect(answer).toEqual({
      cancelled: [],
      discarded: [refused, unsent],
      takenOut: [],
      reversed: [{ id: gaveUp, by: [expect.any(Number)], why: 'gave-up' }],
    });
    expect([refused, gaveUp, unsent, lost].map((id) => outbox.get(id!)?.state)).toEqual([
      'discarded',
      'discarded',
      'discarded',
      'failed',
    ]);
    expect(outbox.get(removal!)).toMatchObject({ state: 'pending', intent: remove('A2') });
    expect(seen).toEqual([`enqueued ${removal}`]);
  });

  it('undoMany reverses a held entry only when a try of it had left, and a superseded one always', () => {
    const basis = { lastUpdate: '2026-01-01T00:00:00.000Z', emptySpaces: 96 };
    const made = (p: string, s: string) => ({ ...wellSet(p, s), basis });
    const [heldUntried, heldTried, superseded] = outbox.enqueueMany([
      made('A1', 'S-0001'),
      made('A2', 'S-0002'),
      made('A3', 'S-0003'),
    ]);
    const at = 1;
    // A try of A2 left and its answer was lost (back to pending), then the plate check held it.
    outbox.claim([heldTried!], 'req-1', 'updateManifest');
    outbox.settle([{ id: heldTried!, state: 'pending', error: { kind: 'network', message: 'm', at } }]);
    const held = { kind: 'plate-changed', message: 'Needs a look', at };
    outbox.settle([
      { id: heldUntried!, state: 'failed', error: held },
      { id: heldTried!, state: 'failed', error: held },
      // Set aside before any try of its own: a newer change to A3 went first (superseded.ts).
      { id: superseded!, state: 'failed', error: { kind: 'superseded', message: 'm', at } },
    ]);
    // The page's reading is newer than the ones the changes were made on.
    const newer = { lastUpdate: '2026-01-02T00:00:00.000Z', emptySpaces: 90 };
    const remove = (p: string) => ({ ...wellRemove(p, ['SAMPLE', 'LABEL']), basis: newer });

    const answer = outbox.undoMany([heldUntried!, heldTried!, superseded!], {
      opposites: new Map([
        [heldUntried!, [remove('A1')]],
        [heldTried!, [remove('A2')]],
        [superseded!, [remove('A3')]],
      ]),
    });
    expect(answer).toEqual({
      cancelled: [],
      discarded: [heldUntried],
      takenOut: [],
      reversed: [
        { id: heldTried, by: [expect.any(Number)], why: 'held' },
        { id: superseded, by: [expect.any(Number)], why: 'superseded' },
      ],
    });
    // Each opposite change is made against the reading of the change it takes back, and says which that is.
    expect(answer.reversed.map((r) => outbox.get(r.by[0]!)?.intent)).toEqual([
      { ...remove('A2'), basis, undoes: heldTried },
      { ...remove('A3'), basis, undoes: superseded },
    ]);
  });

  it('undoMany reverses a change that never happened when a newer change to its well still stands (an undo put it back)', () => {
    const [held, other] = outbox.enqueueMany([wellSet('A1', 'S-0001'), wellSet('A2', 'S-0002')]);
    const at = 1;
    const error = { kind: 'plate-changed', message: 'Needs a look', at };
    outbox.settle([
      { id: held!, state: 'failed', error },
      { id: other!, state: 'failed', error },
    ]);
    // The undo of a later change to A1 (written as `a01`) puts S-0001 back there; nothing newer for A2.
    outbox.enqueue(wellSet('a01', 'S-0001'));
    const remove = (p: string) => wellRemove(p, ['SAMPLE', 'LABEL']);
    const answer = outbox.undoMany([held!, other!], {
      opposites: new Map([
        [held!, [remove('A1')]],
        [other!, [remove('A2')]],
      ]),
    });
    expect(answer).toEqual({
      cancelled: [],
      discarded: [other],
      takenOut: [],
      reversed: [{ id: held, by: [expect.any(Number)], why: 'put-back' }],
    });
  });

  it('undoMany queues nothing and discards nothing when the opposite change cannot be queued', () => {
    let current = 'S1';
    const bound = createOutbox({ path: path.join(t.dir, 'bound.db'), now: clock.now, service: () => current });
    try {
      const id = bound.enqueue(wellSet('A1', 'S-0001'));
      bound.claim([id], 'req-1', 'updateManifest');
      bound.settle([{ id, state: 'failed', error: { kind: 'gave-up', status: 503, message: 'm', at: 1 } }]);
      current = 'S2';
      expect(() =>
        bound.undoMany([id], { opposites: new Map([[id, [wellRemove('A1', ['SAMPLE'])]]]), readFrom: 'S1' }),
      ).toThrow(WriteError);
      expect(bound.get(id)?.state).toBe('failed');
      expect(bound.counts()).toMatchObject({ pending: 0 });
    } finally {
      bound.close();
    }
  });

  it('never cancels an entry that was tried, even one back to pending after its answer was lost', () => {
    const [tried, split, fresh] = outbox.enqueueMany([
      wellSet('A1', 'S-0001'),
      wellSet('A2', 'S-0002'),
      wellSet('A3', 'S-0003'),
    ]);
    // A 504 after the service applied it: back to pending, to be sent again.
    outbox.claim([tried!], 'req-1', 'updateManifest');
    outbox.settle([{ id: tried!, state: 'pending', error: { kind: 'server', status: 504, message: 'm', at: 1 } }]);
    // A batch refused whole waits, pending, between the requests of its split.
    outbox.claim([split!], 'req-2', 'updateManifest');
    outbox.settle([{ id: split!, state: 'pending', error: { kind: 'validation', status: 422, message: 'm', at: 1 } }]);
    expect(outbox.cancel(tried!)).toBe(false);
    expect(outbox.undoMany([tried!, split!, fresh!]).cancelled).toEqual([fresh]);
    expect([tried, split, fresh].map((id) => outbox.get(id!)?.state)).toEqual(['pending', 'pending', 'cancelled']);
  });

  it('keeps the record of an uncertain attempt after the entry is sent again', () => {
    const a = outbox.enqueue(webhook(1));
    outbox.claim([a], 'r1', 'sendWebhook');
    outbox.settle([{ id: a, state: 'pending', error: { kind: 'network', message: 'refused', at: 1 } }]);
    expect(outbox.get(a)).toMatchObject({ attempts: 1, uncertainAttempts: 0 });
    outbox.claim([a], 'r2', 'sendWebhook');
    outbox.settle([{ id: a, state: 'uncertain', error: { kind: 'server', status: 500, message: 'm', at: 1 } }]);
    expect(outbox.retry(a)).toBe(true);
    outbox.claim([a], 'r3', 'sendWebhook');
    outbox.settle([{ id: a, state: 'failed', error: { kind: 'conflict', status: 409, message: 'm', at: 1 } }]);
    expect(outbox.get(a)).toMatchObject({ state: 'failed', attempts: 3, uncertainAttempts: 1 });
  });

  it('claim takes only pending entries and says which, so a cancelled one is never sent', () => {
    const [a, b, c] = outbox.enqueueMany([wellSet('A1', 'S-0001'), wellSet('A2', 'S-0002'), wellSet('A3', 'S-0003')]);
    expect(outbox.cancel(b!)).toBe(true);
    expect(outbox.claim([a!, b!, c!], 'req-1', 'updateManifest')).toEqual([a, c]);
    expect([a, b, c].map((id) => outbox.get(id!)?.state)).toEqual(['sending', 'cancelled', 'sending']);
    // Nothing left to take: no request is logged for it.
    expect(outbox.claim([b!], 'req-2', 'updateManifest')).toEqual([]);
    const logged = outbox.db.prepare('SELECT id, entries FROM requests ORDER BY id').all();
    expect(logged).toEqual([{ id: 'req-1', entries: 2 }]);
  });

  it('records the request id and attempts on claim, and error details on settle', () => {
    const a = outbox.enqueue(rowUpdate('S-0001', { Status: 'x' }));
    outbox.claim([a], 'req-7', 'updateRowsById');
    outbox.settle(
      [
        {
          id: a,
          state: 'failed',
          error: {
            kind: 'validation',
            status: 422,
            serverMessage: 'Validation error',
            reason: 'rows[0].Status: bad',
            message: 'm',
            at: 1,
          },
        },
      ],
      'req-7',
      'rejected',
    );
    const e = outbox.get(a)!;
    expect(e).toMatchObject({ state: 'failed', attempts: 1, requestId: 'req-7' });
    expect(e.lastError).toMatchObject({
      status: 422,
      serverMessage: 'Validation error',
      reason: 'rows[0].Status: bad',
    });
  });

  it('never drops a failed entry: only discard (explicit) moves it, and retry brings it back', () => {
    const a = outbox.enqueue(webhook(1));
    outbox.claim([a], 'r', 'sendWebhook');
    outbox.settle([{ id: a, state: 'failed', error: { kind: 'validation', message: 'no', at: 1 } }]);
    expect(outbox.cancel(a)).toBe(false);
    expect(outbox.retry(a)).toBe(true);
    expect(outbox.get(a)?.state).toBe('pending');
    outbox.claim([a], 'r2', 'sendWebhook');
    outbox.settle([{ id: a, state: 'uncertain', error: { kind: 'network', message: 'lost', at: 1 } }]);
    expect(outbox.discard(a)?.state).toBe('discarded');
  });

  it('after a crash, idempotent sending entries go back to pending and non-idempotent ones become uncertain', () => {
    const w = outbox.enqueue(wellSet('A1', 'S-0001'));
    const h = outbox.enqueue(webhook(1));
    outbox.claim([w], 'r1', 'updateManifest');
    outbox.claim([h], 'r2', 'sendWebhook');
    outbox.close();
    outbox = createOutbox({ path: file, now: clock.now });
    expect(outbox.recoverInterrupted()).toEqual({ requeued: 1, uncertain: 1 });
    expect(outbox.get(w)?.state).toBe('pending');
    expect(outbox.get(h)?.state).toBe('uncertain');
    expect(outbox.get(h)?.requestId).toBe('r2');
  });

  it('lists the oldest pending target first and its head in order', () => {
    const a = outbox.enqueue(rowUpdate('S-0001', { Status: 'a' }));
    outbox.enqueue(wellSet('A1', 'S-0001'));
    const c = outbox.enqueue(rowUpdate('S-0002', { Status: 'c' }));
    const [first] = outbox.oldestPendingTargets(1);
    expect(outbox.pendingHead(first!, 10).map((e) => e.id)).toEqual([a, c]);
  });

  it('counts entries by state', () => {
    outbox.enqueue(wellSet('A1', 'S-0001'));
    const b = outbox.enqueue(wellSet('A2', 'S-0002'));
    outbox.claim([b], 'r', 'updateManifest');
    outbox.settle([{ id: b, state: 'done' }]);
    expect(outbox.counts()).toEqual({
      pending: 1,
      sending: 0,
      failed: 0,
      failedAs: { held: 0, refused: 0, failed: 0, superseded: 0, uncertain: 0 },
      uncertain: 0,
      done: 1,
      elsewhere: 0,
    });
  });

  it('binds each entry to the service in use when it was queued, and offers only those of the current one', () => {
    let current = 'real';
    const bound = createOutbox({ path: path.join(t.dir, 'bound.db'), now: clock.now, service: () => current });
    try {
      const real = bound.enqueue(wellSet('A1', 'S-0001'));
      current = 'sandbox';
      const demo = bound.enqueue(wellSet('A2', 'S-0002'));
      expect(bound.get(real)?.service).toBe('real');
      expect(bound.get(demo)?.service).toBe('sandbox');
      // Same plate, two services: only the current service's entry is offered or can be claimed.
      expect(bound.pendingHead(bound.oldestPendingTargets(5)[0]!, 10).map((e) => e.id)).toEqual([demo]);
      expect(bound.claim([real, demo], 'r', 'updateManifest')).toEqual([demo]);
      expect(bound.counts()).toMatchObject({ pending: 0, sending: 1, elsewhere: 1 });
      expect(bound.waitingElsewhere()).toEqual([elsewhere('real', { waiting: 1, discardable: 1 })]);
      // The current service's entries are never discarded this way; another's are, all of them.
      expect(bound.discardWaiting('sandbox')).toEqual([]);
      expect(bound.discardWaiting('real')).toEqual([real]);
      expect(bound.get(real)?.state).toBe('discarded');
      expect(bound.waitingElsewhere()).toEqual([]);
    } finally {
      bound.close();
    }
  });

  it('counts for "discard them" exactly what it discards: an entry in flight is counted apart and left alone', () => {
    let current = 'real';
    const bound = createOutbox({ path: path.join(t.dir, 'bound.db'), now: clock.now, service: () => current });
    try {
      const [waiting, failing, flying] = bound.enqueueMany([
        wellSet('A1', 'S-0001'),
        rowUpdate('S-0002', { Status: 'b' }),
        webhook(3),
      ]);
      bound.claim([failing!], 'r-1', 'updateRowsById');
      bound.settle([{ id: failing!, state: 'failed', error: { kind: 'validation', message: 'x', at: 0 } }]);
      // Sent while 'real' was in use, and still on its way when the user switched.
      bound.claim([flying!], 'r-2', 'webhookCustom');
      current = 'sandbox';

      const [w] = bound.waitingElsewhere();
      expect(w).toEqual(elsewhere('real', { waiting: 2, refused: 1, discardable: 2, sending: 1 }));
      const gone = bound.discardWaiting('real');
      expect(gone).toEqual([waiting, failing]);
      expect(gone).toHaveLength(w!.discardable);
      expect(bound.get(flying!)?.state).toBe('sending');
      expect(bound.waitingElsewhere()).toEqual([elsewhere('real', { waiting: 1, sending: 1 })]);
      // Its answer lost: now it is the user's to discard, and counted so.
      bound.settle([{ id: flying!, state: 'uncertain', error: { kind: 'network', message: 'x', at: 0 } }]);
      expect(bound.waitingElsewhere()).toEqual([elsewhere('real', { uncertain: 1, discardable: 1 })]);
      expect(bound.discardWaiting('real')).toEqual([flying]);
    } finally {
      bound.close();
    }
  });

  it('lists the newest entries in a state newest first, however many older ones are kept', () => {
    const ids = Array.from({ length: 5 }, (_, i) => outbox.enqueue(wellSet(`A${i + 1}`, `S-000${i}`)));
    outbox.claim(ids, 'r-all', 'updateManifest');
    outbox.settle(ids.map((id) => ({ id, state: 'done' as const })));
    expect(outbox.list('done', { inUse: true, newest: true, limit: 2 }).map((e) => e.id)).toEqual([ids[4], ids[3]]);
    expect(outbox.list('done', { limit: 2 }).map((e) => e.id)).toEqual([ids[0], ids[1]]);
  });

  it('prunes only old done entries and their request log; failed ones stay', () => {
    const a = outbox.enqueue(wellSet('A1', 'S-0001'));
    const b = outbox.enqueue(wellSet('A2', 'S-0002'));
    outbox.claim([a, b], 'r-old', 'updateManifest');
    outbox.settle([
      { id: a, state: 'done' },
      { id: b, state: 'failed', error: { kind: 'validation', message: 'x', at: 0 } },
    ]);
    clock.advance(10_000);
    expect(outbox.pruneFinished(5_000)).toEqual({ done: 1, cancelled: 0, discarded: 0 });
    expect(outbox.get(a)).toBeNull();
    expect(outbox.get(b)?.state).toBe('failed');
  });

  it('emits state changes for the UI', () => {
    const seen: string[] = [];
    outbox.events.on('changed', (cs) => cs.forEach((c) => seen.push(`${c.id}:${c.state}`)));
    const a = outbox.enqueue(wellSet('A1', 'S-0001'));
    outbox.cancel(a);
    expect(seen).toEqual([`${a}:cancelled`]);
  });

  // A failed one stands too, until retried or discarded: the plate draws it as main's mayHaveArrived says
  // (refused: the "!" of a tube not put there). On the old code a failed move was not on the plate at all.
  it("answers a location's standing assignments: not cancelled, not moved on since; failed ones too", () => {
    const kept = outbox.enqueue(assign('TB1', 'A1'));
    const refused = outbox.enqueue(assign('TB2', 'A2'));
    outbox.settle([{ id: refused, state: 'failed', error: { kind: 'conflict', message: 'taken', at: 1 } }]);
    const cancelled = outbox.enqueue(assign('TB3', 'A3'));
    outbox.cancel(cancelled);
    const movedAway = outbox.enqueue(assign('TB4', 'A4'));
    outbox.enqueue(assign('TB4', 'C1', 'OTHER-BOX'));
    const done = outbox.enqueue(assign('TB5', 'A5'));
    outbox.settle([{ id: done, state: 'done' }]);
    // A move refused by the service did not move the tube.
    const stays = outbox.enqueue(assign('TB6', 'A6'));
    const failedMove = outbox.enqueue(assign('TB6', 'C2', 'OTHER-BOX'));
    outbox.settle([{ id: failedMove, state: 'failed', error: { kind: 'conflict', message: 'taken', at: 1 } }]);
    // Within the box: the later position is where the tube is.
    outbox.enqueue(assign('TB7', 'A7'));
    const later = outbox.enqueue(assign('TB7', 'A8'));

    expect(outbox.standingAssignments('BOX').map((e) => e.id)).toEqual([kept, refused, done, stays, later]);
    expect(movedAway).toBeLessThan(later);
    const plan = outbox.db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT id FROM entries WHERE type = 'location-assign' AND json_extract(payload, '$.locationId') = ?`,
      )
      .all('BOX') as { detail: string }[];
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/entries_assign_location/);
  });

  it('a tube moved on under another of its names (given by the caller) no longer stands where it was', () => {
    const names = (_labsheet: string, id: string) => (id === 'TB1' || id === 'S-1' ? ['S-1', 'TB1'] : [id]);
    const movedAway = outbox.enqueue(assign('TB1', 'A1'));
    outbox.enqueue(assign('S-1', 'C1', 'OTHER-BOX'));
    const kept = outbox.enqueue(assign('TB2', 'A2'));
    // Without the names, only the text queued is known: the move under S-1 is another tube's.
    expect(outbox.standingAssignments('BOX').map((e) => e.id)).toEqual([movedAway, kept]);
    expect(outbox.standingAssignments('BOX', names).map((e) => e.id)).toEqual([kept]);
  });

  // Opening a box asks this of every tube in it: asked one tube at a time, a 26x48 box ran 1,249
  // statements, each reading every later entry of the service (~0.4 s before the box was drawn).
  it("reads a box's standing assignments in as many statements for 40 tubes as for 2, finding each name by index", () => {
    const names = (_labsheet: string, id: string) => [id.replace('TB', 'S-'), id];
    const fill = (box: string, tubes: number) =>
      outbox.enqueueMany(Array.from({ length: tubes }, (_, i) => assign(`TB${box}-${i}`, `A${i + 1}`, box)));
    fill('SMALL', 2);
    const big = fill('BIG', 40);
    // The first half moved on since under their sample IDs.
    outbox.enqueueMany(Array.from({ length: 20 }, (_, i) => assign(`S-BIG-${i}`, `B${i + 1}`, 'OTHER-BOX')));
    const statement = Object.getPrototypeOf(outbox.db.prepare('SELECT 1')) as Record<string, () => unknown>;
    const spies = (['get', 'all', 'iterate', 'run'] as const).map((m) => vi.spyOn(statement, m));
    const statementsRun = (read: () => unknown) => {
      spies.forEach((s) => s.mockClear());
      read();
      return spies.reduce((n, s) => n + s.mock.calls.length, 0);
    };
    try {
      const small = statementsRun(() => expect(outbox.standingAssignments('SMALL', names)).toHaveLength(2));
      const large = statementsRun(() =>
        expect(outbox.standingAssignments('BIG', names).map((e) => e.id)).toEqual(big.slice(20)),
      );
      expect(large).toBe(small);
      expect(large).toBeLessThanOrEqual(2);
    } finally {
      spies.forEach((s) => s.mockRestore());
    }
    const plan = outbox.db
      .prepare(`EXPLAIN QUERY PLAN ${prepareStatements(outbox.db).assignedLater.source}`)
      .all('[]', '') as { detail: string }[];
    expect(plan.map((p) => p.detail).join('; ')).toMatch(/SEARCH l EXISTS USING INDEX entries_assign_id/);
  });
});
