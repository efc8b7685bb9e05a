import { describe, expect, it } from 'vitest';
import { asRead } from '../../../../../renderer/lib/samples/tube-row.js';

describe('asRead: when the rows a tube was not found in were read', () => {
  it('says how long ago, and when they were the saved copy because the service could not be reached', () => {
    expect(asRead({ readAt: 10_000, fromCache: false }, 14_000)).toBe(' as read 4 s ago');
    expect(asRead({ readAt: 0, fromCache: true }, 180_000)).toBe(
      ' as saved 3 min ago (the service could not be reached)',
    );
    expect(asRead({ readAt: null, fromCache: true }, 1)).toBe('');
  });
});
