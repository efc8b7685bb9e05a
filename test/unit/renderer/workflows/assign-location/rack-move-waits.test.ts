import { describe, expect, it } from 'vitest';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * A rack file that moves a tube away and puts a new tube where it was, when the box's record has the
 * moved tube at two positions (another bench assigned it to A1, then filled A2 with the same sample as
 * a plate's well). The move saved says it leaves the position the record lists last (A2), while the
 * service takes the tube out of A1, where it was assigned: no saved move says it leaves A1, so the sync
 * could not hold a new tube into A1 back behind it, and the service refuses a tube into a position its
 * record still fills. The new tube is not queued, and the rack panel says it waits for the move (the
 * only way to that panel: rack-check.ts blockedBy). Another bench writes to the sandbox over HTTP, not through main; the
 * real main in-process and its embedded sandbox (extended answers: it lists a box's wells; demo data:
 * TB000n is the row S-000n).
 */
const openBenches = benchesPerTest();

const csv = (...lines: string[]) => ['Position,Barcode', ...lines].join('\n');

describe('a rack file that puts a new tube where the record has the moved tube at two positions', () => {
  it('saves the move, does not queue the new tube, says it waits for the move, and saves it once the move is sent', async () => {
    const b = await openBenches('extended');
    await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
    await b.otherAssigns('BOX000001', 'A1', 'S-0160');
    await b.otherPuts('BOX000001', 'A2', 'S-0160');
    expect([b.heldOnService('BOX000001', 'A1'), b.heldOnService('BOX000001', 'A2')]).toEqual(['S-0160', 'S-0160']);
    const { s, scan } = b.assignScreen();
    await scan('BOX000001');
    const before = await b.queued();

    expect(await s.rack.importText(csv('A1,TB000161', 'B2,TB000160'))).toEqual({
      text:
        '1 tube saved from the rack file; 1 tube moved within the box (TB000160 A2 → B2); 1 tube waits for a ' +
        'move (TB000161 into A1): the file moves the tube there now to another position, and a position can ' +
        "take a new tube only once that move is sent; the box's record has that tube in another position too, " +
        'so Benchlink cannot hold the new one back until then by itself. When the Outbox shows the move sent, ' +
        'choose the rack file again',
      ok: false,
    });
    expect(s.rack.waiting).toEqual([expect.objectContaining({ position: 'A1', raw: 'TB000161', afterMove: true })]);
    expect(s.rack.waiting[0]!.reason).toBe(
      'A1 is not empty (S-0160 is in it); the file moves S-0160 to B2: once that move is sent (see the Outbox), ' +
        'choose the rack file again',
    );
    expect(s.rack.taken).toEqual([]);
    expect(s.rescan).toEqual([]);
    // Only the move is queued: the new tube is nowhere in the Outbox.
    expect(await b.queued()).toBe(before + 1);
    const summaries = (await b.entries()).map((e) => e.summary);
    expect(summaries.filter((t) => t.startsWith('TB000160 →'))).toHaveLength(1);
    expect(summaries.filter((t) => t.includes('TB000161'))).toEqual([]);

    // As the panel says: once the move is sent (the service takes the tube out of A1, where it had
    // assigned it), the file chosen again saves the new tube into A1, and it is sent there.
    await b.sync();
    expect(await b.env.call('outbox.counts', {})).toMatchObject({ pending: 0, failed: 0, uncertain: 0 });
    expect([b.heldOnService('BOX000001', 'A1'), b.heldOnService('BOX000001', 'B2')]).toEqual([null, 'S-0160']);
    await scan('BOX000001');
    expect(await s.rack.importText(csv('A1,TB000161', 'B2,TB000160'))).toEqual({
      text: '1 tube saved from the rack file; 1 already in this box, passed over',
      ok: true,
    });
    expect(s.rack.waiting).toEqual([]);
    await b.sync();
    expect(b.heldOnService('BOX000001', 'A1')).toBe('S-0161');
  });
});
