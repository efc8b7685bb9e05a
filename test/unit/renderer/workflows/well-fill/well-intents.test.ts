import { describe, expect, it } from 'vitest';
import {
  changedBy,
  inverseOf,
  partlyUndone,
  readAgainNote,
  reversedInOutbox,
  sampleIntent,
  withoutEntries,
  withoutUndoEntries,
  type ActionStep,
  type WellAction,
} from '../../../../../renderer/workflows/well-fill/well-intents.js';
import { emptyWell } from '../../../../../renderer/lib/plate-map/well-view.js';
import { randInt, seededRandom } from '../../../../helpers/seeded-random.js';

const manifest = { uuid: 'u1' };

describe('undo intents', () => {
  it('undoing a sample placed in an empty well removes the sample and the label it added', () => {
    const before = emptyWell('A1');
    const fwd = sampleIntent(manifest, 'A1', { id: 'S-1', labsheet: 'Samples' }, before);
    expect(fwd.label).toBe('SAMPLE');
    expect(inverseOf(fwd, before, manifest)).toEqual([
      { type: 'well-remove', manifest, position: 'A1', fields: ['SAMPLE', 'LABEL'] },
    ]);
  });
  it('undoing a replacement puts the previous sample back; a control keeps its label', () => {
    const before = { ...emptyWell('H1'), sample: 'S-9', labsheet: 'Samples', label: 'POS_CONTROL' };
    const fwd = sampleIntent(manifest, 'H1', { id: 'S-1', labsheet: 'Samples' }, before);
    expect(fwd.label).toBeUndefined();
    expect(inverseOf(fwd, before, manifest)).toEqual([
      { type: 'well-set', manifest, position: 'H1', sample: { id: 'S-9', labsheet: 'Samples' } },
    ]);
  });
  it('undoing a tube put into a control well without a sample clears the sample and keeps the control', () => {
    const before = { ...emptyWell('H12'), label: 'NEG_CONTROL' };
    const fwd = {
      type: 'well-set' as const,
      manifest,
      position: 'H12',
      sample: { id: 'S-1', labsheet: 'Samples' },
      label: 'NEG_CONTROL' as const,
      tags: [],
    };
    expect(inverseOf(fwd, before, manifest)).toEqual([
      { type: 'well-set', manifest, position: 'H12', sample: null, label: 'NEG_CONTROL', tags: [] },
      { type: 'well-remove', manifest, position: 'H12', fields: ['SAMPLE', 'TAGS'] },
    ]);
  });
  it('undoing a removal sets back exactly the removed fields', () => {
    const before = { ...emptyWell('B2'), sample: 'S-2', labsheet: 'Samples', label: 'SAMPLE', tags: ['qc'] };
    expect(
      inverseOf({ type: 'well-remove', manifest, position: 'B2', fields: ['TAGS', 'LABEL'] }, before, manifest),
    ).toEqual([{ type: 'well-set', manifest, position: 'B2', label: 'SAMPLE', tags: ['qc'] }]);
  });
});

describe('the undo history after an entry is taken out in the Outbox', () => {
  const fill = (entryId: number, position: string, sample: string, before = emptyWell(position)): ActionStep => {
    const forward = sampleIntent(manifest, position, { id: sample, labsheet: 'Samples' }, before);
    return { entryId, forward, inverse: inverseOf(forward, before, manifest), before };
  };
  const action = (what: string, ...steps: ActionStep[]): WellAction => ({ what, steps, cursorBefore: null });

  it('loses the step; an action left with none goes, the others stay as they were', () => {
    const a1 = action('S-1 → A1', fill(1, 'A1', 'S-1'));
    const a2 = action('S-2 → A2', fill(2, 'A2', 'S-2'));
    const both = action('two', fill(3, 'B1', 'S-3'), fill(4, 'B2', 'S-4'));
    expect(withoutEntries([a1, a2, both], new Set([2]))).toEqual([a1, both]);
    expect(withoutEntries([a1, a2, both], new Set([4]))).toEqual([a1, a2, { ...both, steps: [both.steps[0]] }]);
    expect(withoutEntries([a1, a2, both], new Set([9]))).toEqual([a1, a2, both]);
  });

  it('the next change of the same well now starts from what the taken-out one found, and its undo puts that back', () => {
    const first = fill(1, 'A1', 'S-1');
    const held = { ...emptyWell('A1'), sample: 'S-1', labsheet: 'Samples', label: 'SAMPLE' };
    const second = fill(2, 'A1', 'S-2', held);
    // Undone as it stood, the second change would put S-1 back: a sample the user took out in the Outbox.
    expect(second.inverse).toEqual([
      { type: 'well-set', manifest, position: 'A1', sample: { id: 'S-1', labsheet: 'Samples' } },
    ]);
    const [left] = withoutEntries([action('S-1 → A1', first), action('S-2 → A1', second)], new Set([1]));
    expect(left!.steps).toEqual([
      {
        ...second,
        before: emptyWell('A1'),
        inverse: [{ type: 'well-remove', manifest, position: 'A1', fields: ['SAMPLE'] }],
      },
    ]);
  });
  it('several entries of one well taken out at once: the next kept change starts from what the first of them found', () => {
    const full = (sample: string) => ({ ...emptyWell('A1'), sample, labsheet: 'Samples', label: 'SAMPLE' as const });
    const history = [
      action('S-1 → A1', fill(1, 'A1', 'S-1')),
      action('S-2 → A1', fill(2, 'A1', 'S-2', full('S-1'))),
      action('S-3 → A1', fill(3, 'A1', 'S-3', full('S-2'))),
    ];
    const [left] = withoutEntries(history, new Set([1, 2]));
    expect(left!.steps).toEqual([
      {
        ...history[2]!.steps[0],
        before: emptyWell('A1'),
        inverse: [{ type: 'well-remove', manifest, position: 'A1', fields: ['SAMPLE'] }],
      },
    ]);
  });

  it('taking out many at once leaves the history that taking them out one by one, in any order, leaves', () => {
    const rand = seededRandom(20261128);
    for (let round = 0; round < 200; round++) {
      let id = 0;
      const history = Array.from({ length: randInt(rand, 1, 12) }, (_, a) =>
        action(
          `edit ${a}`,
          ...Array.from({ length: randInt(rand, 1, 3) }, () =>
            fill(++id, `A${randInt(rand, 1, 3)}`, `S-${randInt(rand, 1, 9)}`),
          ),
        ),
      );
      const ids = [...new Set(Array.from({ length: randInt(rand, 0, id + 2) }, () => randInt(rand, 1, id + 2)))];
      const oneByOne = ids.reduce((d, n) => withoutEntries(d, new Set([n])), history);
      const backwards = [...ids].reverse().reduce((d, n) => withoutEntries(d, new Set([n])), history);
      expect(withoutEntries(history, new Set(ids))).toEqual(oneByOne);
      expect(backwards).toEqual(oneByOne);
    }
  });

  it('a "Discard all" of 500 fills reads each edit of the history a few times, not once per entry', () => {
    let reads = 0;
    const counted = (a: WellAction): WellAction => {
      const { steps, ...rest } = a;
      return Object.defineProperty({ ...rest }, 'steps', {
        get: () => (reads++, steps),
        enumerable: true,
      }) as WellAction;
    };
    const history = Array.from({ length: 500 }, (_, n) =>
      counted(action(`S-${n} → A${(n % 12) + 1}`, fill(n + 1, `A${(n % 12) + 1}`, `S-${n}`))),
    );
    const ids = new Set(history.map((_, n) => n + 1).filter((n) => n % 5 !== 0));
    const left = withoutEntries(history, ids);
    expect(left).toHaveLength(100);
    expect(reads).toBeLessThanOrEqual(history.length * 4);
  });
});

describe("the redo side after an undo's opposite change is taken out in the Outbox", () => {
  const step = (entryId: number, position: string, undoneBy?: number[]): ActionStep => {
    const before = emptyWell(position);
    const forward = sampleIntent(manifest, position, { id: 'S-1', labsheet: 'Samples' }, before);
    return {
      entryId,
      forward,
      inverse: inverseOf(forward, before, manifest),
      before,
      ...(undoneBy ? { undoneBy } : {}),
    };
  };
  const action = (what: string, ...steps: ActionStep[]): WellAction => ({ what, steps, cursorBefore: null });

  it('a step leaves once every entry of its opposite change is taken out; an action left with none goes', () => {
    const one = action('one', step(1, 'A1', [11]));
    const two = action('two', step(2, 'B1', [12, 13]), step(3, 'B2'));
    expect(withoutUndoEntries([one, two], new Set([11]))).toEqual([two]);
    const partly = withoutUndoEntries([one, two], new Set([12]));
    expect(partly).toEqual([one, { ...two, steps: [{ ...two.steps[0], undoneBy: [13] }, two.steps[1]] }]);
    expect(withoutUndoEntries(partly, new Set([13]))).toEqual([one, { ...two, steps: [two.steps[1]] }]);
  });

  it("the entries an undo cancelled (the steps' own) leave nothing: those steps are redone by queuing them again", () => {
    const cancelled = action('one', step(1, 'A1'));
    expect(withoutUndoEntries([cancelled], new Set([1]))).toEqual([cancelled]);
  });
});

describe('who changed a well since, as the refusal of an undo or redo says it', () => {
  const well = (w: Partial<Parameters<typeof changedBy>[0]>) => ({ sync: null, assigned: false, reason: null, ...w });
  it("never blames another bench for this computer's own change", () => {
    expect(changedBy(well({ assigned: true, sync: 'pending' }))).toBe('put there on Assign location on this computer');
    expect(changedBy(well({ sync: 'pending' }))).toMatch(/from this computer still waiting in the Outbox/);
    expect(changedBy(well({ sync: 'held' }))).toMatch(/from this computer held for a look/);
    const conflict = { said: 'This change conflicts with what the service holds now.', serviceSaid: 'Conflict (409)' };
    expect(changedBy(well({ sync: 'refused', reason: conflict }))).toMatch(
      /refused a change from this computer \(This change conflicts with what the service holds now\.\)/,
    );
    // Failed after repeated service errors, or its answer lost: not refused, and maybe on the service.
    expect(changedBy(well({ sync: 'unsure' }))).toBe(
      'by a change from this computer that may be on the service (see the Outbox)',
    );
    for (const sync of ['pending', 'held', 'refused', 'unsure'] as const)
      expect(changedBy(well({ sync }))).not.toMatch(/another bench/);
  });
  it('what the service shows may be another bench', () => {
    expect(changedBy(well({ sync: 'synced' }))).toMatch(/another bench/);
    expect(changedBy(well({}))).toMatch(/another bench/);
  });
});

describe('what an undo that could do only part of its work says', () => {
  const step = (entryId: number, position: string): ActionStep => {
    const before = emptyWell(position);
    const forward = sampleIntent(manifest, position, { id: `S-${entryId}`, labsheet: 'Samples' }, before);
    return { entryId, forward, inverse: inverseOf(forward, before, manifest), before };
  };
  const notRecorded = new Error('NOT RECORDED — The connection is now another service.');
  const none: readonly ActionStep[] = [];

  it('a refused step taken out of the Outbox is said to have been refused, not "not sent yet"', () => {
    const said = partlyUndone(
      'tags spun',
      { cancelled: [step(2, 'A2')], refused: [step(3, 'A3')], held: none, reversed: none, reversedWhy: [] },
      [step(1, 'A1')],
      notRecorded,
    );
    expect(said).toBe(
      '"tags spun" only partly undone: A2 taken back (not sent yet); A3 taken out of the Outbox (the service had ' +
        'refused it; nothing changed there); A1 not undone, its opposite change was not recorded: The connection is ' +
        'now another service. Press Undo again to try A1 again.',
    );
    expect(said).not.toMatch(/A3 taken back/);
  });

  it('held and reversed steps each say what became of them', () => {
    const said = partlyUndone(
      'tags spun',
      {
        cancelled: none,
        refused: none,
        held: [step(2, 'A2'), step(4, 'A4')],
        reversed: [step(3, 'A3')],
        reversedWhy: ['gave-up'],
      },
      [step(1, 'A1')],
      notRecorded,
    );
    expect(said).toMatch(
      /^"tags spun" only partly undone: A2 A4 taken out of the Outbox \(held for a look, so not sent; nothing changed there\); A3 taken out of the Outbox and the opposite change queued \(it had failed after repeated service errors, and the service may have made the change all the same\); A1 not undone/,
    );
  });

  it('a step reversed in the Outbox says the opposite change was queued', () => {
    expect(reversedInOutbox([step(1, 'A1')], ['gave-up'], 1)).toBe(
      'it had failed after repeated service errors, and the service may have made the change all the same, so it ' +
        'was taken out of the Outbox and the opposite change was queued',
    );
    expect(reversedInOutbox([step(2, 'A2')], ['gave-up'], 2)).toMatch(
      /^A2 had failed after .* so it was taken out of the Outbox/,
    );
    expect(reversedInOutbox([], [], 1)).toBe('');
  });

  it('a reversed step says how it may be on the service: held after a lost answer, or set aside for a newer change', () => {
    expect(reversedInOutbox([step(1, 'A1')], ['held'], 1)).toBe(
      'it had been held for a look after an earlier try of it got no answer, and the service may have made the ' +
        'change all the same, so it was taken out of the Outbox and the opposite change was queued',
    );
    expect(reversedInOutbox([step(1, 'A1')], ['superseded'], 1)).toBe(
      'it had been set aside for a newer change to the well, and the well on the service may hold it all the ' +
        'same, so it was taken out of the Outbox and the opposite change was queued',
    );
    expect(reversedInOutbox([step(1, 'A1')], ['put-back'], 1)).toBe(
      'it had not been made on the service, but the undo of your later change to the well put it back there, so ' +
        'it was taken out of the Outbox and the opposite change was queued',
    );
    expect(reversedInOutbox([step(1, 'A1'), step(2, 'A2')], ['held', 'gave-up'], 3)).toBe(
      'A1 A2 had failed or been set aside in ways after which the service may have made the change all the same, ' +
        'so they were taken out of the Outbox and the opposite change was queued',
    );
  });
});

describe('what an undo says of the plate read again after it', () => {
  it('offline: the wells are as last seen and may have changed', () => {
    expect(readAgainNote(['A1', 'B2'], { read: false })).toBe(
      '. The plate could not be read again from the service, so wells A1 B2 are drawn as last seen and may have ' +
        'changed at another bench: look before you put a tube there',
    );
  });
  it('a service that lists no wells: only when it counts wells filled elsewhere', () => {
    expect(readAgainNote(['A1'], { read: true, listed: false, unknown: 0, hrid: 'PL-0003' })).toBe('');
    expect(readAgainNote(['A1'], { read: true, listed: false, unknown: 2, hrid: 'PL-0003' })).toBe(
      '. The service does not list wells and 2 of PL-0003 were filled elsewhere, so well A1 may hold a tube from ' +
        'another bench: look before you put a tube there',
    );
  });
  it('a service that lists wells: what the changed ones hold, nothing when none changed', () => {
    const now = { ...emptyWell('A1'), sample: 'S-0009', labsheet: 'Samples', label: 'SAMPLE', sync: 'synced' as const };
    expect(readAgainNote(['A1'], { read: true, listed: true, changed: [{ position: 'A1', now }] })).toBe(
      '. Read again from the service: A1 holds S-0009',
    );
    expect(readAgainNote(['A1'], { read: true, listed: true, changed: [] })).toBe('');
  });
});
