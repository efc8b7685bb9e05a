import { describe, expect, it } from 'vitest';
import type { BenchlinkApi } from '../../../../../shared/ipc/api.js';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * A rack file's position to rescan that holds a tube: a read that could not be looked up where the
 * box's record already has one, and a position listed to rescan that another bench fills before the
 * rescan. On the real main in-process and its embedded sandbox (extended answers: it lists a box's
 * wells; demo data: TB000n is the row S-000n), reached through the fault proxy.
 */
const openBenches = benchesPerTest();

const csv = (...lines: string[]) => ['Position,Barcode', ...lines].join('\n');

/** What every position A1–A5 of BOX000001 holds on the service. */
const rowA = (b: Awaited<ReturnType<typeof openBenches>>) =>
  ['A1', 'A2', 'A3', 'A4', 'A5'].map((p) => b.heldOnService('BOX000001', p));

describe('a rack file position to rescan that already holds a tube', () => {
  it('a read that could not be looked up where the record has a tube is not listed to rescan: the summary names the tube to check by eye', async () => {
    const b = await openBenches('extended');
    await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
    const first = b.assignScreen();
    await first.scan('BOX000001');
    await first.scan('TB000120');
    await b.sync();
    // Main cannot look the rack's new tubes up (the page lost it for a moment): the page's index still
    // knows the labsheet's tubes, so only the reads it does not hold fail.
    const lost: BenchlinkApi = {
      invoke: ((channel, payload) =>
        channel === 'cache.rows'
          ? Promise.resolve({ ok: false, error: { code: 'disconnected', message: 'Benchlink did not answer' } })
          : b.env.api.invoke(channel, payload)) as BenchlinkApi['invoke'],
      subscribe: b.env.api.subscribe,
    };
    const { s, scan } = b.assignScreen(lost);
    await scan('BOX000001');
    await expect.poll(() => s.samples.size).toBeGreaterThan(0);

    // A1 holds TB000120; A2 is free.
    const said = await s.rack.importText(csv('A1,TB999401', 'A2,TB999402', 'A3,TB000121'));
    expect(said).toEqual({
      text:
        '1 tube saved from the rack file; 1 position to rescan: A2; A1 was read as TB999401, which could not be ' +
        "looked up (Benchlink did not answer), and the box's record already has TB000120 there: check it by eye " +
        '(nothing to rescan there)',
      ok: false,
    });
    expect(s.rescan).toEqual(['A2']);
    expect(s.rack.bad.map((x) => x.position)).toEqual(['A2']);

    // The rescan goes to A2, the tube after it to the next free position: none over TB000120 in A1.
    await scan('TB000122');
    expect(b.said()).toMatch(/^TB000122 → BX-0001 .* A2$/);
    await scan('TB000123');
    expect(b.said()).toMatch(/^TB000123 → BX-0001 .* A4$/);
    await b.sync();
    expect(await b.env.call('outbox.counts', {})).toMatchObject({ failed: 0, uncertain: 0, pending: 0 });
    expect(rowA(b)).toEqual(['S-0120', 'S-0122', 'S-0121', 'S-0123', null]);
  });

  it('a position to rescan that is filled before the rescan takes no tube: the scan is refused, says what is there, and the next one goes on', async () => {
    const b = await openBenches('extended');
    await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
    const { s, scan } = await b.assignScreenOnFilledBox('BOX000001', ['TB000120']);
    await s.rack.importText(csv('A1,TB000120', 'A2,NOREAD', 'A3,NOREAD', 'A4,TB000121'));
    expect(s.rescan).toEqual(['A2', 'A3']);

    // Another bench puts a tube in A2 meanwhile; the box is read again (the screen shown again).
    await b.otherAssigns('BOX000001', 'A2', 'S-0099');
    await s.refreshHoldings();

    const before = await b.queued();
    await scan('TB000122');
    expect(b.said()).toBe(
      'NOT RECORDED: TB000122 was not put in A2, which the rack file listed to rescan: A2 is not empty ' +
        '(S-0099 is in it). Check A2 by eye (it is off the list to rescan); scan TB000122 again to put it in A3',
    );
    expect(await b.queued()).toBe(before);
    expect(s.rescan).toEqual(['A3']);
    expect(s.rack.bad.find((x) => x.position === 'A2')).toMatchObject({ taken: true });
    expect(s.rack.bad.find((x) => x.position === 'A2')?.reason).toContain(
      'since then A2 is not empty (S-0099 is in it): check it by eye',
    );

    await scan('TB000122');
    expect(b.said()).toMatch(/^TB000122 → BX-0001 .* A3$/);
    await b.sync();
    expect(await b.env.call('outbox.counts', {})).toMatchObject({ failed: 0, uncertain: 0, pending: 0 });
    expect(rowA(b)).toEqual(['S-0120', 'S-0099', 'S-0122', 'S-0121', null]);
  });
});
