import { describe, expect, it } from 'vitest';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * A tube moved out of a position, then a new tube scanned into that position, one scan at a time. The
 * real main in-process and its embedded sandbox (extended: it lists a box's wells; demo data: TB000n
 * is the row S-000n), which checks an assign-location against the box as it was before the request.
 */
const openBenches = benchesPerTest();

describe('Assign location, one scan at a time: a position an earlier move empties', () => {
  it('a position scanned first, then a tube the box has at another position: moved, the position it left recorded and free', async () => {
    const b = await openBenches('extended');
    const { s, scan } = b.assignScreen();
    await scan('BOX000001');
    await scan('TB000160');
    await b.sync();
    // Without a position scanned first it stays a duplicate, so a double read never moves a tube.
    await scan('TB000160');
    expect(b.said()).toBe(
      'Duplicate: TB000160 is already in A1; nothing recorded. To move it, scan its new position first.',
    );
    await scan('B2');
    await scan('TB000160');
    expect(b.said()).toBe('Moved TB000160 from A1 to B2');
    expect(s.assignments.map((a) => `${a.id}@${a.position} from ${a.from ?? '-'}`)).toEqual([
      'TB000160@A1 from -',
      'TB000160@B2 from A1',
    ]);
    const move = (await b.entries()).find((e) => e.state === 'pending')!;
    expect(move.intent).toMatchObject({ id: 'TB000160', position: 'B2', from: { position: 'A1' } });
    expect(s.whereIs('TB000160', null)?.position).toBe('B2');
    expect(s.isTaken('A1')).toBe(false);
    expect(s.targetPosition()).toBe('A1');
    await scan('A1');
    expect(b.said()).toBe('Next tube goes to A1');

    await b.sync();
    expect(await b.env.call('outbox.counts', {})).toMatchObject({ failed: 0, uncertain: 0, pending: 0 });
    expect([b.heldOnService('BOX000001', 'A1'), b.heldOnService('BOX000001', 'B2')]).toEqual([null, 'S-0160']);
  });

  it.each([
    ['the same ID type', 'TB000161'],
    ['another ID type', 'S-0161'],
  ])(
    'a tube moved to another box, then a new tube under %s into its old place: the new one is sent after the move, even when the move failed for a moment',
    async (_, newTube) => {
      const b = await openBenches('extended');
      await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
      const plate = b.assignScreen();
      await plate.scan('PLT000003');
      await plate.scan('TB000160');
      await b.sync();
      expect(b.heldOnService('PLT000003', 'A1')).toBe('S-0160');

      const box = b.assignScreen();
      await box.scan('BOX000001');
      // Offline: both go in the queue, the move first.
      b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
      await box.scan('TB000160');
      expect(b.said()).toMatch(/^TB000160 → BX-0001 .* A1$/);
      const again = b.assignScreen();
      await again.scan('PLT000003');
      // The page knows the move empties A1: the new tube is queued for it, not refused.
      await again.scan('A1');
      expect(b.said()).toBe('Next tube goes to A1');
      await again.scan(newTube);
      expect(b.said()).toMatch(new RegExp(`^${newTube} → PL-0003 .* A1$`));

      // The move's first send fails for a moment, and its lane is set aside for this drain. On the old
      // code the new tube went first and was refused (409: A1 still holds S-0160).
      b.proxy().setFaults([{ path: '/labsheets/assign-location', fault: { kind: 'status', status: 503 }, count: 1 }]);
      await b.sync();
      const listed = await b.entries();
      const move = listed.find((e) => e.summary.startsWith('TB000160 → BX-0001'))!;
      const put = listed.find((e) => e.summary.startsWith(`${newTube} → PL-0003`))!;
      expect(put.state).toBe('pending');
      expect(put.waiting).toMatch(
        new RegExp(
          `^Waiting for #${move.id} \\(TB000160 → .*\\), an older move of the tube that is in this position now to ` +
            'another place: the service refuses a tube into a position that still holds another one',
        ),
      );

      await b.sync();
      expect(await b.env.call('outbox.counts', {})).toMatchObject({ failed: 0, uncertain: 0, pending: 0 });
      expect(b.heldOnService('BOX000001', 'A1')).toBe('S-0160');
      expect(b.heldOnService('PLT000003', 'A1')).toBe('S-0161');
    },
  );
});
