import { describe, expect, it } from 'vitest';
import type { AnswerOptions } from '../../../main/sandbox/answers/profiles.js';
import type { CellValue } from '../../../shared/api/primitives.js';
import { serverRow, stackPerTest, VARIED, type Stack } from './stack.js';

/**
 * A batch the service refuses as a whole because every element of it is wrong the same way (a field
 * name misspelt on every tube of a Row update batch): the old engine split it down to single rows with
 * no pause, 399 requests for 200 tubes in two seconds. Where the refusal gives its reason (the sandbox's
 * own words), one element alone shows the refusal is its own, and the elements making the same change
 * fail with it unsent. Where it gives only the spec's bare message ("Validation error", "Not found"),
 * which reads the same for any element, the batch is split as before: a row refused for its own cause
 * never takes good rows down with it unsent. The real outbox, sync engine and sandbox.
 */
const updates = (s: Stack) => s.proxy.requests.filter((r) => r.path === '/labsheets/update-rows-by-id').length;
const ids = (n: number, from = 1) => Array.from({ length: n }, (_, k) => `S-${String(k + from).padStart(4, '0')}`);
const change = (s: Stack, id: string, changes: Record<string, CellValue>) =>
  s.outbox.enqueue({ type: 'row-update', labsheet: 'Samples', idColumn: 'Sample ID', id, changes });

/** Queued while the service is out of reach, so the engine meets them all in one batch. */
async function queuedOffline(s: Stack, make: () => number[]): Promise<number[]> {
  s.proxy.setFaults([{ fault: { kind: 'reset-before' } }]);
  const queued = make();
  await s.engine.syncNow();
  s.proxy.setFaults([]);
  return queued;
}

describe("a batch refused alike, with the reason the refusal gives (the sandbox's own answers)", () => {
  const { stack: s } = stackPerTest('refused-alike-extended-', { profile: 'extended' });

  it('200 tubes with a misspelt field: a few requests, every one failed with the same refusal', async () => {
    const queued = await queuedOffline(s, () => ids(200).map((id) => change(s, id, { Stauts: 'received' })));
    const before = updates(s);
    await s.engine.syncNow();

    // The whole, then its parts, then one alone: on the old code 399 requests.
    expect(updates(s) - before).toBeLessThanOrEqual(4);
    const failed = queued.map((id) => s.outbox.get(id)!);
    expect(failed.every((e) => e.state === 'failed')).toBe(true);
    expect(new Set(failed.map((e) => `${e.lastError?.kind} ${e.lastError?.status}`))).toEqual(
      new Set(['validation 422']),
    );
  });
});

for (const [name, answers] of [
  ['spec', { profile: 'spec' }],
  ['varied', VARIED],
  ['extended', { profile: 'extended' }],
] as [string, AnswerOptions][]) {
  describe(`a batch with refused elements (${name} answers)`, () => {
    const { stack: s } = stackPerTest(`refused-alike-${name}-`, answers);

    it('200 tubes with a misspelt field: every one fails, in at most a request per split', async () => {
      const queued = await queuedOffline(s, () => ids(200).map((id) => change(s, id, { Stauts: 'received' })));
      const before = updates(s);
      await s.engine.syncNow();

      expect(updates(s) - before).toBeLessThanOrEqual(2 * 200 - 1);
      expect(queued.map((id) => s.outbox.get(id)!.state).every((x) => x === 'failed')).toBe(true);
    });

    it('good rows among the refused ones still go, and only the refused ones fail', async () => {
      const queued = await queuedOffline(s, () =>
        ids(100).flatMap((id, k) => [
          change(s, id, { Stauts: 'received' }),
          change(s, ids(1, 101 + k)[0]!, { Notes: 'kept' }),
        ]),
      );
      await s.engine.syncNow();

      const states = queued.map((id) => s.outbox.get(id)!.state);
      expect(states.filter((_, k) => k % 2 === 0).every((x) => x === 'failed')).toBe(true);
      expect(states.filter((_, k) => k % 2 === 1).every((x) => x === 'done')).toBe(true);
      expect(serverRow(s.sandbox, 'Samples', 'S-0150')?.byName['Notes']).toBe('kept');
    });
  });
}
