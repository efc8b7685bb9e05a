import { describe, expect, it } from 'vitest';
import { SHOWN_READ_CHARS, shortRead } from '../../../../../renderer/lib/feedback/short-read.js';

describe('the scanned code on the last-scan line', () => {
  it('is shown whole up to the limit', () => {
    const code = 'X'.repeat(SHOWN_READ_CHARS);
    expect(shortRead(code)).toBe(code);
  });

  it('a read refused for its length is cut short, so the reason after it is seen', () => {
    const shown = shortRead('A'.repeat(600));
    expect([...shown]).toHaveLength(SHOWN_READ_CHARS);
    expect(shown.endsWith('…')).toBe(true);
  });
});
