import { describe, expect, it } from 'vitest';
import { coalesceAssignments } from '../../../../main/sync/coalesce.js';
import type { LocationAssignIntent } from '../../../../shared/outbox/intents.js';
import { assign } from '../outbox/helpers.js';

/**
 * A service that echoes a tube's ID in another letter case than it was sent (`tb1` for `TB1`). On the old
 * code a batch of two or more tubes matched the answer exactly, so every tube of it (a whole rack file)
 * was "may or may not have moved it; look at the box" though the service had saved each one.
 */
const tag = (intents: unknown[]) => intents.map((intent, i) => ({ id: i + 1, intent: intent as LocationAssignIntent }));

describe('an assign-location answer that spells the tubes in another case', () => {
  it('is matched by case when only one tube sent can be meant: every tube of the batch is done', () => {
    const c = coalesceAssignments(tag([assign('TB1', 'A1'), assign('TB2', 'A2'), assign('Tb3', 'A3')]));
    const out = c.outcomes({
      success: true,
      assignedPositions: [
        { id: 'tb1', position: 'A1' },
        { id: 'TB2', position: 'A2' },
        { id: 'TB3', position: 'A3' },
      ],
    });
    expect(out).toEqual([
      { id: 1, ok: true },
      { id: 2, ok: true },
      { id: 3, ok: true },
    ]);
  });

  it('found by case at another position than asked, it is said as the service answered it', () => {
    const c = coalesceAssignments(tag([assign('TB1', 'A1'), assign('TB2', 'A2')]));
    const out = c.outcomes({
      success: true,
      assignedPositions: [
        { id: 'tb1', position: 'B7' },
        { id: 'tb2', position: 'A2' },
      ],
    });
    expect(out[0]).toMatchObject({
      ok: false,
      refused: true,
      message: expect.stringMatching(/^The service answered TB1 with "B7"/),
    });
    expect(out[1]).toEqual({ id: 2, ok: true });
  });

  it('two tubes sent that differ only in case are matched exactly, never by case', () => {
    const c = coalesceAssignments(tag([assign('TB1', 'A1'), assign('tb1', 'A2')]));
    // Each answered as sent: each its own.
    expect(
      c
        .outcomes({
          success: true,
          assignedPositions: [
            { id: 'TB1', position: 'A1' },
            { id: 'tb1', position: 'A2' },
          ],
        })
        .map((o) => o.ok),
    ).toEqual([true, true]);
    // An answer in a third spelling could be either: neither is taken as confirmed.
    const out = c.outcomes({
      success: true,
      assignedPositions: [
        { id: 'TB1', position: 'A1' },
        { id: 'Tb1', position: 'A2' },
      ],
    });
    expect(out[0]).toEqual({ id: 1, ok: true });
    expect(out[1]).toMatchObject({ ok: false, unsure: true });
  });

  it('an answer that already matches a tube exactly is not taken for another tube by case', () => {
    const c = coalesceAssignments(tag([assign('TB1', 'A1'), assign('X2', 'A2')]));
    const out = c.outcomes({ success: true, assignedPositions: [{ id: 'TB1', position: 'A1' }] });
    expect(out.map((o) => o.ok)).toEqual([true, false]);
  });

  it('one tube answered under two spellings but its own is not taken as confirmed', () => {
    const c = coalesceAssignments(tag([assign('TB1', 'A1'), assign('TB2', 'A2')]));
    const out = c.outcomes({
      success: true,
      assignedPositions: [
        { id: 'tb1', position: 'A1' },
        { id: 'Tb1', position: 'B1' },
        { id: 'TB2', position: 'A2' },
      ],
    });
    expect(out[0]).toMatchObject({ ok: false, unsure: true });
    expect(out[1]).toEqual({ id: 2, ok: true });
  });
});
