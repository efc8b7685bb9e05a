import { describe, expect, it } from 'vitest';
import { whenSaid } from '../../../../../renderer/lib/format/day.js';

/** The Outbox's When column said only the time: an entry failing since Friday read as today's. */
describe('whenSaid', () => {
  const now = new Date(2026, 10, 27, 15, 0);
  it('today: the time alone', () => {
    const at = new Date(2026, 10, 27, 9, 5);
    expect(whenSaid(at, now)).toBe(at.toLocaleTimeString());
  });
  it('another day: its date before the time', () => {
    const at = new Date(2026, 10, 20, 17, 30);
    expect(whenSaid(at, now)).toBe(`2026-11-20 ${at.toLocaleTimeString()}`);
  });
});
