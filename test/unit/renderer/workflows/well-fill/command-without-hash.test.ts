import { describe, expect, it } from 'vitest';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * A command sheet's barcode read without its `#` (`CMD:UNDO`: a scanner that drops the first character,
 * a worn label) on Well fill, on the real main in-process with its embedded sandbox. Assign location
 * refused it; on the old code Well fill took it for a tube: with the labsheet's rows unread it was queued
 * into the next well unasked (an Undo that put a sample named CMD:UNDO on the plate), online it was asked
 * about as a sample the labsheet lacks, and with no plate open it was looked up as a plate.
 */
const open = benchesPerTest();
const refused = (read: string) =>
  `${read} looks like a command sheet read without its #: nothing recorded, nothing done. Scan it again`;

describe('Well fill: a command barcode read without its #', () => {
  it('is refused in the words Assign location uses, and nothing is queued, when the labsheet could not be read', async () => {
    const b = await open('spec');
    // The labsheet's rows never reached this computer: a tube not found is placed unasked.
    b.proxy().setFaults([{ path: '/labsheets/fetch-list-rows', fault: { kind: 'reset-before' } }]);
    await b.scan('PLT000003');
    expect(b.s.cursor).toBe('A1');
    const before = await b.queued();
    for (const read of ['CMD:UNDO', 'cmd:skip', 'CMD:NEXT_PLATE', 'CMD:LAYOUT:qPCR NTC']) {
      await b.scan(read);
      expect(b.said()).toBe(refused(read));
    }
    expect(b.s.guard).toBeNull();
    expect(b.s.wells['A1']?.sample ?? null).toBeNull();
    expect(b.s.cursor).toBe('A1');
    expect(await b.queued()).toBe(before);
    // The same read on Assign location, word for word: one rule, one set of words.
    const { s, scan } = b.assignScreen();
    await scan('BOX000001');
    await scan('CMD:UNDO');
    expect(b.said()).toBe(refused('CMD:UNDO'));
    expect(s.assignments).toEqual([]);
    expect(await b.queued()).toBe(before);
  });

  it('is not asked about as a sample online, nor looked up as a plate; a code that only starts like one still is', async () => {
    const b = await open('spec');
    await b.scan('CMD:DONE');
    expect(b.said()).toBe(refused('CMD:DONE'));
    expect(b.s.plate).toBeNull();
    await b.scan('PLT000003');
    await b.scan('CMD:UNDO');
    expect(b.s.guard).toBeNull();
    expect(b.said()).toBe(refused('CMD:UNDO'));
    await b.scan('CMD:FOO');
    expect(b.s.guard?.kind).toBe('unknown-sample');
  });

  it('a question waiting stays, for the scan made again to answer it', async () => {
    const b = await open('spec');
    await b.scan('PLT000003');
    await b.scan('CMD:FOO');
    expect(b.s.guard?.kind).toBe('unknown-sample');
    await b.scan('CMD:CANCEL');
    expect(b.said()).toBe(refused('CMD:CANCEL'));
    expect(b.s.guard?.kind).toBe('unknown-sample');
  });
});
