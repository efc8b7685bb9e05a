import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOutbox, type Outbox } from '../../../../main/outbox/index.js';
import { fakeNow, tempDir, upload, webhook, wellSet } from './helpers.js';

describe('outbox: a batch built on queued entries (a plate record states the plate as queued)', () => {
  let t: ReturnType<typeof tempDir>;
  let outbox: Outbox;
  beforeEach(() => {
    t = tempDir();
    outbox = createOutbox({ path: path.join(t.dir, 'o.db'), now: fakeNow().now });
  });
  afterEach(() => {
    outbox.close();
    t.cleanup();
  });

  const refuse = (id: number, message: string) => {
    outbox.claim([id], `r${id}`, 'manifestUpdate');
    outbox.settle([{ id, state: 'failed', error: { kind: 'rejected', message, at: 1 } }]);
  };

  it('is offered only once every entry it is built on is done', () => {
    const w1 = outbox.enqueue(wellSet('A1', 'S-1'));
    const w2 = outbox.enqueue(wellSet('A2', 'S-2'));
    const [u, h] = outbox.enqueueMany([upload('r.csv'), webhook(1)], { builtOn: [w1, w2] });
    const offered = () => outbox.oldestPendingTargets(10);
    expect(offered()).toEqual([outbox.get(w1)!.target]);
    outbox.claim([w1, w2], 'r1', 'manifestUpdate');
    outbox.settle([{ id: w1, state: 'done' }]);
    expect(offered()).toEqual([]);
    outbox.settle([{ id: w2, state: 'done' }]);
    expect(offered().sort()).toEqual([outbox.get(u!)!.target, outbox.get(h!)!.target].sort());
  });

  it('fails whole, naming the well and the reason, when one of them is refused; no retry sends it', () => {
    const w1 = outbox.enqueue(wellSet('A1', 'S-1'));
    const w2 = outbox.enqueue(wellSet('H12', 'NO-SUCH'));
    const batch = outbox.enqueueMany([upload('r.csv'), webhook(1)], { builtOn: [w1, w2] });
    refuse(w2, 'No sample NO-SUCH in Samples');
    for (const id of batch) {
      const e = outbox.get(id)!;
      expect(e).toMatchObject({ state: 'failed', lastError: { kind: 'built-on-refused' } });
      expect(e.lastError!.message).toContain('well-set H12');
      expect(e.lastError!.message).toContain('No sample NO-SUCH in Samples');
    }
    // Retrying the refused change does not take the batch along, nor can the batch be retried alone.
    expect(outbox.retry(w2)).toBe(true);
    expect(outbox.get(batch[0]!)!.state).toBe('failed');
    expect(outbox.retry(batch[0]!)).toBe(false);
    expect(outbox.oldestPendingTargets(10)).toEqual([outbox.get(w1)!.target]);
  });

  it('fails when one is cancelled (undone) before it was sent', () => {
    const w1 = outbox.enqueue(wellSet('B3', 'S-3'));
    const [u] = outbox.enqueueMany([upload('r.csv')], { builtOn: [w1] });
    expect(outbox.cancel(w1)).toBe(true);
    expect(outbox.get(u!)).toMatchObject({ state: 'failed', lastError: { kind: 'built-on-refused' } });
    expect(outbox.get(u!)!.lastError!.message).toContain('was cancelled');
  });

  it('is refused outright if one of them is already lost; nothing is queued', () => {
    const w1 = outbox.enqueue(wellSet('A1', 'S-1'));
    refuse(w1, 'no');
    expect(() => outbox.enqueueMany([upload('r.csv')], { builtOn: [w1] })).toThrow(/well-set A1\) is failed/);
    expect(outbox.counts().pending).toBe(0);
  });

  it('keeps what it waits for across a restart', () => {
    const w1 = outbox.enqueue(wellSet('A1', 'S-1'));
    outbox.enqueueMany([upload('r.csv')], { builtOn: [w1] });
    outbox.close();
    outbox = createOutbox({ path: path.join(t.dir, 'o.db'), now: fakeNow().now });
    expect(outbox.oldestPendingTargets(10)).toEqual([outbox.get(w1)!.target]);
  });
});
