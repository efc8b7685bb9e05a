import { describe, expect, it } from 'vitest';
import type { OutboxCounts } from '../../../../../shared/ipc/channels/outbox.js';
import { shownCounts } from '../../../../../renderer/lib/outbox/shown-counts.js';

const counts = (failedAs: Partial<OutboxCounts['failedAs']>, more: Partial<OutboxCounts> = {}): OutboxCounts => {
  const as = { held: 0, refused: 0, failed: 0, superseded: 0, uncertain: 0, ...failedAs };
  const failed = Object.values(as).reduce((a, b) => a + b, 0);
  return { pending: 0, sending: 0, failed, failedAs: as, uncertain: 0, done: 0, elsewhere: 0, ...more };
};

describe("the queue's counts as the Outbox's line and the sync line say them", () => {
  it('says the usual five always, in the order they are dealt with, unsure ones lost and failed together', () => {
    const said = shownCounts(counts({ refused: 2, uncertain: 1 }, { pending: 3, sending: 1, uncertain: 2 }));
    expect(said.map((c) => [c.state, c.n, c.bad])).toEqual([
      ['pending', 4, false],
      ['held', 0, false],
      ['refused', 2, true],
      ['failed', 0, false],
      ['uncertain', 3, false],
    ]);
  });

  // On the first code of this state the line said "0 set aside" always, and at 1280 px it no longer fit
  // on one line (bad-moments.spec.ts).
  it('says changes set aside only when there are some, in red: only the user moves them on (Discard)', () => {
    const said = shownCounts(counts({ superseded: 2 }));
    expect(said.map((c) => c.state)).toEqual(['pending', 'held', 'refused', 'failed', 'superseded', 'uncertain']);
    expect(said.find((c) => c.state === 'superseded')).toEqual({ state: 'superseded', n: 2, bad: true });
  });
});
