/**
 * The whole queue's wait on each waiting entry, against the lane's own: the one that decides when the
 * entry goes is the one said. A real outbox on disk; the holds are the sync engine's values.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { waitReasons, type WaitLine } from '../../../../main/ipc/bridges/wait-reason.js';
import type { Outbox } from '../../../../main/outbox/index.js';
import type { LaneHold, QueueHold } from '../../../../main/sync/index.js';
import { attach, fakeNow, needsFile, rowUpdate, upload } from '../outbox/helpers.js';
import { outboxPerTest } from '../sync/outbox-per-test.js';

describe('a waiting entry says the queue-wide wait', () => {
  const clock = fakeNow();
  const files = outboxPerTest(clock.now);
  let outbox: Outbox;
  beforeEach(() => {
    outbox = files.outbox;
  });

  const at = (h: number, m: number) => new Date(2026, 10, 25, h, m).getTime();
  const serverError = { kind: 'server', status: 503, message: 'Service Unavailable', at: 0 };
  function lineOf(queue: QueueHold | null, lane: LaneHold | null = null): WaitLine | null {
    const id = outbox.enqueue(rowUpdate('S-0001', { Status: 'a' }));
    const entry = outbox.list('pending').find((e) => e.id === id)!;
    return waitReasons(outbox, undefined, () => lane, queue)(entry);
  }
  const said = (queue: QueueHold | null, lane: LaneHold | null = null): string | null =>
    lineOf(queue, lane)?.said ?? null;

  it('offline, with the time it went so, or without when it is not known', () => {
    expect(said({ kind: 'offline', since: at(20, 1) })).toBe(
      'Waiting: the service is unreachable (offline since 20:01); sent when it answers.',
    );
    expect(said({ kind: 'offline', since: null })).toBe('Waiting: the service is unreachable; sent when it answers.');
  });

  it("offline since another day says that day: a Monday's bench read Friday's 17:05 as this afternoon", () => {
    const monday = new Date(2026, 10, 30, 8, 10).getTime();
    const offline = (since: number) => said({ kind: 'offline', since, now: monday });
    expect(offline(new Date(2026, 10, 30, 7, 55).getTime())).toContain('(offline since 07:55)');
    expect(offline(new Date(2026, 10, 29, 17, 5).getTime())).toContain('(offline since yesterday 17:05)');
    expect(offline(new Date(2026, 10, 27, 17, 5).getTime())).toContain('(offline since 27 Nov 17:05)');
    expect(offline(new Date(2025, 11, 31, 23, 0).getTime())).toContain('(offline since 31 Dec 2025 23:00)');
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
      'Waiting: the service asked to slow down (429); retrying at 20:03; press Sync now to try at once.',
    );
    // Offline, a lane's retry time means nothing: the queue goes when the service answers.
    expect(said({ kind: 'offline', since: at(20, 1) }, { until: at(20, 9), reason: serverError })).toMatch(
      /^Waiting: the service is unreachable/,
    );
  });

  it('nothing is said when nothing holds the queue or the lane', () => {
    expect(said(null)).toBeNull();
  });

  /**
   * A line that says when the entry goes again is out of date from then on: it carries that time, for the
   * Outbox to read its list again then. On the old code the line was words alone, and the Outbox showed
   * "Retrying at 20:09" at 20:30 until something in the queue changed.
   */
  it('a line that names the time the entry goes again carries that time; one that names none, none', () => {
    const reason = { kind: 'network', message: 'No answer.', at: 0 };
    expect(lineOf({ kind: 'retrying', until: at(20, 3), reason })?.until).toBe(at(20, 3));
    expect(lineOf({ kind: 'slow-down', until: at(20, 3) })?.until).toBe(at(20, 3));
    expect(lineOf(null, { until: at(20, 9), reason: serverError })?.until).toBe(at(20, 9));
    expect(lineOf({ kind: 'offline', since: at(20, 1) })?.until).toBeNull();
    expect(lineOf({ kind: 'token-refused' })?.until).toBeNull();
  });
});

describe('well changes and moves of one plate in the Outbox listing', () => {
  const clock = fakeNow();
  const files = outboxPerTest(clock.now);
  let outbox: Outbox;
  beforeEach(() => {
    outbox = files.outbox;
  });
  const removal = (position: string) =>
    outbox.enqueue({ type: 'well-remove', manifest: { uuid: 'plate-1' }, position, fields: ['SAMPLE'] });
  /** Queues a move of tube `id` to `locationId` (at `position`, when given). */
  const moveTube = (id: string, locationId: string, position?: string) =>
    outbox.enqueue({
      type: 'location-assign',
      labsheet: 'Samples',
      locationId,
      idType: 'ID',
      id,
      ...(position === undefined ? {} : { position }),
    });
  /** What the Outbox listing says each of these pending entries waits for (null: nothing), read in one listing. */
  const reasonsOf = (ids: number[], source: Outbox = outbox) => {
    const reason = waitReasons(source);
    const listed = new Map(outbox.list('pending').map((e) => [e.id, e]));
    return ids.map((id) => reason(listed.get(id)!)?.said ?? null);
  };

  it('a change waiting for a move the service failed says when that move goes again', () => {
    const moved = moveTube('S-0002', 'plate-1', 'A5');
    const removed = removal('A5');
    const moveLane = outbox.get(moved)!.target;
    const hold: LaneHold = {
      until: new Date(2026, 10, 25, 20, 9).getTime(),
      reason: { kind: 'server', status: 503, message: 'Service Unavailable', at: 0 },
    };
    const lineOf = (lane: LaneHold | null) =>
      waitReasons(outbox, undefined, (t) => (t === moveLane ? lane : null))(
        outbox.list('pending').find((e) => e.id === removed)!,
      );
    const reasonOf = (lane: LaneHold | null) => lineOf(lane)?.said;
    // Said with the time the move goes again, and out of date then.
    expect(lineOf(hold)?.until).toBe(hold.until);
    expect(lineOf(null)?.until).toBeNull();
    expect(reasonOf(hold)).toMatch(
      new RegExp(
        `^Waiting for #${moved} .*so this goes right after it\\. #${moved} itself: Retrying at 20:09 ` +
          '\\(the service answered 503 Service Unavailable\\); press Sync now to try at once\\.$',
      ),
    );
    // Not held: only what it waits for.
    expect(reasonOf(null)).toMatch(/so this goes right after it\.$/);
  });

  describe('a move into a plate waiting for an older change to its well', () => {
    const move = (position: string) => moveTube('S-0002', 'plate-1', position);
    const reasonOf = (id: number) =>
      waitReasons(outbox)(outbox.list('pending').find((e) => e.id === id)!)?.said ?? null;
    /** A removal from a well of plate-1, as a version that no longer reads it finds it (no position). */
    const damagedRemoval = (position: string) => {
      const id = removal(position);
      outbox.db
        .prepare(`UPDATE entries SET payload = ? WHERE id = ?`)
        .run(JSON.stringify({ type: 'well-remove', manifest: { uuid: 'plate-1' } }), id);
      return id;
    };

    it('names the change, and one change of the plate this version cannot read fails nothing', () => {
      damagedRemoval('B1');
      const change = removal('A5');
      // First in its lane, so its own line is read (one behind the move into A5 would wait behind that one).
      const free = move('C3');
      const moved = move('A5');
      expect(reasonOf(moved)).toMatch(
        new RegExp(`^Waiting for #${change} \\(.*\\), a change to this well made before this move on Well fill`),
      );
      expect(reasonOf(free)).toBeNull();
    });

    it('a lane holding a change this version cannot read is still listed, each line read', () => {
      const damaged = damagedRemoval('B1');
      const change = removal('A5');
      const moved = move('A5');
      // The plate's lane is read as the engine reads it, which throws on the damaged change: read as before.
      const said = waitReasons(outbox);
      const lines = outbox.list('pending').map((e) => [e.id, said(e)?.said ?? null]);
      expect(lines.map(([id]) => id)).toEqual([damaged, change, moved]);
      expect(lines[2]![1]).toMatch(new RegExp(`^Waiting for #${change} `));
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

  describe("entries behind their lane's first, which waits for an entry of another lane, say what it waits for", () => {
    it("a plate's changes behind a change waiting for an older move into its well name that move", () => {
      const moved = moveTube('S-0031', 'plate-1', 'A5');
      const change = removal('A5');
      const later = [removal('B1'), removal('B2')];
      const [first, ...behind] = reasonsOf([change, ...later]);
      expect(first).toMatch(
        new RegExp(`^Waiting for #${moved} \\(S-0031 → .*A5.*\\), a move of a tube into this well`),
      );
      for (const said of behind) {
        expect(said).toBe(
          `Waiting behind #${change} (plate-1 A5: remove sample): changes to a plate's wells go in the order they ` +
            `were queued, and #${change} is waiting for ${first!.slice('Waiting for '.length)}`,
        );
      }
    });

    it('moves behind a move waiting for an older move of its tube name that move; before it, nothing', () => {
      const older = moveTube('S-0031', 'box-1');
      const free = moveTube('S-0040', 'plate-1', 'A1');
      const waits = moveTube('S-0031', 'plate-1', 'A5');
      const behind = moveTube('S-0041', 'plate-1', 'A6');
      // The first entry of plate-1's moves goes: the one after it waits, and the one after that behind it.
      expect(reasonsOf([free])).toEqual([null]);
      outbox.settle([{ id: free, state: 'done' }]);
      const [own, after] = reasonsOf([waits, behind]);
      expect(own).toMatch(new RegExp(`^Waiting for #${older} \\(S-0031 → box-1.*\\), an older move of the same tube`));
      expect(after).toMatch(
        new RegExp(
          `^Waiting behind #${waits} \\(S-0031 → plate-1 A5 \\(by sample ID\\)\\): moves into the same place go in the order ` +
            `they were queued, and #${waits} is waiting for #${older} \\(S-0031 → box-1`,
        ),
      );
    });

    it("the first's reason is read once per listing, not once per entry behind it", () => {
      moveTube('S-0031', 'plate-1', 'A5');
      removal('A5');
      const later = Array.from({ length: 40 }, (_, i) => removal(`C${i + 1}`));
      let asked = 0;
      const counting = new Proxy(outbox, {
        get(target, key, receiver) {
          const v: unknown = Reflect.get(target, key, receiver);
          if (key !== 'pendingAssignmentsInto' || typeof v !== 'function') return v;
          return (...args: unknown[]) => {
            asked++;
            return (v as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      });
      const said = reasonsOf(later, counting);
      expect(said.every((s) => s?.startsWith('Waiting behind #'))).toBe(true);
      expect(asked).toBe(1);
    });
  });

  describe('entries behind a waiting entry in the middle of their lane say what holds them', () => {
    const waitingFor = (said: string | null | undefined) => said!.slice('Waiting for '.length);

    it("a plate's changes after one waiting for a move into its well, its first free: behind that one", () => {
      const free = removal('B1');
      const moved = moveTube('S-0031', 'plate-1', 'A5');
      const held = removal('A5');
      const later = [removal('B2'), removal('B3')];
      const [first, own, ...behind] = reasonsOf([free, held, ...later]);
      expect(first).toBeNull();
      expect(own).toMatch(new RegExp(`^Waiting for #${moved} \\(S-0031 → .*A5.*\\), a move of a tube into this well`));
      for (const said of behind)
        expect(said).toBe(
          `Waiting behind #${held} (plate-1 A5: remove sample): changes to a plate's wells go in the order they ` +
            `were queued, and #${held} is waiting for ${waitingFor(own)}`,
        );
    });

    it('moves after one waiting for an older move of its tube, the first of their place free: behind that one', () => {
      const older = moveTube('S-0031', 'box-1');
      const free = moveTube('S-0040', 'plate-1', 'A1');
      const waits = moveTube('S-0031', 'plate-1', 'A5');
      const behind = moveTube('S-0041', 'plate-1', 'A6');
      const [first, own, after] = reasonsOf([free, waits, behind]);
      expect(first).toBeNull();
      expect(own).toMatch(new RegExp(`^Waiting for #${older} \\(S-0031 → box-1.*\\), an older move of the same tube`));
      expect(after).toBe(
        `Waiting behind #${waits} (S-0031 → plate-1 A5 (by sample ID)): moves into the same place go in the order they were ` +
          `queued, and #${waits} is waiting for ${waitingFor(own)}`,
      );
    });

    it('moves after one waiting for a change held for a look name that one, and that it needs a look', () => {
      const change = removal('A5');
      outbox.settle([
        { id: change, state: 'failed', error: { kind: 'plate-changed', message: 'The plate changed.', at: 0 } },
      ]);
      const free = moveTube('S-0040', 'plate-1', 'A1');
      const waits = moveTube('S-0031', 'plate-1', 'A5');
      const behind = moveTube('S-0041', 'plate-1', 'A6');
      const [first, own, after] = reasonsOf([free, waits, behind]);
      expect(first).toBeNull();
      expect(own).toMatch(new RegExp(`^Waiting for #${change} .*which needs a look`));
      expect(after).toBe(
        `Waiting behind #${waits} (S-0031 → plate-1 A5 (by sample ID)): moves into the same place go in the order they were ` +
          `queued, and #${waits} is waiting for ${waitingFor(own)}`,
      );
    });

    it('the rules are read once per lane per listing, not once per entry', () => {
      removal('B1');
      moveTube('S-0031', 'plate-1', 'A5');
      const ids = [removal('A5'), ...Array.from({ length: 40 }, (_, i) => removal(`C${i + 1}`))];
      let asked = 0;
      const counting = new Proxy(outbox, {
        get(target, key, receiver) {
          const v: unknown = Reflect.get(target, key, receiver);
          if (key !== 'pendingAssignmentsInto' || typeof v !== 'function') return v;
          return (...args: unknown[]) => {
            asked++;
            return (v as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      });
      const said = reasonsOf(ids, counting);
      expect(asked).toBe(1);
      expect(said.slice(1).every((s) => s?.startsWith(`Waiting behind #${ids[0]} `))).toBe(true);
    });
  });
});

/**
 * An entry waiting for one that failed is told what lets it go in the words of that one's row. Main fails
 * what waits along with it, so this is a row a crash or an older version left pending: stored as it is
 * here. On the old code every failed one read "failed: retry or discard", where the row of one held for a
 * look offers "Send anyway", and the row of one that may have arrived "It arrived" / "Send again".
 */
describe('an entry waiting for one that failed', () => {
  const clock = fakeNow();
  const files = outboxPerTest(clock.now);
  /** A picture for its own page (its own lane) waiting for an upload that failed with `kind` after `attempts` tries. */
  const waitingOn = (kind: string, attempts: number): string | null => {
    const outbox = files.outbox;
    const [u, a] = outbox.enqueueMany([upload('plate.png'), attach(`EXP-${kind}`)], {
      dependencies: [{ entry: 1, after: 0, supplies: needsFile }],
    });
    outbox.db
      .prepare(`UPDATE entries SET state = 'failed', attempts = ?, last_error = ? WHERE id = ?`)
      .run(attempts, JSON.stringify({ kind, message: `${kind} here.`, at: 0 }), u!);
    return waitReasons(outbox)(outbox.list('pending').find((e) => e.id === a)!)?.said ?? null;
  };

  it('says the choices of the row it waits for', () => {
    expect(waitingOn('gave-up', 8)).toMatch(
      /which failed, but may be on the service all the same .*"It arrived" on #1; if not, "Send again"\.$/,
    );
    expect(waitingOn('plate-changed', 0)).toMatch(
      /which needs a look: .*"Send anyway" on #3 to send it, and this goes right after it; or "Discard" on #3, and this cannot go either\.$/,
    );
    expect(waitingOn('validation', 1)).toMatch(/which failed: retry or discard #5 \(its reason is on its line\)\.$/);
    expect(waitingOn('superseded', 1)).toMatch(
      /which was set aside for a newer change and will not be sent \(its reason is on its line\), and this cannot go either\.$/,
    );
  });
});
