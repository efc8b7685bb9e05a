import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOutbox, scheduleOutboxPruning, type Outbox } from '../../../../main/outbox/index.js';
import { attach, fakeNow, needsFile, tempDir, upload, wellSet } from './helpers.js';

const DAY = 86_400_000;
const serverError = { kind: 'server', message: 'The service answered 503 five times.', at: 0 };

describe('finished entries are pruned after their keep time, at start and then daily', () => {
  let t: ReturnType<typeof tempDir>;
  let clock: ReturnType<typeof fakeNow>;
  let outbox: Outbox;
  const logged: string[] = [];
  const fieldsOf = new Map<string, Record<string, unknown> | undefined>();
  const log = {
    info: (m: string, f?: Record<string, unknown>) => {
      logged.push(m);
      fieldsOf.set(m, f);
    },
    warn: (m: string) => logged.push(`warn: ${m}`),
  };
  let tick: (() => void) | null = null;
  const timers = { setInterval: (fn: () => void) => (tick = fn), clearInterval: () => (tick = null) };

  beforeEach(() => {
    t = tempDir('prune-');
    clock = fakeNow();
    outbox = createOutbox({ path: path.join(t.dir, 'outbox.db'), now: clock.now });
    logged.length = 0;
    fieldsOf.clear();
  });
  afterEach(() => {
    outbox.close();
    t.cleanup();
  });

  const doneEntry = (position: string) => {
    const id = outbox.enqueue(wellSet(position, `S-${position}`));
    outbox.claim([id], `r-${position}`, 'updateManifest');
    outbox.settle([{ id, state: 'done' }]);
    return id;
  };
  const cancelledEntry = (position: string) => {
    const id = outbox.enqueue(wellSet(position, `S-${position}`));
    expect(outbox.cancel(id)).toBe(true);
    return id;
  };
  /** Refused by the service, then discarded by the user: it was sent, so it has a request logged. */
  const discardedEntry = (position: string) => {
    const id = outbox.enqueue(wellSet(position, `S-${position}`));
    outbox.claim([id], `r-${position}`, 'updateManifest');
    outbox.settle([{ id, state: 'failed', error: { kind: 'validation', message: 'x', at: 0 } }]);
    expect(outbox.discard(id)?.state).toBe('discarded');
    return id;
  };
  const requestIds = () =>
    (outbox.db.prepare('SELECT id FROM requests ORDER BY id').all() as { id: string }[]).map((r) => r.id);

  it('keeps recent history and everything not yet done; removes old done entries on the daily run', () => {
    const old = doneEntry('A1');
    const failed = outbox.enqueue(wellSet('A2', 'S-0002'));
    outbox.claim([failed], 'r-f', 'updateManifest');
    outbox.settle([{ id: failed, state: 'failed', error: { kind: 'validation', message: 'x', at: 0 } }]);
    const pending = outbox.enqueue(wellSet('A3', 'S-0003'));
    clock.advance(31 * DAY);
    const recent = doneEntry('A4');

    const stop = scheduleOutboxPruning({ outbox, log, timers, keepMs: 30 * DAY });
    expect(outbox.get(old)).toBeNull();
    expect(outbox.get(recent)?.state).toBe('done');
    expect(outbox.get(failed)?.state).toBe('failed');
    expect(outbox.get(pending)?.state).toBe('pending');
    expect(logged).toEqual(['pruned finished outbox entries']);

    clock.advance(31 * DAY);
    tick?.();
    expect(outbox.get(recent)).toBeNull();
    expect(outbox.get(failed)?.state).toBe('failed');
    stop();
    expect(tick).toBeNull();
  });

  it('cancelled and discarded entries go by the same age as synced ones, with their request log; newer ones stay', () => {
    const oldCancelled = cancelledEntry('B1');
    const oldDiscarded = discardedEntry('B2');
    clock.advance(31 * DAY);
    const recentCancelled = cancelledEntry('B3');
    const recentDiscarded = discardedEntry('B4');
    expect(requestIds()).toEqual(['r-B2', 'r-B4']);

    scheduleOutboxPruning({ outbox, log, timers, keepMs: 30 * DAY })();
    expect(outbox.get(oldCancelled)).toBeNull();
    expect(outbox.get(oldDiscarded)).toBeNull();
    expect(outbox.get(recentCancelled)?.state).toBe('cancelled');
    expect(outbox.get(recentDiscarded)?.state).toBe('discarded');
    expect(requestIds()).toEqual(['r-B4']);
    expect(logged).toEqual(['pruned finished outbox entries']);
    expect(fieldsOf.get('pruned finished outbox entries')).toEqual({
      synced: 0,
      cancelled: 1,
      discarded: 1,
      olderThanDays: 30,
    });
  });

  it('a finished entry an open entry depends on or was built on stays until that one is finished too', () => {
    // An upload the service kept refusing, discarded; the attach-image that needed its file failed along.
    const [u, a] = outbox.enqueueMany([upload('plate.png'), attach('EXP-1')], {
      dependencies: [{ entry: 1, after: 0, supplies: needsFile }],
    });
    outbox.claim([u!], 'r-u', 'storeAndEmbedFiles');
    outbox.settle([{ id: u!, state: 'failed', error: serverError }]);
    expect(outbox.get(a!)?.state).toBe('failed');
    expect(outbox.discard(u!)?.state).toBe('discarded');
    // A plate record built on a synced well change; the record's upload failed and waits for a retry.
    const w = doneEntry('C1');
    const [r] = outbox.enqueueMany([upload('record.csv')], { builtOn: [w] });
    outbox.claim([r!], 'r-r', 'storeAndEmbedFiles');
    outbox.settle([{ id: r!, state: 'failed', error: serverError }]);
    const unrelated = cancelledEntry('C2');
    clock.advance(31 * DAY);

    const stop = scheduleOutboxPruning({ outbox, log, timers, keepMs: 30 * DAY });
    expect(outbox.get(unrelated)).toBeNull();
    expect(outbox.get(u!)?.state).toBe('discarded');
    expect(outbox.get(w)?.state).toBe('done');
    // Still told apart: the attach-image cannot go without its upload, the record can go again.
    expect(outbox.retry(a!)).toBe(false);
    expect(outbox.get(a!)?.state).toBe('failed');
    expect(outbox.retry(r!)).toBe(true);

    // Once nothing open names them, they are history like any other.
    expect(outbox.discard(a!)?.state).toBe('discarded');
    outbox.claim([r!], 'r-r2', 'storeAndEmbedFiles');
    outbox.settle([{ id: r!, state: 'done', result: { fileId: 'F-1' } }]);
    clock.advance(31 * DAY);
    tick?.();
    expect([u!, a!, w, r!].map((id) => outbox.get(id))).toEqual([null, null, null, null]);
    stop();
  });

  it('a prune that fails is logged and retried on the next run, never thrown', () => {
    let calls = 0;
    const broken = {
      pruneFinished: () => {
        calls++;
        throw new Error('attempt to write a readonly database');
      },
    };
    const stop = scheduleOutboxPruning({ outbox: broken, log, timers });
    tick?.();
    expect(calls).toBe(2);
    expect(logged).toEqual([
      'warn: could not prune finished outbox entries',
      'warn: could not prune finished outbox entries',
    ]);
    stop();
  });
});
