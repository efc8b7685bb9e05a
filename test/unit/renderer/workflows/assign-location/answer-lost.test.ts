import { describe, expect, it } from 'vitest';
import type { BenchlinkApi } from '../../../../../shared/ipc/api.js';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * A tube whose queueing main answered, the answer lost on the way back to the page (`disconnected`, as
 * the browser host's socket says after its own tries), on the real main in-process and its embedded
 * sandbox (demo data: TB000n is the row S-000n). On the old code the next tube was queued into the
 * position the first may hold: the page neither read the box again nor moved the next position on.
 */
const open = benchesPerTest();
const LOST = { ok: false as const, error: { code: 'disconnected' as const, message: 'Benchlink did not answer' } };

/** A screen whose next enqueue loses main's answer: after main committed it (`after`), or before main had it. */
async function losingScreen(when: 'after' | 'before') {
  const b = await open('spec');
  let lose = false;
  const api: BenchlinkApi = {
    invoke: (async (channel: string, payload: unknown) => {
      if (channel !== 'outbox.enqueue' || !lose) return b.env.api.invoke(channel as 'outbox.enqueue', payload as never);
      lose = false;
      if (when === 'after') await b.env.api.invoke('outbox.enqueue', payload as never);
      return LOST;
    }) as BenchlinkApi['invoke'],
    subscribe: b.env.api.subscribe,
  };
  const screen = b.assignScreen(api);
  await screen.scan('BOX000001');
  await expect.poll(() => screen.s.samples.size).toBeGreaterThan(0);
  return { b, ...screen, loseNext: () => (lose = true) };
}

describe('Assign location: a tube whose answer from main was lost', () => {
  it('saved by main: its position is held, the next tube goes past it, and the tube scanned again is where it went', async () => {
    const { b, s, scan, loseNext } = await losingScreen('after');
    loseNext();
    await expect(scan('TB000101')).rejects.toThrow('Benchlink did not answer');
    expect(s.targetPosition()).toBe('A2');
    expect(s.heldNotes()).toEqual([
      'TB000101 in A1: Benchlink did not answer, so it may or may not have been saved. The next tube goes past ' +
        'that position until the box is read again; look in the Outbox before you scan it again',
    ]);

    await scan('TB000102');
    expect(b.said()).toBe('TB000102 → BX-0001 Freezer Box 1 A2');
    // The box read again before it: main has TB000101 in A1, so the note has gone.
    expect(s.heldNotes()).toEqual([]);
    await scan('TB000101');
    expect(b.said()).toMatch(/^Duplicate: TB000101 is already in A1/);

    await b.sync();
    expect(await b.env.call('outbox.counts', {})).toMatchObject({ failed: 0, uncertain: 0, pending: 0 });
    expect(b.heldOnService('BOX000001', 'A1')).not.toBeNull();
    expect(b.heldOnService('BOX000001', 'A2')).not.toBeNull();
  });

  it('not saved by main: once the box is read again its position takes the next tube', async () => {
    const { b, s, scan, loseNext } = await losingScreen('before');
    loseNext();
    await expect(scan('TB000103')).rejects.toThrow('Benchlink did not answer');
    expect(s.targetPosition()).toBe('A2');
    await scan('TB000104');
    expect(b.said()).toBe('TB000104 → BX-0001 Freezer Box 1 A1');
    expect(s.heldNotes()).toEqual([]);
  });

  it('a position the rack file listed to rescan goes back on the list when the tube was not saved', async () => {
    const { s, scan, loseNext } = await losingScreen('before');
    await s.rack.importText(['Position,Barcode', 'A1,TB000120', 'A2,NOREAD', 'A3,TB000121'].join('\n'));
    expect(s.rescan).toEqual(['A2']);
    loseNext();
    await expect(scan('TB000122')).rejects.toThrow('Benchlink did not answer');
    expect(s.rescan).toEqual([]);
    expect(s.targetPosition()).toBe('A4');
    await s.refreshHoldings();
    expect(s.rescan).toEqual(['A2']);
    expect(s.targetPosition()).toBe('A2');
  });
});
