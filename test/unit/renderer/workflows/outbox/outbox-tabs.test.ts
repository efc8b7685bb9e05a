import { describe, expect, it } from 'vitest';
import { moreThanListedSaid, TAB_LIMIT } from '../../../../../renderer/workflows/outbox/outbox-tabs.js';

describe('Outbox tabs: more entries than a tab lists', () => {
  it('says how many of how many, and what lets the next ones in, in the words of the tab', () => {
    expect(moreThanListedSaid('refused', TAB_LIMIT, 612)).toBe(
      'Showing the oldest 500 of 612 entries in "Refused": correct (Edit) or discard these first, and the next ones show here.',
    );
    expect(moreThanListedSaid('held', TAB_LIMIT, 501)).toBe(
      'Showing the oldest 500 of 501 entries in "Needs a look": send these anyway or discard them first, and the next ones show here.',
    );
    expect(moreThanListedSaid('uncertain', TAB_LIMIT, 700)).toMatch(
      /^Showing the oldest 500 of 700 entries in "Unsure whether it arrived": say for these first whether they arrived/,
    );
  });

  it('says nothing when the tab lists all it has', () => {
    expect(moreThanListedSaid('refused', 499, 499)).toBeNull();
    expect(moreThanListedSaid('refused', TAB_LIMIT, TAB_LIMIT)).toBeNull();
  });

  it('when main could not say how many, still says there are more than it lists', () => {
    expect(moreThanListedSaid('failed', TAB_LIMIT, null)).toMatch(
      /^Showing the oldest 500 of more entries in "Failed"/,
    );
  });

  it('Recently sent is a glance back: no count of older ones', () => {
    expect(moreThanListedSaid('done', TAB_LIMIT, 900)).toBeNull();
  });
});
