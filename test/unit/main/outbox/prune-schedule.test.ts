import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOutbox, scheduleDonePruning, type Outbox } from '../../../../main/outbox/index.js';
import { fakeNow, tempDir, wellSet } from './helpers.js';

const DAY = 86_400_000;

describe('synced entries are pruned after their keep time, at start and then daily', () => {
  let t: ReturnType<typeof tempDir>;
  let clock: ReturnType<typeof fakeNow>;
  let outbox: Outbox;
  const logged: string[] = [];
  const log = { info: (m: string) => logged.push(m), warn: (m: string) => logged.push(`warn: ${m}`) };
  let tick: (() => void) | null = null;
  const timers = { setInterval: (fn: () => void) => (tick = fn), clearInterval: () => (tick = null) };

  beforeEach(() => {
    t = tempDir('prune-');
    clock = fakeNow();
    outbox = createOutbox({ path: path.join(t.dir, 'outbox.db'), now: clock.now });
    logged.length = 0;
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

  it('keeps recent history and everything not yet done; removes old done entries on the daily run', () => {
    const old = doneEntry('A1');
    const failed = outbox.enqueue(wellSet('A2', 'S-0002'));
    outbox.claim([failed], 'r-f', 'updateManifest');
    outbox.settle([{ id: failed, state: 'failed', error: { kind: 'validation', message: 'x', at: 0 } }]);
    const pending = outbox.enqueue(wellSet('A3', 'S-0003'));
    clock.advance(31 * DAY);
    const recent = doneEntry('A4');

    const stop = scheduleDonePruning({ outbox, log, timers, keepMs: 30 * DAY });
    expect(outbox.get(old)).toBeNull();
    expect(outbox.get(recent)?.state).toBe('done');
    expect(outbox.get(failed)?.state).toBe('failed');
    expect(outbox.get(pending)?.state).toBe('pending');
    expect(logged).toEqual(['pruned synced outbox entries']);

    clock.advance(31 * DAY);
    tick?.();
    expect(outbox.get(recent)).toBeNull();
    expect(outbox.get(failed)?.state).toBe('failed');
    stop();
    expect(tick).toBeNull();
  });

  it('a prune that fails is logged and retried on the next run, never thrown', () => {
    let calls = 0;
    const broken = {
      pruneDone: () => {
        calls++;
        throw new Error('attempt to write a readonly database');
      },
    };
    const stop = scheduleDonePruning({ outbox: broken, log, timers });
    tick?.();
    expect(calls).toBe(2);
    expect(logged).toEqual([
      'warn: could not prune synced outbox entries',
      'warn: could not prune synced outbox entries',
    ]);
    stop();
  });
});
