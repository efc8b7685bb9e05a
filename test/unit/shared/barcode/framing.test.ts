import { describe, expect, it } from 'vitest';
import { endsWithSuffix, unframe } from '../../../../shared/barcode/framing.js';

describe("a scanner's programmed prefix and suffix", () => {
  const framing = { prefix: '~', suffix: '*' };

  it('are taken off a read that has them, one each, and nothing else', () => {
    expect(unframe('~TB000011*', framing)).toBe('TB000011');
    expect(unframe('~TB000011', framing)).toBe('TB000011');
    expect(unframe('TB000011*', framing)).toBe('TB000011');
    // A code whose own data begins with the prefix keeps the rest: one prefix only.
    expect(unframe('~~A1*', framing)).toBe('~A1');
  });

  it('leave a code typed by hand as typed, and a read that is only the framing as read', () => {
    expect(unframe('TB000011', framing)).toBe('TB000011');
    expect(unframe('~', framing)).toBe('~');
    expect(unframe('*', framing)).toBe('*');
    expect(unframe('~TB1*', { prefix: '', suffix: '' })).toBe('~TB1*');
  });

  it('a read typed so far ends at the suffix, not at a suffix alone', () => {
    expect(endsWithSuffix('TB000011*', framing)).toBe(true);
    expect(endsWithSuffix('*', framing)).toBe(false);
    expect(endsWithSuffix('TB000011', framing)).toBe(false);
    expect(endsWithSuffix('TB000011*', { prefix: '', suffix: '' })).toBe(false);
  });
});
