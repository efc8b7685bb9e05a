import { describe, expect, it } from 'vitest';
import { timingOf } from '../../../../../renderer/workflows/settings/scan-test.js';

describe('"test your scanner" timing', () => {
  it('a burst with small gaps reads as a scanner', () => {
    expect(timingOf([0, 5, 10, 16, 21, 26])).toEqual({ keys: 6, durationMs: 26, maxGapMs: 6, verdict: 'scanner' });
  });
  it('human gaps read as typing, whatever the length', () => {
    expect(timingOf([0, 120, 260, 390, 500]).verdict).toBe('typing');
    expect(timingOf([0, 5]).verdict).toBe('typing');
  });
});
