import { describe, expect, it } from 'vitest';
import { timingOf } from '../../../../../renderer/workflows/settings/scan-test.js';

describe('"test your scanner" timing', () => {
  it('a burst with small gaps reads as a scanner that fits the USB profile', () => {
    expect(timingOf([0, 5, 10, 16, 21, 26])).toEqual({
      keys: 6,
      durationMs: 26,
      maxGapMs: 6,
      verdict: 'scanner',
      fits: 'usb',
    });
  });
  it('a scanner at 30 ms per key still fits USB (35 ms); at 50 ms it needs the Bluetooth profile', () => {
    expect(timingOf([0, 30, 60, 90, 120]).fits).toBe('usb');
    expect(timingOf([0, 45, 95, 140, 190]).fits).toBe('bluetooth');
    expect(timingOf([0, 45, 95, 140, 190]).verdict).toBe('typing');
  });
  it('human gaps read as typing, whatever the length, and suggest no profile', () => {
    expect(timingOf([0, 120, 260, 390, 500])).toMatchObject({ verdict: 'typing', fits: null });
    expect(timingOf([0, 5])).toMatchObject({ verdict: 'typing', fits: null });
  });
});
