import { describe, expect, it } from 'vitest';
import { movedAwayFrom } from '../../../../main/cache/moved-tubes.js';
import { assign, fakeNow } from '../outbox/helpers.js';
import { outboxPerTest } from '../sync/outbox-per-test.js';

/**
 * Which of this computer's moves take a box's listed tubes elsewhere (read-cache's `movedAway`): each
 * listed tube's newest move that did or may happen, when it goes to another location and the reading
 * predates it. The real outbox file; a listed tube's names as the saved rows would give them.
 */
const clock = fakeNow();
const o = outboxPerTest(clock.now);
const box = {
  uuid: 'BOX',
  wells: [
    { sample: { id: 'S-1', labsheet: 'Samples' } },
    { sample: { id: 'S-2', labsheet: 'Samples' } },
    { sample: null },
  ],
};
const names = (_labsheet: string, id: string) => (id === 'S-1' ? ['S-1', 'TB1'] : [id]);
const refused = { kind: 'conflict' as const, message: 'taken', at: 1 };

describe('movedAwayFrom', () => {
  it('a waiting move of a listed tube to another box, under another of its names', () => {
    const away = o.outbox.enqueue(assign('TB1', 'A1', 'OTHER'));
    expect(movedAwayFrom(o.outbox, box, clock.now(), names).map((e) => e.id)).toEqual([away]);
  });

  it('not when a newer move puts it back in this box, nor for a tube the box does not list', () => {
    o.outbox.enqueue(assign('TB1', 'A1', 'OTHER'));
    o.outbox.enqueue(assign('S-1', 'B3', 'box'));
    o.outbox.enqueue(assign('S-9', 'A1', 'OTHER'));
    expect(movedAwayFrom(o.outbox, box, 0, names)).toEqual([]);
  });

  it('a refused move never happened; the one before it still counts', () => {
    const first = o.outbox.enqueue(assign('S-2', 'A1', 'OTHER'));
    const second = o.outbox.enqueue(assign('S-2', 'A2', 'THIRD'));
    o.outbox.settle([{ id: second, state: 'failed', error: refused }]);
    expect(movedAwayFrom(o.outbox, box, 0, names).map((e) => e.id)).toEqual([first]);
  });

  it('a confirmed move counts only when the reading predates it', () => {
    const away = o.outbox.enqueue(assign('S-2', 'A1', 'OTHER'));
    o.outbox.settle([{ id: away, state: 'done' }]);
    const confirmedAt = clock.now();
    clock.advance(1000);
    expect(movedAwayFrom(o.outbox, box, confirmedAt - 1, names).map((e) => e.id)).toEqual([away]);
    expect(movedAwayFrom(o.outbox, box, clock.now(), names)).toEqual([]);
  });
});
