import { describe, expect, it } from 'vitest';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * A command sheet's barcode read without its `#` (`CMD:UNDO`). The classifier takes it for an unknown
 * code, and on the old code Assign location looked it up as a tube: with the labsheet's rows unread it was
 * queued into the next position unasked (an Undo that put a tube named CMD:UNDO in the box), and online
 * it was asked about as a tube the labsheet lacks. The real main in-process with its embedded sandbox.
 */
const open = benchesPerTest();
const refused = (read: string) =>
  `${read} looks like a command sheet read without its #: nothing recorded, nothing done. Scan it again`;

describe('Assign location: a command barcode read without its #', () => {
  it('is refused with words, never queued, when the labsheet could not be read', async () => {
    const b = await open('spec');
    const { s, scan } = b.assignScreen();
    // The labsheet's rows never reached this computer: a tube not found is queued unasked.
    b.proxy().setFaults([{ path: '/labsheets/fetch-list-rows', fault: { kind: 'reset-before' } }]);
    await scan('BOX000001');
    const before = await b.queued();
    for (const read of ['CMD:UNDO', 'cmd:skip', 'CMD:NEXT_PLATE', 'CMD:LAYOUT:qPCR']) {
      await scan(read);
      expect(b.said()).toBe(refused(read));
    }
    expect(s.guard).toBeNull();
    expect(s.assignments).toEqual([]);
    expect(await b.queued()).toBe(before);
    expect(s.targetPosition()).toBe('A1');
  });

  it('is not asked about as a tube online; a code that only starts like one is still a tube', async () => {
    const b = await open('spec');
    const { s, scan } = b.assignScreen();
    await scan('BOX000001');
    await scan('CMD:UNDO');
    expect(s.guard).toBeNull();
    expect(b.said()).toBe(refused('CMD:UNDO'));
    await scan('CMD:FOO');
    expect(s.guard?.kind).toBe('unknown-sample');
  });
});
