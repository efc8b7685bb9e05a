import { describe, expect, it } from 'vitest';
import { openChangesSaid, openTotal } from '../../../../../renderer/lib/outbox/open-changes.js';

describe("a service's open changes in words", () => {
  it('says apart what a switch back sends and what waits for a retry or a decision', () => {
    const c = { waiting: 2, failed: 1, uncertain: 3 };
    expect(openTotal(c)).toBe(6);
    expect(openChangesSaid(c, 'Lab A')).toEqual([
      '2 changes are waiting to be sent to Lab A: sent when you switch back to it in Settings',
      '1 failed change for Lab A: not sent until you retry it in the Outbox',
      '3 changes for Lab A may or may not have arrived: resend or mark done in the Outbox',
    ]);
  });

  it('never calls a failed change "waiting to be sent"', () => {
    const said = openChangesSaid({ waiting: 0, failed: 2, uncertain: 0 }, 'Lab A').join(' ');
    expect(said).toBe('2 failed changes for Lab A: not sent until you retry them in the Outbox');
    expect(said).not.toContain('waiting');
  });
});
