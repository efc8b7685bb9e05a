import { describe, expect, it } from 'vitest';
import { onBenchClock } from '../../../shared/bench-clock.js';
import { readableValue } from '../../../renderer/workflows/row-update/field-types.js';

/** One reading of a service's time stamps for main's held-plate reason and the renderer's row fields. */
describe("a service's ISO stamp on the bench's clock", () => {
  const stamp = '2026-11-24T04:20:09.619Z';

  it('with seconds where two changes are told apart, without where a person only reads the time', () => {
    const withSeconds = onBenchClock(stamp, { seconds: true, locale: 'en-GB' });
    const withoutSeconds = onBenchClock(stamp, { seconds: false, locale: 'en-GB' });
    expect(withSeconds).toMatch(/24 Nov 2026, \d{2}:\d{2}:09$/);
    expect(withoutSeconds).toMatch(/24 Nov 2026, \d{2}:\d{2}$/);
    // The same instant: the bench's hour and minute, not the stamp's UTC text.
    expect(withSeconds!.slice(0, -3)).toBe(withoutSeconds);
    expect(withSeconds).not.toContain('T04');
  });

  it('text that is not an ISO date-time is no stamp: a date alone, a time past the calendar, words', () => {
    for (const text of ['2026-11-24', '2026-13-45T99:99', 'last Tuesday', '', ' 2026-11-24T04:20'])
      expect(onBenchClock(text, { seconds: true })).toBeNull();
  });

  it("a row field says a stamp on the bench's clock and any other text as the service wrote it", () => {
    expect(readableValue(stamp, 'en-GB')).toBe(onBenchClock(stamp, { seconds: false, locale: 'en-GB' }));
    expect(readableValue('2026-13-45T99:99', 'en-GB')).toBe('2026-13-45T99:99');
    expect(readableValue(12.5)).toBe('12.5');
    expect(readableValue(null)).toBe('');
  });
});
