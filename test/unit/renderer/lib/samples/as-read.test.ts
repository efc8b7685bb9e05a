import { describe, expect, it } from 'vitest';
import { asRead, missWorthAsking, surelyNotInLabsheet } from '../../../../../renderer/lib/samples/tube-row.js';

describe('asRead: when the rows a tube was not found in were read', () => {
  it('says how long ago, and when they were the saved copy because the service could not be reached', () => {
    expect(asRead({ readAt: 10_000, fromCache: false, partial: false }, 14_000)).toBe(' as read 4 s ago');
    expect(asRead({ readAt: 0, fromCache: true, partial: false }, 180_000)).toBe(
      ' as saved 3 min ago (the service could not be reached)',
    );
    expect(asRead({ readAt: null, fromCache: true, partial: false }, 1)).toBe('');
  });

  it('says when the rows were only part of the labsheet: a tube past them is asked about, never refused as absent', () => {
    const part = { readAt: 10_000, fromCache: false, partial: true };
    expect(asRead(part, 14_000)).toBe(' as read 4 s ago, which was only part of it: its row may be past the rows read');
    expect(missWorthAsking(part)).toBe(true);
    expect(surelyNotInLabsheet(part)).toBe(false);
    // Offline the saved part gets the benefit of the doubt, as any saved copy does.
    expect(missWorthAsking({ ...part, fromCache: true })).toBe(false);
    expect(surelyNotInLabsheet({ ...part, partial: false })).toBe(true);
  });
});
