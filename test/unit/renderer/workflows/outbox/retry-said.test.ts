import { describe, expect, it } from 'vitest';
import { retryTakenSaid } from '../../../../../renderer/workflows/outbox/retry-said.js';

/**
 * Retry and "Send anyway" only queue the entry again: offline, or behind others, it is not sent yet. The
 * old words after "Send anyway" said "Sent over the plate as it is now" at once, while nothing had gone.
 */
describe('the words after Retry or Send anyway', () => {
  it('say what will happen, never that it was sent', () => {
    for (const held of [true, false]) expect(retryTakenSaid(held)).toMatch(/^Will be/);
    expect(retryTakenSaid(true)).toBe('Will be sent over the plate as it is now');
  });
});
